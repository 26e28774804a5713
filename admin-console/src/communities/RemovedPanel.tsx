import { Button, List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import type { RemovedCommunityUser } from '@circuit/shared/api/community';
import type { useCommunityActions } from './useCommunityActions';
import { viewer } from '../when';

/** Users removed from the chat, newest first, each with Re-add. */
export function RemovedPanel({ removed, actions }: { removed: RemovedCommunityUser[]; actions: ReturnType<typeof useCommunityActions> }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="community-removed">
      <Typography variant="subtitle1" component="h3" id="community-removed" sx={{ px: 2, pt: 1.5 }}>
        Removed users
      </Typography>
      {removed.length === 0 ? (
        <Typography sx={{ px: 2, py: 1.5 }} color="text.secondary" variant="body2">
          Nobody has been removed.
        </Typography>
      ) : (
        <List dense>
          {removed.map((r) => (
            <ListItem
              key={r.user._id}
              data-testid="community-removed"
              secondaryAction={
                <Button size="small" disabled={actions.busy} onClick={() => void actions.reAdd(r.user._id)} aria-label={`Re-add ${r.user.username}`}>
                  Re-add
                </Button>
              }
            >
              <ListItemText primary={`@${r.user.username}`} secondary={`Removed ${viewer.dateTime(r.removedAt, { weekday: false })}`} />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
