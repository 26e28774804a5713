import type { Role } from '@circuit/shared/events/accounts';
import { API_URL } from '../api';
import { useConsoleRequest } from '../useConsoleRequest';

/** Role change, suspension and reinstatement of one user through the command routes; the record refreshes after. */
export function useStandingActions(userId: string) {
  const { busy, send } = useConsoleRequest();
  const post = (action: string, body: object, done: string) => send(`${API_URL}/admin/users/${encodeURIComponent(userId)}/${action}`, 'POST', done, body);

  return {
    busy,
    changeRole: (role: Role) => post('role', { role }, 'Role changed'),
    suspend: (reason: string) => post('suspend', { reason }, 'User suspended: their sessions have ended'),
    reinstate: (reason: string) => post('reinstate', { reason }, 'User reinstated'),
  };
}
