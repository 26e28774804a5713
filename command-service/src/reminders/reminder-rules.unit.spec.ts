import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@circuit/shared/ports/event-store';
import { GRACE_MS, reminderIdOf, remindersDue, scheduleChangesOf, stillAbout, type ScheduledListing } from './reminder-rules';

const HOUR = 3_600_000;
const start = Date.parse('2026-12-10T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const listing = (overrides: Partial<ScheduledListing> = {}): ScheduledListing => ({
  listingKind: 'event',
  listingId: 'e1',
  title: 'Talks',
  username: 'talks',
  createdBy: 'org',
  startsAt: iso(start),
  registrationDeadline: iso(start - 72 * HOUR),
  submissionDeadline: null,
  ...overrides,
});
const kindsDue = (l: ScheduledListing, at: number) => remindersDue(l, new Date(at)).map((r) => r.kind);

describe('remindersDue', () => {
  it('is due from its moment until the grace has run out, and not a minute before', () => {
    expect(kindsDue(listing(), start - 24 * HOUR - 60_000)).toEqual([]);
    expect(kindsDue(listing(), start - 24 * HOUR)).toEqual(['reminder_starts_24h']);
    expect(kindsDue(listing(), start - 24 * HOUR + GRACE_MS - 1)).toEqual(['reminder_starts_24h']);
    expect(kindsDue(listing(), start - 24 * HOUR + GRACE_MS)).toEqual([]);
  });

  it('names the moment it is due at and the one it is about', () => {
    expect(remindersDue(listing(), new Date(start - HOUR + 5 * 60_000))).toEqual([{ kind: 'reminder_starts_1h', dueAt: iso(start - HOUR), targetAt: iso(start) }]);
  });

  it('never sends a reminder once what it announces has begun, whatever the grace', () => {
    const soon = listing({ startsAt: iso(start), registrationDeadline: null });
    expect(kindsDue(soon, start - 30 * 60_000)).toEqual(['reminder_starts_1h']);
    expect(kindsDue(soon, start)).toEqual([]);
  });

  it('does not send a day-before reminder learnt late by hours (a listing created 10 hours before its start)', () => {
    expect(kindsDue(listing({ registrationDeadline: null }), start - 10 * HOUR)).toEqual([]);
  });

  it('reminds savers 48 hours before registration closes, and hackathon teams 24 hours before submissions close', () => {
    expect(kindsDue(listing(), start - 72 * HOUR - 48 * HOUR + 60_000)).toEqual(['reminder_registration_closing']);
    const hackathon = listing({ listingKind: 'hackathon', startsAt: iso(start - 100 * HOUR), registrationDeadline: null, submissionDeadline: iso(start) });
    expect(kindsDue(hackathon, start - 24 * HOUR + 60_000)).toEqual(['reminder_submission']);
    // Only hackathons have submissions.
    expect(kindsDue(listing({ startsAt: null, registrationDeadline: null, submissionDeadline: iso(start) }), start - 24 * HOUR + 60_000)).toEqual([]);
  });

  it('ignores a listing without dates', () => {
    expect(kindsDue(listing({ startsAt: null, registrationDeadline: null }), start - HOUR)).toEqual([]);
  });
});

describe('stillAbout', () => {
  it('holds while the listing still has the moment the reminder was claimed for', () => {
    const claimed = { kind: 'reminder_starts_1h' as const, targetAt: iso(start) };
    expect(stillAbout(listing(), claimed)).toBe(true);
    expect(stillAbout(listing({ startsAt: iso(start + HOUR) }), claimed)).toBe(false);
    expect(stillAbout(null, claimed)).toBe(false);
  });
});

describe('reminderIdOf', () => {
  const due = { kind: 'reminder_starts_24h' as const, dueAt: iso(start - 24 * HOUR) };
  it('is the same for the same listing, moment and person, and differs when any of them does', () => {
    const id = reminderIdOf(listing(), due, 'u1');
    expect(reminderIdOf(listing(), due, 'u1')).toBe(id);
    expect(reminderIdOf(listing(), due, 'u2')).not.toBe(id);
    expect(reminderIdOf(listing(), { ...due, dueAt: iso(start) }, 'u1')).not.toBe(id);
    expect(reminderIdOf(listing({ listingKind: 'quiz' }), due, 'u1')).not.toBe(id);
  });
});

describe('scheduleChangesOf', () => {
  const recorded = (type: string, data: unknown) => ({ id: 'x', type, data, metadata: {}, occurredAt: iso(start), streamId: 's', revision: 0, position: 1n }) as RecordedEvent;

  it('takes a judging setup’s deadline, saves and deletions, and passes other events by', () => {
    const setup = { submissionDeadline: iso(start), tracks: [], criteria: [], galleryOpen: false, voting: { enabled: false, opensAt: null, closesAt: null, perTrack: false }, assignment: { mode: 'all', judgesPerProject: 1, trackJudges: {} } };
    const saved = scheduleChangesOf(recorded('QuizSaved', { quizId: 'q1', userId: 'u1', at: iso(start) }));
    expect(saved).toEqual([{ type: 'saved', listingKind: 'quiz', listingId: 'q1', userId: 'u1', saved: true }]);
    expect(scheduleChangesOf(recorded('EventUnsaved', { eventId: 'e1', userId: 'u1', at: iso(start) }))).toEqual([{ type: 'saved', listingKind: 'event', listingId: 'e1', userId: 'u1', saved: false }]);
    expect(scheduleChangesOf(recorded('HackathonDeleted', { hackathonId: 'h1', at: iso(start), byUserId: 'o' }))).toEqual([{ type: 'removed', listingKind: 'hackathon', listingId: 'h1' }]);
    expect(scheduleChangesOf(recorded('NotificationRead', { notificationId: 'n', at: iso(start) }))).toEqual([]);
    expect(scheduleChangesOf(recorded('HackathonJudgingSetupSaved', { hackathonId: 'h1', at: iso(start), byUserId: 'o', setup }))).toEqual([{ type: 'submission-deadline', hackathonId: 'h1', deadline: iso(start) }]);
    // A setup without a deadline of its own (''): the hackathon's end counts, as the projects' rules say.
    const noDeadline = { ...setup, submissionDeadline: '' };
    expect(scheduleChangesOf(recorded('HackathonJudgingSetupSaved', { hackathonId: 'h1', at: iso(start), byUserId: 'o', setup: noDeadline }))).toEqual([{ type: 'submission-deadline', hackathonId: 'h1', deadline: null }]);
  });
});
