import type { EventData } from '@circuit/shared/events/catalogue';
import type { Bus } from '@circuit/shared/ports/bus';
import type { EventStore } from '@circuit/shared/ports/event-store';
import type { Logger } from '@circuit/shared/logger';
import { toNotification, type Notification, type NotificationSender } from '@circuit/shared/notifications/notification-view';
import { accountOf } from '../accounts/actors';

/** The bus topic of new notifications: `{ userId, notification }` (the realtime service delivers them live). */
export const NOTIFICATIONS_TOPIC = 'notifications';

export interface NotificationMessage {
  userId: string;
  notification: Notification;
}

export interface PublishDeps {
  store: EventStore;
  bus: Bus;
  log: Logger;
}

/** The sender as the notification names them, from their own account (undefined when there is none: 'Someone'). */
async function senderOf(store: EventStore, userId: string): Promise<NotificationSender | undefined> {
  const account = await accountOf(store, userId);
  if (!account) return undefined;
  const { firstName, lastName, username, profilePicture } = account.profile;
  return { id: userId, first_name: firstName, last_name: lastName, username, profile_picture: profilePicture };
}

/**
 * Live delivery of a stored notification: the realtime service pushes it to the recipient's
 * sockets. The stored one stays (and shows on the next load) if this fails, so a failure is logged
 * and not thrown.
 */
export async function publishNotification(deps: PublishDeps, d: EventData<'NotificationCreated'>): Promise<void> {
  try {
    const row = { id: d.notificationId, type: d.type, status: d.status, is_outgoing: d.isOutgoing, read: false, from_user_id: d.fromUserId, created_at: d.at, subject: d.subject ?? null };
    const message: NotificationMessage = { userId: d.userId, notification: toNotification(row, await senderOf(deps.store, d.fromUserId)) };
    await deps.bus.publish(NOTIFICATIONS_TOPIC, message);
  } catch (error) {
    deps.log.warn({ err: error, notificationId: d.notificationId }, 'could not publish a notification');
  }
}
