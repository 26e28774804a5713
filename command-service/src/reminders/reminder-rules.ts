import { parseEventData } from '@circuit/shared/events/catalogue';
import type { RecordedEvent } from '@circuit/shared/ports/event-store';
import type { NotificationSettingKind } from '@circuit/shared/notifications/notification-settings';
import { uuidFrom } from '../notifications/notification-effects';

/**
 * The reminders' pure rules: what a feed event changes in the schedule, which reminders are due at
 * a time, and each reminder's id. No I/O and no clock: the schedule's process manager and the timer
 * carry them out.
 */

export type ReminderKind = Extract<NotificationSettingKind, `reminder_${string}`>;
export type ListingKindName = 'event' | 'hackathon' | 'quiz';

const HOUR = 60 * 60 * 1000;

/** Each reminder: the moment it is about and how long before it it goes. */
export const REMINDERS: Readonly<Record<ReminderKind, { target: 'start' | 'submission' | 'registration'; beforeMs: number }>> = {
  reminder_starts_24h: { target: 'start', beforeMs: 24 * HOUR },
  reminder_starts_1h: { target: 'start', beforeMs: HOUR },
  reminder_submission: { target: 'submission', beforeMs: 24 * HOUR },
  reminder_registration_closing: { target: 'registration', beforeMs: 48 * HOUR },
};

/**
 * How late a reminder may still go. A reminder whose moment passed more than this ago when the
 * schedule learnt it (a listing created or moved into its window, the service down for longer) is
 * not sent: "starts in 24 hours" a day late is noise, and the next, nearer reminder still comes. An
 * hour covers a restart or a deploy. Never after the moment it is about, whatever the grace.
 */
export const GRACE_MS = HOUR;

/** What the schedule keeps of a listing (reminder_listings): the moments reminders are about. */
export interface ScheduledListing {
  listingKind: ListingKindName;
  listingId: string;
  title: string;
  username: string;
  createdBy: string;
  startsAt: string | null;
  registrationDeadline: string | null;
  /** The judging setup's deadline, else the hackathon's end (docs/judging.md); null for events and quizzes. */
  submissionDeadline: string | null;
}

export interface DueReminder {
  kind: ReminderKind;
  dueAt: string;
  /** The moment it is about. */
  targetAt: string;
}

const targetOf = (listing: ScheduledListing, target: 'start' | 'submission' | 'registration') =>
  target === 'start' ? listing.startsAt : target === 'submission' ? listing.submissionDeadline : listing.registrationDeadline;

/** Whether the listing still has the moment a reminder was claimed for (it may have moved or gone since). */
export const stillAbout = (listing: ScheduledListing | null, reminder: { kind: ReminderKind; targetAt: string }): listing is ScheduledListing =>
  listing !== null && targetOf(listing, REMINDERS[reminder.kind].target) === reminder.targetAt;

/** The listing's reminders due at `now`: their time has come, by no more than the grace, and what they announce is still ahead. */
export function remindersDue(listing: ScheduledListing, now: Date): DueReminder[] {
  const at = now.getTime();
  return (Object.keys(REMINDERS) as ReminderKind[]).flatMap((kind) => {
    const { target, beforeMs } = REMINDERS[kind];
    if (target === 'submission' && listing.listingKind !== 'hackathon') return [];
    const targetAt = targetOf(listing, target);
    const targetMs = targetAt === null ? NaN : Date.parse(targetAt);
    if (!Number.isFinite(targetMs)) return [];
    const dueMs = targetMs - beforeMs;
    if (at < dueMs || at >= Math.min(dueMs + GRACE_MS, targetMs)) return [];
    return [{ kind, dueAt: new Date(dueMs).toISOString(), targetAt: new Date(targetMs).toISOString() }];
  });
}

/**
 * One reminder to one person: the same listing, kind, moment and person always give the same id,
 * so it is claimed once; a listing moved to a new time gives new ids (the new moment reminds again).
 */
export const reminderIdOf = (listing: Pick<ScheduledListing, 'listingKind' | 'listingId'>, reminder: Pick<DueReminder, 'kind' | 'dueAt'>, userId: string) =>
  uuidFrom(`reminder|${listing.listingKind}|${listing.listingId}|${reminder.kind}|${reminder.dueAt}|${userId}`);

