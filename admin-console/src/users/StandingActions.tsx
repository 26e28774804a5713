import BlockIcon from '@mui/icons-material/Block';
import RestoreIcon from '@mui/icons-material/Restore';
import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useGetIdentity, usePermissions, useRecordContext } from 'react-admin';
import type { Role } from '@circuit/shared/events/accounts';
import { ReasonDialog } from '../ReasonDialog';
import { ROLE_CHOICES, type AdminUser } from './types';
import { useStandingActions } from './useStandingActions';

/** The role select and Suspend / Reinstate for the user in context; the server checks every rule again. */
export function StandingActions() {
  const user = useRecordContext<AdminUser>();
  const { identity } = useGetIdentity();
  const { permissions } = usePermissions<Role>();
  const actions = useStandingActions(user?.id ?? '');
  const [asking, setAsking] = useState(false);
  if (!user) return null;
  const self = identity?.id === user.id;
  const isAdmin = permissions === 'admin';
  // Only admins grant admin or act on an admin; nobody acts on themselves.
  const locked = self || (user.role === 'admin' && !isAdmin);
  const choices = ROLE_CHOICES.filter((c) => c.id !== 'admin' || isAdmin || user.role === 'admin');
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <TextField
        select
        size="small"
        label="Role"
        value={user.role}
        disabled={locked || actions.busy}
        helperText={self ? 'You cannot change your own role' : undefined}
        onChange={(e) => void actions.changeRole(e.target.value as Role)}
        sx={{ minWidth: 160 }}
      >
        {choices.map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.name}
          </MenuItem>
        ))}
      </TextField>
      {user.isSuspended ? (
        <Button size="small" variant="outlined" startIcon={<RestoreIcon />} disabled={locked || actions.busy} onClick={() => setAsking(true)}>
          Reinstate
        </Button>
      ) : (
        <Button size="small" variant="outlined" color="error" startIcon={<BlockIcon />} disabled={locked || actions.busy} onClick={() => setAsking(true)}>
          Suspend
        </Button>
      )}
      <ReasonDialog
        open={asking}
        busy={actions.busy}
        title={user.isSuspended ? `Reinstate ${user.username}` : `Suspend ${user.username}`}
        text={
          user.isSuspended
            ? 'They can sign in again and their profile and listings reappear.'
            : 'Their sessions end at once and they cannot sign in; their profile and listings are hidden until reinstatement.'
        }
        action={user.isSuspended ? 'Reinstate' : 'Suspend'}
        onClose={() => setAsking(false)}
        onConfirm={async (reason) => {
          if (await (user.isSuspended ? actions.reinstate(reason) : actions.suspend(reason))) setAsking(false);
        }}
      />
    </Stack>
  );
}
