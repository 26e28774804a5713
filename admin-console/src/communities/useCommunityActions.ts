import { useState } from 'react';
import { HttpError, useNotify, useRefresh } from 'react-admin';
import { API_URL, httpClient } from '../api';

/** The console's community moderation through the command routes; the record refreshes after each. */
export function useCommunityActions(hackathonId: string) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const base = `${API_URL}/admin/communities/${encodeURIComponent(hackathonId)}`;

  async function send(method: 'POST' | 'DELETE', path: string, done: string, body: object = {}): Promise<boolean> {
    setBusy(true);
    try {
      await httpClient(`${base}${path}`, { method, body: method === 'POST' ? JSON.stringify(body) : undefined });
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
    deleteMessage: (messageId: string) => send('DELETE', `/messages/${encodeURIComponent(messageId)}`, 'Message deleted'),
    reAdd: (userId: string) => send('POST', `/removed/${encodeURIComponent(userId)}/re-add`, 'User re-added to the community'),
    addAdmin: (username: string) => send('POST', '/admins', 'Community admin added', { username }),
    removeAdmin: (userId: string) => send('DELETE', `/admins/${encodeURIComponent(userId)}`, 'Community admin removed'),
  };
}
