import { useState } from 'react';
import { useNotify, useRefresh, useUnselectAll, HttpError } from 'react-admin';
import type { ModerationItem } from '@circuit/shared/api/admin-moderation';
import { httpClient } from '../api';

const messageOf = (error: unknown) => (error instanceof HttpError || error instanceof Error ? error.message : 'Something went wrong');

/**
 * Approve, reject and bulk approve through each record's command route. `leaving`: the caller moves
 * to the list after a success, so nothing is refetched here (the reviewed record is no longer pending
 * and would answer 404).
 */
export function useModerationActions({ leaving = false }: { leaving?: boolean } = {}) {
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll('moderation');
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<string>): Promise<boolean> {
    setBusy(true);
    try {
      notify(await action(), { type: 'success' });
      if (!leaving) refresh();
      return true;
    } catch (error) {
      notify(messageOf(error), { type: 'error' });
      refresh();
      return false;
    } finally {
      setBusy(false);
    }
  }

  const post = (path: string, body: object) => httpClient(path, { method: 'POST', body: JSON.stringify(body) });

  return {
    busy,
    approve: (item: Pick<ModerationItem, 'approvePath' | 'title'>) =>
      run(async () => {
        await post(item.approvePath, {});
        return `“${item.title}” approved: it is public now`;
      }),
    reject: (item: Pick<ModerationItem, 'rejectPath' | 'title'>, reason: string) =>
      run(async () => {
        await post(item.rejectPath, { reason });
        return `“${item.title}” rejected; the organiser sees your reason`;
      }),
    /** One request per listing; those that fail are named, the others stay approved. */
    bulkApprove: (items: Pick<ModerationItem, 'approvePath' | 'title'>[]) =>
      run(async () => {
        const results = await Promise.allSettled(items.map((item) => post(item.approvePath, {})));
        const failed = items.filter((_, i) => results[i]!.status === 'rejected');
        unselectAll();
        if (failed.length > 0) throw new Error(`${items.length - failed.length} approved; not approved: ${failed.map((f) => f.title).join(', ')}`);
        return `${items.length} listing${items.length === 1 ? '' : 's'} approved`;
      }),
  };
}
