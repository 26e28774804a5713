import { useQuery, type QueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../auth/apiClient';
import { headerCountKeys } from '../shell/headerCounts';
import { UNREAD_REFRESH_MS } from './constants';
import { unreadKeys } from './keys';
import { useSocket } from './socketContext';

export type UnreadCounts = Record<string, number>;

/** Keeps the numeric entries of a map of user id to count. */
function countsOf(value: unknown): UnreadCounts {
  if (!value || typeof value !== 'object') return {};
  const counts: UnreadCounts = {};
  for (const [id, n] of Object.entries(value as Record<string, unknown>)) if (typeof n === 'number' && n > 0) counts[id] = n;
  return counts;
}

/** GET /api/users/unread-counts; a 401 (signed out meanwhile) resets the counts to none, silently. */
async function fetchUnreadCounts(signal: AbortSignal): Promise<UnreadCounts> {
  try {
    return countsOf((await api.get<UnreadCounts>('/api/users/unread-counts', signal)).data);
  } catch (error) {
    if (isApiError(error) && error.status === 401) return {};
    throw error;
  }
}

/**
 * Unread messages per sender and their total: read over REST, replaced by every unread_count_update
 * (the realtime bridge writes them into the cache, less the conversations open on screen) and
 * refreshed every 60 s.
 */
export function useUnreadCounts(): { counts: UnreadCounts; total: number; loaded: boolean } {
  const { userId } = useSocket();
  const query = useQuery({
    queryKey: unreadKeys.counts,
    queryFn: ({ signal }) => fetchUnreadCounts(signal),
    enabled: Boolean(userId),
    refetchInterval: UNREAD_REFRESH_MS,
  });
  const counts = userId ? (query.data ?? {}) : {};
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  return { counts, total, loaded: Boolean(userId) && query.data !== undefined };
}

/**
 * After marking a conversation read: its badge and its share of the header's total go at once, before
 * the server's unread_count_update confirms it.
 */
export function clearUnreadLocally(queryClient: QueryClient, fromUserId: string) {
  const counts = queryClient.getQueryData<UnreadCounts>(unreadKeys.counts);
  const cleared = counts?.[fromUserId] ?? 0;
  if (counts && cleared > 0) {
    const next = { ...counts };
    delete next[fromUserId];
    queryClient.setQueryData<UnreadCounts>(unreadKeys.counts, next);
  }
  if (cleared > 0) {
    queryClient.setQueryData<number | null>(headerCountKeys.messages, (total) => (typeof total === 'number' ? Math.max(0, total - cleared) : total));
  }
}
