import { describe, expect, it } from 'vitest';
import { EventContentSchema, eventStream } from '@circuit/shared/events/event-listings';
import { eventRosterStream } from '@circuit/shared/events/event-registrations';
import { findEventRegistrationStatus, listEventCards, listEvents } from '@circuit/shared/read-models/events';
import { EventListQuerySchema } from '@circuit/shared/validation/events';
import { projectionHarness } from '../runner/projection-harness.testkit';
import { migrateEventsReadModels } from './events-migrations';
import { eventsProjection } from './events-projection';

/** Events in, rows out: the listing, its counts, the line's positions, offers, saves and calendar tokens. */
describe('events projection', () => {
  const t = projectionHarness([migrateEventsReadModels], [eventsProjection]);
  const T = '2030-03-01T10:00:00.000Z';
  const E = 'e1';
  const viewer = { userId: null, role: null };
  const content = EventContentSchema.parse({
    username: 'ev-one',
    title: 'Event One',
    shortDescription: 'Short',
    description: '<p>x</p>',
    organization: { name: 'Club' },
    dates: { registrationDeadline: '2030-03-05T00:00:00.000Z', startDate: '2030-03-06T00:00:00.000Z', endDate: '2030-03-07T00:00:00.000Z' },
    maxAttendees: 1,
    takeRegistrations: 'pending',
  });

  const append = (stream: string, events: { type: string; data: unknown }[]) => t.append(stream, events, T);
  const who = (userId: string) => ({ eventId: E, userId, at: T });

  it('lists an event once approved, counts attendees and the line, and numbers the line without gaps', async () => {
    await append(eventStream(E), [{ type: 'EventCreated', data: { eventId: E, createdBy: 'org', content, at: T } }]);
    await t.runner.rebuild();
    const now = new Date('2030-03-01T12:00:00.000Z');
    expect((await listEvents(t.knex, EventListQuerySchema.parse({}), now, viewer, null)).total).toBe(0);
    await append(eventStream(E), [{ type: 'EventApproved', data: { eventId: E, at: T, byUserId: 'mod' } }]);
    await append(eventRosterStream(E), [
      { type: 'EventAttendeeRegistered', data: { ...who('a'), profile: {}, paymentStatus: 'completed', holdUntil: null, via: 'direct', amount: 0, currency: 'USD' } },
      { type: 'EventWaitlistJoined', data: { ...who('b'), profile: {} } },
      { type: 'EventWaitlistJoined', data: { ...who('c'), profile: {} } },
      { type: 'EventWaitlistJoined', data: { ...who('d'), profile: {} } },
    ]);
    await t.runner.rebuild();
    const [card] = (await listEvents(t.knex, EventListQuerySchema.parse({}), now, viewer, null)).cards;
    expect(card).toMatchObject({ currentAttendees: 1, waitlistCount: 3, displayStatus: 'Upcoming', phase: 'registration_open' });
    expect((await findEventRegistrationStatus(t.knex, E, 'c')).waitlist).toEqual({ position: 2, total: 3 });

    // a leaves: b is offered the place (and leaves the line), c moves up to 1.
    await append(eventRosterStream(E), [
      { type: 'EventAttendeeUnregistered', data: who('a') },
      { type: 'EventPlaceOffered', data: { ...who('b'), expiresAt: '2030-03-02T10:00:00.000Z' } },
    ]);
    await t.runner.rebuild();
    expect(await findEventRegistrationStatus(t.knex, E, 'b')).toMatchObject({ registered: false, waitlist: null, offer: { expiresAt: '2030-03-02T10:00:00.000Z' } });
    expect((await findEventRegistrationStatus(t.knex, E, 'c')).waitlist).toEqual({ position: 1, total: 2 });
    expect((await findEventRegistrationStatus(t.knex, E, 'd')).waitlist).toEqual({ position: 2, total: 2 });

    // b confirms a paid place, then pays.
    await append(eventRosterStream(E), [
      { type: 'EventAttendeeRegistered', data: { ...who('b'), profile: {}, paymentStatus: 'pending', holdUntil: '2030-03-02T10:00:00.000Z', via: 'waitlist', amount: 10, currency: 'USD' } },
      { type: 'EventRegistrationPaid', data: { ...who('b'), orderId: 'order_1', paymentId: 'pay_1' } },
    ]);
    await t.runner.rebuild();
    expect(await findEventRegistrationStatus(t.knex, E, 'b')).toMatchObject({ registered: true, paymentStatus: 'completed', offer: null, holdUntil: null });
    expect((await listEventCards(t.knex, { registeredBy: 'b' }, now, viewer)).map((e) => e.id)).toEqual([E]);
  });

  it('keeps saves and the latest calendar token; a deleted event leaves no rows', async () => {
    await append(`event-save-${E}-u`, [{ type: 'EventSaved', data: { eventId: E, userId: 'u', at: T } }]);
    await append('calendar-feed-u', [
      { type: 'CalendarFeedTokenIssued', data: { userId: 'u', token: 'first-token-aaaaaaaa', at: T } },
      { type: 'CalendarFeedTokenIssued', data: { userId: 'u', token: 'second-token-bbbbbbb', at: T } },
    ]);
    await t.runner.rebuild();
    expect(await t.knex('event_saves').where({ user_id: 'u' })).toHaveLength(1);
    expect(await t.knex('calendar_feed_tokens').where({ user_id: 'u' }).pluck('token')).toEqual(['second-token-bbbbbbb']);
    await append(eventStream(E), [{ type: 'EventDeleted', data: { eventId: E, at: T, byUserId: 'org' } }]);
    await t.runner.rebuild();
    for (const table of ['events', 'event_saves', 'event_attendees', 'event_waitlist', 'event_offers']) expect(await t.knex(table)).toEqual([]);
  });
});
