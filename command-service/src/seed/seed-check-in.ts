import { toNewEvents, type CommandContext } from '@circuit/shared/commands/decider';
import { checkInStream, coHostStream } from '@circuit/shared/events/check-in';
import { eventStream, eventSlugStream } from '@circuit/shared/events/event-listings';
import { eventRosterStream } from '@circuit/shared/events/event-registrations';
import type { EventStore } from '@circuit/shared/ports/event-store';
import { ticketIdOf } from '@circuit/shared/tickets/ticket-id';
import { EventFormSchema } from '@circuit/shared/validation/events';
import { seedId } from './seed-ids';

const MIN = 60_000;
const HOUR = 60 * MIN;

export const LIVE_EVENT_USERNAME = 'demo-day-live';

/** People at the door besides the demo users, so the board has a crowd to search. */
export const LIVE_EVENT_GUESTS = [
  { username: 'devika_rao', email: 'devika@circuit.local', firstName: 'Devika', lastName: 'Rao' },
  { username: 'farhan_ali', email: 'farhan@circuit.local', firstName: 'Farhan', lastName: 'Ali' },
  { username: 'lakshmi_iyer', email: 'lakshmi@circuit.local', firstName: 'Lakshmi', lastName: 'Iyer' },
] as const;

export interface LiveEventPeople {
  organiser: { userId: string };
  /** Checks people in: a check-in co-host. */
  doorkeeper: { userId: string };
  /** Holders of a place, in order; the first `checkedIn` of them are in already. */
  attendees: { userId: string; firstName: string; lastName: string }[];
  checkedIn: number;
}

/**
 * A free event at a venue that started an hour before the seed and ends later that day, with its
 * attendees registered, a check-in co-host, and some of them checked in by that co-host: the
 * check-in screen has a live door to open (docs/day-of.md). Written as the events the commands
 * would append (registration closed before it started, so no command could register them now);
 * skipped when an earlier run made it.
 */
export async function seedLiveEvent(store: EventStore, people: LiveEventPeople, now: Date, ctx: CommandContext): Promise<string | null> {
  const eventId = seedId('live-event');
  if ((await store.readStream(eventStream(eventId))).length > 0) return null;
  const at = (ms: number) => new Date(now.getTime() + ms).toISOString();
  const content = {
    ...EventFormSchema.parse({
      username: LIVE_EVENT_USERNAME,
      title: 'Circuit Demo Day',
      shortDescription: 'Student teams demo what they built this term. Doors are open now.',
      description: '<p>Demos, a poster hall and chai. Show your ticket at the door.</p>',
      organization: { name: 'Circuit Club', website: 'https://example.org' },
      location: { type: 'offline', country: 'India', state: 'Karnataka', city: 'Bengaluru', address: 'Hall B, 12 Residency Road' },
      dates: { registrationDeadline: at(-2 * HOUR), startDate: at(-HOUR), endDate: at(5 * HOUR) },
      eventType: 'conference',
      category: 'technology',
      tags: ['demo-day', 'check-in'],
      timeZone: 'Asia/Kolkata',
    }),
    takeRegistrations: 'true' as const,
  };
  const created = at(-3 * 24 * HOUR);
  const { organiser, doorkeeper, attendees } = people;
  await store.append(eventSlugStream(LIVE_EVENT_USERNAME), toNewEvents([{ type: 'EventSlugReserved', data: { slug: LIVE_EVENT_USERNAME, eventId, at: created } }], ctx, created), 'any');
  await store.append(
    eventStream(eventId),
    toNewEvents([{ type: 'EventCreated', data: { eventId, createdBy: organiser.userId, content, at: created } }, { type: 'EventApproved', data: { eventId, at: created, byUserId: organiser.userId } }], ctx, created),
    'no_stream',
  );
  const profile = (a: LiveEventPeople['attendees'][number]) => ({ firstName: a.firstName, lastName: a.lastName, college: 'Circuit Institute of Technology', course: 'B.Tech', branch: 'Computer Science', collegeYear: '3rd Year', country: 'India', state: 'Karnataka', mobile: '9876500000' });
  const registered = attendees.map((a, i) => ({
    type: 'EventAttendeeRegistered',
    data: { eventId, userId: a.userId, at: at(-2 * 24 * HOUR + i * MIN), profile: profile(a), paymentStatus: 'completed', holdUntil: null, via: 'direct', amount: 0, currency: 'INR' },
  }));
  await store.append(eventRosterStream(eventId), toNewEvents(registered, ctx, created), 'any');
  const listing = { listingKind: 'event' as const, listingId: eventId };
  await store.append(coHostStream('event', eventId), toNewEvents([{ type: 'ListingCoHostAdded', data: { ...listing, at: at(-26 * HOUR), byUserId: organiser.userId, userId: doorkeeper.userId, role: 'check-in' } }], ctx, created), 'any');
  const checkIns = attendees.slice(0, people.checkedIn).map((a, i) => ({
    type: 'AttendeeCheckedIn',
    data: { ...listing, at: at(-50 * MIN + i * 7 * MIN), byUserId: doorkeeper.userId, attendeeId: a.userId, ticketId: ticketIdOf('event', eventId, a.userId), scanId: seedId('live-event-scan', i), method: 'ticket', scannedAt: at(-50 * MIN + i * 7 * MIN) },
  }));
  await store.append(checkInStream('event', eventId), toNewEvents(checkIns, ctx, at(-50 * MIN)), 'any');
  return eventId;
}
