import { useState } from 'react';
import { HttpError, useNotify, useRefresh } from 'react-admin';
import { httpClient } from './api';

/** What a failed console request says: the API's message when it gave one. */
export const errorMessage = (error: unknown) => (error instanceof HttpError || error instanceof Error ? error.message : 'Something went wrong');

/**
 * One console action through a command route: `busy` while it runs, its outcome notified, and the
 * records on screen refetched after it, whatever the outcome.
 */
export function useConsoleRequest() {
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);

  async function send(url: string, method: 'POST' | 'DELETE', done: string, body: object = {}): Promise<boolean> {
    setBusy(true);
    try {
      await httpClient(url, { method, body: method === 'POST' ? JSON.stringify(body) : undefined });
      notify(done, { type: 'success' });
      return true;
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
      return false;
    } finally {
      setBusy(false);
      refresh();
    }
  }

  return { busy, send };
}
