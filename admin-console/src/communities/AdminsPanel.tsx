import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Box, Button, Chip, List, ListItem, ListItemText, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import type { CommunityAdmin } from '@circuit/shared/api/community';
import type { useCommunityActions } from './useCommunityActions';

/** The organiser (always an admin) and the added admins, with Remove; Add by username (a registered participant). */
export function AdminsPanel({ admins, actions }: { admins: CommunityAdmin[]; actions: ReturnType<typeof useCommunityActions> }) {
  const [username, setUsername] = useState('');
  const [error, setError] = useState('');
  async function add(event: FormEvent) {
    event.preventDefault();
    if (!username.trim()) return setError('A username is required');
    setError('');
    if (await actions.addAdmin(username.trim())) setUsername('');
  }
  return (
    <Paper variant="outlined" component="section" aria-labelledby="community-admins">
      <Typography variant="subtitle1" component="h3" id="community-admins" sx={{ px: 2, pt: 1.5 }}>
        Community admins
      </Typography>
      <List dense>
        {admins.map((a) => (
          <ListItem
            key={a.user._id}
            data-testid="community-admin"
            secondaryAction={
              a.role === 'organiser' ? (
                <Chip size="small" label="Organiser" />
              ) : (
                <Button size="small" disabled={actions.busy} onClick={() => void actions.removeAdmin(a.user._id)} aria-label={`Remove ${a.user.username} as admin`}>
                  Remove
                </Button>
              )
            }
          >
            <ListItemText primary={[a.user.firstName, a.user.lastName].filter(Boolean).join(' ') || a.user.username} secondary={`@${a.user.username}`} />
          </ListItem>
        ))}
      </List>
      <Box component="form" onSubmit={add} sx={{ px: 2, pb: 2 }} noValidate>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            size="small"
            label="Username"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            error={Boolean(error)}
            helperText={error || 'A registered participant'}
            sx={{ flex: 1 }}
          />
          <Button type="submit" variant="contained" disabled={actions.busy} startIcon={<PersonAddIcon />} sx={{ mt: 0.25, whiteSpace: 'nowrap' }}>
            Add
          </Button>
        </Stack>
      </Box>
    </Paper>
  );
}