/** What a feed event changes in the schedule. */
export type ScheduleChange =
  | { type: 'listing'; listing: Omit<ScheduledListing, 'submissionDeadline'> & { endsAt: string | null } }
  | { type: 'removed'; listingKind: ListingKindName; listingId: string }
  | { type: 'submission-deadline'; hackathonId: string; deadline: string | null }
  | { type: 'saved'; listingKind: ListingKindName; listingId: string; userId: string; saved: boolean };

const instant = (value: string) => (value !== '' && Number.isFinite(Date.parse(value)) ? new Date(value).toISOString() : null);

export function scheduleChangesOf(event: RecordedEvent): ScheduleChange[] {
  switch (event.type) {
    case 'EventCreated':
    case 'EventUpdated': {
      const d = event.type === 'EventCreated' ? parseEventData('EventCreated', event.data) : parseEventData('EventUpdated', event.data);
      const createdBy = 'createdBy' in d ? d.createdBy : null;
      return [listingChange('event', d.eventId, d.content.title, d.content.username, createdBy, d.content.dates.startDate, d.content.dates.registrationDeadline, d.content.dates.endDate)];
    }
    case 'HackathonCreated':
    case 'HackathonUpdated': {
      const d = event.type === 'HackathonCreated' ? parseEventData('HackathonCreated', event.data) : parseEventData('HackathonUpdated', event.data);
      const createdBy = 'createdBy' in d ? d.createdBy : null;
      return [listingChange('hackathon', d.hackathonId, d.content.title, d.content.username, createdBy, d.content.dates.startDate, d.content.dates.registrationDeadline, d.content.dates.endDate)];
    }
    case 'QuizCreated':
    case 'QuizUpdated': {
      const d = event.type === 'QuizCreated' ? parseEventData('QuizCreated', event.data) : parseEventData('QuizUpdated', event.data);
      const createdBy = 'createdBy' in d ? d.createdBy : null;
      return [listingChange('quiz', d.quizId, d.content.title, '', createdBy, d.content.dates.startDate, d.content.dates.registrationEndDate, d.content.dates.endDate)];
    }
    case 'EventDeleted':
      return [{ type: 'removed', listingKind: 'event', listingId: parseEventData('EventDeleted', event.data).eventId }];
    case 'HackathonDeleted':
      return [{ type: 'removed', listingKind: 'hackathon', listingId: parseEventData('HackathonDeleted', event.data).hackathonId }];
    case 'QuizDeleted':
      return [{ type: 'removed', listingKind: 'quiz', listingId: parseEventData('QuizDeleted', event.data).quizId }];
    case 'HackathonJudgingSetupSaved': {
      const d = parseEventData('HackathonJudgingSetupSaved', event.data);
      // '' is the organiser's "no deadline of its own": the hackathon's end then (null here).
      return [{ type: 'submission-deadline', hackathonId: d.hackathonId, deadline: d.setup.submissionDeadline || null }];
    }
    case 'EventSaved':
    case 'EventUnsaved': {
      const d = parseEventData('EventSaved', event.data);
      return [{ type: 'saved', listingKind: 'event', listingId: d.eventId, userId: d.userId, saved: event.type === 'EventSaved' }];
    }
    case 'HackathonSaved':
    case 'HackathonUnsaved': {
      const d = parseEventData('HackathonSaved', event.data);
      return [{ type: 'saved', listingKind: 'hackathon', listingId: d.hackathonId, userId: d.userId, saved: event.type === 'HackathonSaved' }];
    }
    case 'QuizSaved':
    case 'QuizUnsaved': {
      const d = parseEventData('QuizSaved', event.data);
      return [{ type: 'saved', listingKind: 'quiz', listingId: d.quizId, userId: d.userId, saved: event.type === 'QuizSaved' }];
    }
    default:
      return [];
  }
}

/** An edit carries no creator: null keeps the one the schedule has. */
function listingChange(listingKind: ListingKindName, listingId: string, title: string, username: string, createdBy: string | null, startsAt: string, registrationDeadline: string, endsAt: string): ScheduleChange {
  return {
    type: 'listing',
    listing: { listingKind, listingId, title, username, createdBy: createdBy ?? '', startsAt: instant(startsAt), registrationDeadline: instant(registrationDeadline), endsAt: instant(endsAt) },
  };
}

/** The listing a change is about: changes of one listing are applied in feed order. */
export function listingKeyOf(change: ScheduleChange): string {
  switch (change.type) {
    case 'listing':
      return `${change.listing.listingKind}-${change.listing.listingId}`;
    case 'submission-deadline':
      return `hackathon-${change.hackathonId}`;
    default:
      return `${change.listingKind}-${change.listingId}`;
  }
}
