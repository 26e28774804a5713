import { useState } from 'react';
import { HttpError, useNotify, useRefresh } from 'react-admin';
import type { Role } from '@circuit/shared/events/accounts';
import { API_URL, httpClient } from '../api';

/** Role change, suspension and reinstatement of one user through the command routes; the record refreshes after. */
export function useStandingActions(userId: string) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);

  async function post(action: string, body: object, done: string): Promise<boolean> {
    setBusy(true);
    try {
      await httpClient(`${API_URL}/admin/users/${encodeURIComponent(userId)}/${action}`, { method: 'POST', body: JSON.stringify(body) });
      notify(done, { type: 'success' });
      return true;
    } catch (error) {
      notify(error instanceof HttpError || error instanceof Error ? error.message : 'Something went wrong', { type: 'error' });
      return false;
    } finally {
      setBusy(false);
      refresh();
    }
  }

  return {
    busy,
    changeRole: (role: Role) => post('role', { role }, 'Role changed'),
    suspend: (reason: string) => post('suspend', { reason }, 'User suspended: their sessions have ended'),
    reinstate: (reason: string) => post('reinstate', { reason }, 'User reinstated'),
  };
}
