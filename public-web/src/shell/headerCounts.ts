import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, isApiError } from '../auth/apiClient';
import { onAuthStateChanged } from '../auth/authEvents';
import { HEADER_COUNTS_REFETCH_DELAY_MS } from '../auth/constants';
import { unseenUnread } from '../realtime/openConversations';
import { useSocketEvent } from '../realtime/socketContext';

/** Keys by prefix (docs/decisions.md#d26-client-query-keys-by-prefix): everything under ['header-counts'] refetches together. */
export const headerCountKeys = {
  all: ['header-counts'] as const,
  messages: ['header-counts', 'messages'] as const,
  notifications: ['header-counts', 'notifications'] as const,
};

const REFRESH_MS = 60_000;

/** The unread-count answer is a number, { count } (or a similar single field), or a map of user id to number. */
export function parseCount(data: unknown): number {
  if (typeof data === 'number') return data;
  if (data && typeof data === 'object') {
    for (const key of ['count', 'unreadCount', 'total']) {
      const value = (data as Record<string, unknown>)[key];
      if (typeof value === 'number') return value;
    }
    const map = (data as { unreadCounts?: unknown }).unreadCounts ?? data;
    return Object.values(map as Record<string, unknown>).reduce<number>(
      (sum, value) => sum + (typeof value === 'number' ? value : 0),
      0,
    );
  }
  return 0;
}

/**
 * A 401 (signed out meanwhile) or a 404 (the endpoint is not deployed yet) means "no badge", silently;
 * null tells the caller so.
 */
async function silently<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (isApiError(error) && (error.status === 401 || error.status === 404)) return null;
    throw error;
  }
}

const fetchUnreadMessages = () =>
  silently(async () => parseCount((await api.get<unknown>('/api/users/unread-count')).data));

const fetchUnreadNotifications = () =>
  silently(async () => {
    const data = (await api.get<unknown>('/api/users/notifications')).data;
    const list = Array.isArray(data) ? data : [];
    return list.filter((n) => n && typeof n === 'object' && (n as { read?: unknown }).read === false).length;
  });

/** Keep polling only an endpoint that answers. */
const refreshWhileAnswering = (query: { state: { data: number | null | undefined } }) =>
  query.state.data === null ? false : REFRESH_MS;

/**
 * Unread messages and notifications for the header badges, only while signed in; refetched once
 * about 1 s after every sign-in state change (spec section 2, "Application shell"), and kept live by
 * the realtime channel (unread_count_update, new_notification). Mount once.
 */
export function useHeaderCounts(enabled: boolean) {
  const queryClient = useQueryClient();

  const messages = useQuery({
    queryKey: headerCountKeys.messages,
    queryFn: fetchUnreadMessages,
    enabled,
    refetchInterval: refreshWhileAnswering,
  });
  const notifications = useQuery({
    queryKey: headerCountKeys.notifications,
    queryFn: fetchUnreadNotifications,
    enabled,
    refetchInterval: refreshWhileAnswering,
  });

  // Live: unread_count_update replaces the messages total (less a conversation open on screen, which is
  // being read); a new unread notification raises its badge.
  useSocketEvent('unread_count_update', (update) => {
    queryClient.setQueryData<number | null>(headerCountKeys.messages, unseenUnread(update).total);
  });
  useSocketEvent('new_notification', (notification) => {
    if (notification?.read === true) return;
    queryClient.setQueryData<number | null>(headerCountKeys.notifications, (count) => (count ?? 0) + 1);
  });

  useEffect(() => {
    let timer: number | undefined;
    const unsubscribe = onAuthStateChanged(({ authenticated }) => {
      window.clearTimeout(timer);
      if (!authenticated) {
        queryClient.removeQueries({ queryKey: headerCountKeys.all });
        return;
      }
      timer = window.setTimeout(() => {
        void queryClient.refetchQueries({ queryKey: headerCountKeys.all, type: 'active' });
      }, HEADER_COUNTS_REFETCH_DELAY_MS);
    });
    return () => {
      window.clearTimeout(timer);
      unsubscribe();
    };
  }, [queryClient]);

  return {
    unreadMessages: enabled ? (messages.data ?? 0) : 0,
    unreadNotifications: enabled ? (notifications.data ?? 0) : 0,
  };
}
