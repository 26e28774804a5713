import type { NotificationSubject } from '../events/notifications';
import type { NotificationStatus, NotificationType } from '../api/notifications';

/**
 * A notification in the API's shape, from what is stored of it (a `notifications` row, or a
 * NotificationCreated event) and its sender: the read models answer with it, and the command
 * service publishes a new one live in the same shape.
 */

/** What a notification's text and link are built from (a `notifications` row's columns). */
export interface StoredNotification {
  id: string;
  type: NotificationType;
  status: NotificationStatus | null;
  is_outgoing: boolean;
  read: boolean;
  from_user_id: string;
  /** JSON: what a listing notification is about. */
  subject?: NotificationSubject | string | null;
  created_at: Date | string;
}

/** The sender's columns a notification shows. */
export interface NotificationSender {
  id: string;
  first_name: string;
  last_name: string;
  username: string;
  profile_picture: string | null;
}

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
    case 'listing_reminder':
      return reminderMessage(title, subject?.reminder?.kind);
  }
}

const REMINDER_TEXT = {
  reminder_starts_24h: 'starts in 24 hours',
  reminder_starts_1h: 'starts in 1 hour',
  reminder_submission: ': project submissions close in 24 hours and your team has not submitted yet',
  reminder_registration_closing: ': registration closes in 48 hours (you saved it but have not registered)',
} as const;

function reminderMessage(title: string, kind: keyof typeof REMINDER_TEXT | undefined): string {
  const text = REMINDER_TEXT[kind ?? 'reminder_starts_24h'];
  return text.startsWith(':') ? `“${title}”${text}` : `“${title}” ${text}`;
}

function linkOf(type: NotificationType, subject: NotificationSubject): string {
  if (subject.kind === 'event') return type === 'event_rejected' ? `/events/${subject.username}/edit` : `/events/${subject.username}`;
  if (type === 'quiz_rejected') return `/quiz/${subject.id}/edit`;
  if (type === 'quiz_regraded') return `/quizzes/${subject.id}/leaderboard`;
  if (subject.kind === 'quiz') return `/quiz/${subject.id}`;
  if (type === 'hackathon_rejected') return `/hackathons/${subject.username}/edit`;
  if (type === 'hackathon_announcement') return `/hackathons/${subject.username}/announcements`;
  if (subject.reminder?.kind === 'reminder_submission') return `/hackathons/${subject.username}/project`;
  return `/hackathons/${subject.username}`;
}

export function toNotification(
  row: StoredNotification,
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
