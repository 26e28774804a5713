import { useQueryClient } from '@tanstack/react-query';
import { notificationKeys } from '../notifications/notificationsApi';
import { notify } from '../ui/toast';
import { NOTIFICATION_TOAST_MS } from './constants';
import { presenceKeys, unreadKeys } from './keys';
import { useSocketEvent, useSocketReconnected } from './socketContext';
import { setPresence } from './useOnlineStatus';
import { unseenUnread } from './openConversations';

/**
 * The session-wide reactions to the realtime channel, mounted once while signed in:
 * - new_notification: a toast for 4 s with its message, and the notifications list is read again
 *   (the header badge rises in shell/headerCounts.ts);
 * - message_error: the server's text as an error toast (the conversation marks its message failed);
 * - rate_limited: the server's "too often" text as an error toast (a refused chat message is
 *   toasted by its message_error already);
 * - unread_count_update replaces the unread counts; user_online / user_offline update presence;
 * - after a reconnection, presence and unread counts are read again (events may have been missed).
 */
export function RealtimeBridge() {
  const queryClient = useQueryClient();

  useSocketEvent('new_notification', (notification) => {
    // The sender's own copy of an outgoing request is not news to them: the action already said so.
    if (!notification?.isOutgoing) {
      const text = typeof notification?.message === 'string' && notification.message ? notification.message : 'You have a new notification';
      notify.info(text, { id: notification?._id, duration: NOTIFICATION_TOAST_MS });
    }
    void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  });

  useSocketEvent('message_error', (error) => {
    notify.error(typeof error === 'string' && error ? error : 'Message could not be sent');
  });

  useSocketEvent('rate_limited', (refused) => {
    if (refused?.event === 'private_message') return;
    // One toast for a burst of refusals, not one per refused event.
    const text = typeof refused?.message === 'string' && refused.message ? refused.message : 'You are doing that too often. Please wait a moment and try again.';
    notify.error(text, { id: 'rate-limited' });
  });

  useSocketEvent('unread_count_update', (update) => {
    const { counts } = unseenUnread(update);
    if (counts) queryClient.setQueryData(unreadKeys.counts, counts);
    else void queryClient.invalidateQueries({ queryKey: unreadKeys.counts });
  });

  useSocketEvent('user_online', (userId) => setPresence(queryClient, userId, true));
  useSocketEvent('user_offline', (userId) => setPresence(queryClient, userId, false));

  useSocketReconnected(() => {
    void queryClient.invalidateQueries({ queryKey: presenceKeys.all });
    void queryClient.invalidateQueries({ queryKey: unreadKeys.counts });
  });

  return null;
}
