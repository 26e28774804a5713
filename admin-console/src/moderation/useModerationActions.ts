import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify, useRefresh, useUnselectAll, type GetListResult } from 'react-admin';
import type { ModerationItem } from '@circuit/shared/api/admin-moderation';
import { httpClient } from '../api';
import { errorMessage } from '../useConsoleRequest';

/**
 * Approve, reject and bulk approve through each record's command route. `leaving`: the caller moves
 * to the list after a success, so nothing is refetched here (the reviewed record is no longer pending
 * and would answer 404). Reviewed records leave the cached lists at once, so a list shown from the
 * cache while it refetches never offers them again.
 */
export function useModerationActions({ leaving = false }: { leaving?: boolean } = {}) {
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll('moderation');
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const dropFromLists = (ids: readonly string[]) =>
    queryClient.setQueriesData<GetListResult<ModerationItem>>({ queryKey: ['moderation', 'getList'] }, (list) => {
      if (!list) return list;
      const data = list.data.filter((record) => !ids.includes(record.id));
      return { ...list, data, total: list.total === undefined ? undefined : list.total - (list.data.length - data.length) };
    });

  async function run(action: () => Promise<string>): Promise<boolean> {
    setBusy(true);
    try {
      notify(await action(), { type: 'success' });
      if (!leaving) refresh();
      return true;
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
      refresh();
      return false;
    } finally {
      setBusy(false);
    }
  }

  const post = (path: string, body: object) => httpClient(path, { method: 'POST', body: JSON.stringify(body) });

  return {
    busy,
    approve: (item: Pick<ModerationItem, 'id' | 'approvePath' | 'title'>) =>
      run(async () => {
        await post(item.approvePath, {});
        dropFromLists([item.id]);
        return `“${item.title}” approved: it is public now`;
      }),
    reject: (item: Pick<ModerationItem, 'id' | 'rejectPath' | 'title'>, reason: string) =>
      run(async () => {
        await post(item.rejectPath, { reason });
        dropFromLists([item.id]);
        return `“${item.title}” rejected; the organiser sees your reason`;
      }),
    /** One request per listing; those that fail are named, the others stay approved. */
    bulkApprove: (items: Pick<ModerationItem, 'id' | 'approvePath' | 'title'>[]) =>
      run(async () => {
        const results = await Promise.allSettled(items.map((item) => post(item.approvePath, {})));
        const failed = items.filter((_, i) => results[i]!.status === 'rejected');
        dropFromLists(items.filter((item) => !failed.includes(item)).map((item) => item.id));
        unselectAll();
        if (failed.length > 0) throw new Error(`${items.length - failed.length} approved; not approved: ${failed.map((f) => f.title).join(', ')}`);
        return `${items.length} listing${items.length === 1 ? '' : 's'} approved`;
      }),
  };
}
