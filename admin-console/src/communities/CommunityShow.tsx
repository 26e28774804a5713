import { Box, LinearProgress, Link, Stack, Typography } from '@mui/material';
import { Show, useRecordContext } from 'react-admin';
import type { AdminCommunityDetail } from '@circuit/shared/api/admin-communities';
import { AdminsPanel } from './AdminsPanel';
import { plural } from './plural';
import { MessagesPanel } from './MessagesPanel';
import { RemovedPanel } from './RemovedPanel';
import { useCommunityActions } from './useCommunityActions';

function CommunityDetail() {
  const community = useRecordContext<AdminCommunityDetail>();
  const actions = useCommunityActions(community?.id ?? '');
  // The list's row stands in for the record until the full one arrives: it has counts only.
  if (!community?.members) return <LinearProgress aria-label="Loading the community" />;
  return (
    <Box sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography variant="h6" component="h2">
        {community.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {plural(community.participants, 'participant')} · {plural(community.messages, 'message')} ·{' '}
        <Link href={`/hackathons/${encodeURIComponent(community.slug)}`} target="_blank" rel="noopener">
          Open the hackathon
        </Link>
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mt: 2, alignItems: 'flex-start' }}>
        <Box sx={{ flex: 2, minWidth: 0, width: '100%' }}>
          <MessagesPanel messages={community.recentMessages} total={community.messages} actions={actions} />
        </Box>
        <Stack spacing={2} sx={{ flex: 1, minWidth: 0, width: '100%' }}>
          <AdminsPanel admins={community.members.admins} actions={actions} />
          <RemovedPanel removed={community.members.removed} actions={actions} />
        </Stack>
      </Stack>
    </Box>
  );
}

/** One hackathon's community: the newest messages with delete, its admins, the users removed from it. */
export function CommunityShow() {
  return (
    <Show title="Community">
      <CommunityDetail />
    </Show>
  );
}
