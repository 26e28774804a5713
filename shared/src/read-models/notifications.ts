import type { Knex } from 'knex';
import type { z } from 'zod';
import type { NotificationStatusSchema, NotificationTypeSchema } from '../events/notifications';
import { toNotification, type Notification, type NotificationSender, type StoredNotification } from '../notifications/notification-view';

export type NotificationType = z.infer<typeof NotificationTypeSchema>;
export type NotificationStatus = z.infer<typeof NotificationStatusSchema>;

export const NOTIFICATIONS_TABLE = 'notifications';

export { notificationMessage, toNotification, type Notification, type NotificationSender } from '../notifications/notification-view';

/** A row of the `notifications` read model (projection-service/src/notifications writes it). */
export interface NotificationRow extends StoredNotification {
  user_id: string;
  /** Global position of the NotificationCreated event: orders notifications of the same instant. */
  position: number | string;
}

type JoinedRow = NotificationRow & {
  sender_id: string | null;
  sender_first_name: string | null;
  sender_last_name: string | null;
  sender_username: string | null;
  sender_profile_picture: string | null;
};

function fromJoined(row: JoinedRow): Notification {
  const sender: NotificationSender | undefined =
    row.sender_id === null
      ? undefined
      : {
          id: row.sender_id,
          first_name: row.sender_first_name ?? '',
          last_name: row.sender_last_name ?? '',
          username: row.sender_username ?? '',
          profile_picture: row.sender_profile_picture,
        };
  return toNotification(row, sender);
}

function withSender(knex: Knex) {
  return knex<JoinedRow>(`${NOTIFICATIONS_TABLE} as n`)
    .leftJoin('users as u', 'u.id', 'n.from_user_id')
    .select(
      'n.*',
      'u.id as sender_id',
      'u.first_name as sender_first_name',
      'u.last_name as sender_last_name',
      'u.username as sender_username',
      'u.profile_picture as sender_profile_picture',
    );
}

/** A user's notifications, newest first (at most `limit`). */
export async function listNotifications(knex: Knex, userId: string, limit = 200): Promise<Notification[]> {
  const rows = (await withSender(knex).where('n.user_id', userId).orderBy([
    { column: 'n.created_at', order: 'desc' },
    { column: 'n.position', order: 'desc' },
  ]).limit(limit)) as JoinedRow[];
  return rows.map(fromJoined);
}

export async function countUnreadNotifications(knex: Knex, userId: string): Promise<number> {
  const row = (await knex(NOTIFICATIONS_TABLE).where({ user_id: userId, read: false }).count<{ count: number | string }[]>('* as count'))[0];
  return Number(row?.count ?? 0);
}

/** One notification of `userId`, or undefined when it is not theirs (or does not exist). */
export async function findNotification(knex: Knex, userId: string, id: string): Promise<Notification | undefined> {
  const row = (await withSender(knex).where({ 'n.user_id': userId, 'n.id': id }).first()) as JoinedRow | undefined;
  return row ? fromJoined(row) : undefined;
}
