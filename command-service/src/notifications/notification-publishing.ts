import type { Knex } from 'knex';
import type { EventData } from '@circuit/shared/events/catalogue';
import type { Bus } from '@circuit/shared/ports/bus';
import type { Logger } from '@circuit/shared/logger';
import type { UserRow } from '@circuit/shared/read-models/users';
import { batchPerTurn } from '@circuit/shared/process/batching';
import { toNotification, type Notification } from '@circuit/shared/read-models/notifications';

/** The bus topic of new notifications: `{ userId, notification }` (the realtime service delivers them live). */
export const NOTIFICATIONS_TOPIC = 'notifications';

export interface NotificationMessage {
  userId: string;
  notification: Notification;
}

export interface PublishDeps {
  knex: Knex;
  bus: Bus;
  log: Logger;
}

/**
 * Live delivery of a stored notification: the realtime service pushes it to the recipient's
 * sockets. The stored one stays (and shows on the next load) if this fails, so a failure is logged
 * and not thrown.
 */
export async function publishNotification(deps: PublishDeps, d: EventData<'NotificationCreated'>): Promise<void> {
  try {
    const row = { id: d.notificationId, type: d.type, status: d.status, is_outgoing: d.isOutgoing, read: false, from_user_id: d.fromUserId, created_at: d.at, subject: d.subject ?? null };
    const message: NotificationMessage = { userId: d.userId, notification: toNotification(row, await sendersOf(deps.knex)(d.fromUserId)) };
    await deps.bus.publish(NOTIFICATIONS_TOPIC, message);
  } catch (error) {
    deps.log.warn({ err: error, notificationId: d.notificationId }, 'could not publish a notification');
  }
}

/**
 * The senders of the notifications published in one turn of the event loop, read by one statement:
 * a projection batch releases many follows at once, each published with its sender's name.
 */
const senderReaders = new WeakMap<Knex, (id: string) => Promise<UserRow | undefined>>();
function sendersOf(knex: Knex): (id: string) => Promise<UserRow | undefined> {
  let read = senderReaders.get(knex);
  if (!read) {
    read = batchPerTurn(async (ids: string[]) => {
      const rows = await knex<UserRow>('users').whereIn('id', [...new Set(ids)]);
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id));
    });
    senderReaders.set(knex, read);
  }
  return read;
}
