import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { Box, Button, Divider, List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm } from 'react-admin';
import type { CommunityMessage } from '@circuit/shared/api/community';
import type { useCommunityActions } from './useCommunityActions';
import { viewer } from '../when';

const nameOf = (u: CommunityMessage['user']) => [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username;

/** The newest messages, each with Delete (confirmed first: a deleted message is gone for everyone). */
export function MessagesPanel({ messages, total, actions }: { messages: CommunityMessage[]; total: number; actions: ReturnType<typeof useCommunityActions> }) {
  const [deleting, setDeleting] = useState<CommunityMessage | null>(null);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="community-messages">
      <Box sx={{ px: 2, pt: 1.5 }}>
        <Typography variant="subtitle1" component="h3" id="community-messages">
          Messages
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {total > messages.length ? `The newest ${messages.length} of ${total}` : `${total} in all`}
        </Typography>
      </Box>
      {messages.length === 0 ? (
        <Typography sx={{ px: 2, py: 2 }} color="text.secondary">
          No messages yet.
        </Typography>
      ) : (
        <List dense>
          {messages.map((m, i) => (
            <Box key={m._id}>
              {i > 0 && <Divider component="li" />}
              <ListItem
                data-testid="community-message"
                secondaryAction={
                  <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={() => setDeleting(m)} aria-label={`Delete the message of ${nameOf(m.user)}`}>
                    Delete
                  </Button>
                }
                sx={{ pr: 12 }}
              >
                <ListItemText
                  primary={m.message}
                  secondary={`${nameOf(m.user)} (@${m.user.username}) · ${viewer.dateTime(m.createdAt, { weekday: false })}${m.edited ? ' · edited' : ''}`}
                  slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            </Box>
          ))}
        </List>
      )}
      <Confirm
        isOpen={deleting !== null}
        loading={actions.busy}
        title="Delete this message?"
        content={deleting ? `“${deleting.message.slice(0, 140)}” by ${nameOf(deleting.user)} will be removed for everyone.` : ''}
        confirm="Delete"
        onConfirm={async () => {
          if (deleting && (await actions.deleteMessage(deleting._id))) setDeleting(null);
        }}
        onClose={() => setDeleting(null)}
      />
    </Paper>
  );
}
