import type { Knex } from 'knex';
import type { z } from 'zod';
import type { NotificationStatusSchema, NotificationSubject, NotificationTypeSchema } from '../events/notifications';
import type { UserRow } from './users';

export type NotificationType = z.infer<typeof NotificationTypeSchema>;
export type NotificationStatus = z.infer<typeof NotificationStatusSchema>;

export const NOTIFICATIONS_TABLE = 'notifications';

/** A row of the `notifications` read model (projection-service/src/notifications writes it). */
export interface NotificationRow {
  id: string;
  user_id: string;
  type: NotificationType;
  status: NotificationStatus | null;
  is_outgoing: boolean;
  read: boolean;
  from_user_id: string;
  /** JSON: what a listing notification is about. */
  subject?: NotificationSubject | string | null;
  created_at: Date | string;
  /** Global position of the NotificationCreated event: orders notifications of the same instant. */
  position: number | string;
}

export type NotificationSender = Pick<UserRow, 'id' | 'first_name' | 'last_name' | 'username' | 'profile_picture'>;

/** The contract's Notification (shared/src/api/notifications.ts, served in /api/openapi.json). */
export interface Notification {
  _id: string;
  type: NotificationType;
  status: NotificationStatus | null;
  isOutgoing: boolean;
  read: boolean;
  createdAt: string;
  message: string;
  link?: string;
  /** The other user: who acted, or for `connection_request_sent` the one the request went to. */
  from: { _id: string; firstName: string; lastName: string; username: string; profilePicture: string | null };
}

const fullName = (sender: NotificationSender | undefined) => (sender ? `${sender.first_name} ${sender.last_name}`.trim() || sender.username : 'Someone');

/** The text of a notification, built when it is read so that a renamed sender shows the new name. */
export function notificationMessage(type: NotificationType, sender: NotificationSender | undefined, subject?: NotificationSubject | null): string {
  const name = fullName(sender);
  const title = subject?.title ?? 'your hackathon';
  switch (type) {
    case 'connection_request':
      return `${name} sent you a connection request`;
    case 'connection_request_sent':
      return `You sent a connection request to ${name}`;
    case 'connection_accepted':
      return `${name} accepted your connection request`;
    case 'connection_rejected':
      return `${name} declined your connection request`;
    case 'follow':
      return `${name} started following you`;
    case 'hackathon_approved':
      return `Your hackathon “${title}” was approved and is now live`;
    case 'hackathon_rejected':
      return `Your hackathon “${title}” was not approved${subject?.reason ? `: ${subject.reason}` : ''}`;
    case 'hackathon_announcement':
      return `${subject?.announcement?.type === 'important' ? 'Important announcement' : 'New announcement'} in “${title}”: ${subject?.announcement?.title ?? ''}`.trim();
    case 'event_approved':
      return `Your event “${title}” was approved and is now live`;
    case 'event_rejected':
      return `Your event “${title}” was not approved${subject?.reason ? `: ${subject.reason}` : ''}`;
    case 'event_place_offered':
      return `A place freed up at “${title}”: confirm it within 24 hours`;
    case 'quiz_approved':
      return `Your quiz “${title}” was approved and is now live`;
    case 'quiz_rejected':
      return `Your quiz “${title}” was not approved${subject?.reason ? `: ${subject.reason}` : ''}`;
    case 'quiz_regraded':
      return `“${title}” was re-graded: your marks changed from ${subject?.marks?.before ?? '?'} to ${subject?.marks?.after ?? '?'}`;
  }
}

function linkOf(type: NotificationType, subject: NotificationSubject): string {
  if (subject.kind === 'event') return type === 'event_rejected' ? `/events/${subject.username}/edit` : `/events/${subject.username}`;
  if (type === 'quiz_rejected') return `/quiz/${subject.id}/edit`;
  if (type === 'quiz_regraded') return `/quizzes/${subject.id}/leaderboard`;
  if (subject.kind === 'quiz') return `/quiz/${subject.id}`;
  if (type === 'hackathon_rejected') return `/hackathons/${subject.username}/edit`;
  if (type === 'hackathon_announcement') return `/hackathons/${subject.username}/announcements`;
  return `/hackathons/${subject.username}`;
}

export function toNotification(
  row: Pick<NotificationRow, 'id' | 'type' | 'status' | 'is_outgoing' | 'read' | 'from_user_id' | 'created_at' | 'subject'>,
  sender: NotificationSender | undefined,
): Notification {
  const subject: NotificationSubject | null = typeof row.subject === 'string' ? (JSON.parse(row.subject) as NotificationSubject) : (row.subject ?? null);
  return {
    _id: row.id,
    type: row.type,
    status: row.status,
    isOutgoing: row.is_outgoing,
    read: row.read,
    createdAt: new Date(row.created_at).toISOString(),
    message: notificationMessage(row.type, sender, subject),
    ...(subject ? { link: linkOf(row.type, subject) } : {}),
    from: {
      _id: row.from_user_id,
      firstName: sender?.first_name ?? '',
      lastName: sender?.last_name ?? '',
      username: sender?.username ?? '',
      profilePicture: sender?.profile_picture ?? null,
    },
  };
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
