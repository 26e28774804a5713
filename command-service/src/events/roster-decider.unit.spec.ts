import { describe, expect, it } from 'vitest';
import { given } from '@circuit/shared/testkit/given-when-then';
import { EventRegistrationMessages as M } from '@circuit/shared/validation/events';
import { acceptedListing } from '../listings/listing-fixtures.testkit';
import type { EventInfo } from './event-decider';
import { nextDeadline, placesTaken, rosterDecider, type RosterEvent } from './roster-decider';

const now = new Date('2030-01-10T10:00:00.000Z');
const at = now.toISOString();
const HOUR = 3_600_000;
const E = 'e1';
const info = (over: Partial<EventInfo> = {}): EventInfo => ({
  ...acceptedListing,
  eventId: E,
  createdBy: 'org',
  username: 'meetup',
  title: 'Meetup',
  takeRegistrations: 'pending',
  registrationDeadline: '2030-01-20T00:00:00.000Z',
  startDate: '2030-01-21T00:00:00.000Z',
  endDate: '2030-01-22T00:00:00.000Z',
  maxAttendees: 2,
  pricing: { type: 'free', amount: 0, currency: 'USD' },
  ...over,
});
const paid = info({ pricing: { type: 'paid', amount: 10, currency: 'USD' } });

const registered = (userId: string, over: Partial<Extract<RosterEvent, { type: 'EventAttendeeRegistered' }>['data']> = {}): RosterEvent => ({
  type: 'EventAttendeeRegistered',
  data: { eventId: E, userId, profile: {}, paymentStatus: 'completed', holdUntil: null, via: 'direct', amount: 0, currency: 'USD', at, ...over },
});
const joined = (userId: string): RosterEvent => ({ type: 'EventWaitlistJoined', data: { eventId: E, userId, profile: { firstName: userId }, at } });
const offered = (userId: string, expiresAt: string, when = at): RosterEvent => ({ type: 'EventPlaceOffered', data: { eventId: E, userId, expiresAt, at: when } });
const in24h = (from: Date) => new Date(from.getTime() + 24 * HOUR).toISOString();

describe('event registration', () => {
  it('registers while places are left, paid events with the fee due for 30 minutes', () => {
    given(rosterDecider, []).when({ type: 'Register', userId: 'a', profile: {}, joinWaitlist: false, event: info(), now }).then([registered('a')]);
    given(rosterDecider, [])
      .when({ type: 'Register', userId: 'a', profile: {}, joinWaitlist: false, event: paid, now })
      .then([registered('a', { paymentStatus: 'pending', holdUntil: new Date(now.getTime() + 30 * 60_000).toISOString(), amount: 10 })]);
  });

  it('never exceeds maxAttendees: when full it refuses, or puts the user in line when asked', () => {
    const full = given(rosterDecider, [registered('a'), registered('b')]);
    full.when({ type: 'Register', userId: 'c', profile: {}, joinWaitlist: false, event: info(), now }).thenThrows('conflict', M.full);
    full.when({ type: 'Register', userId: 'c', profile: {}, joinWaitlist: true, event: info(), now }).then([{ type: 'EventWaitlistJoined', data: { eventId: E, userId: 'c', profile: {}, at } }]);
  });

  it('0 attendees means unlimited', () => {
    const many = Array.from({ length: 50 }, (_, i) => registered(`u${i}`));
    given(rosterDecider, many).when({ type: 'Register', userId: 'x', profile: {}, joinWaitlist: false, event: info({ maxAttendees: 0 }), now }).then([registered('x')]);
  });

  it('refuses a second registration, a closed, unapproved or past-deadline event', () => {
    given(rosterDecider, [registered('a')]).when({ type: 'Register', userId: 'a', profile: {}, joinWaitlist: false, event: info(), now }).thenThrows('conflict', M.alreadyRegistered);
    given(rosterDecider, [joined('a')]).when({ type: 'Register', userId: 'a', profile: {}, joinWaitlist: true, event: info({ maxAttendees: 0 }), now }).thenThrows('conflict', M.alreadyWaitlisted);
    given(rosterDecider, []).when({ type: 'Register', userId: 'a', profile: {}, joinWaitlist: false, event: info({ status: 'pending' }), now }).thenThrows('conflict', M.notOpen);
    given(rosterDecider, []).when({ type: 'Register', userId: 'a', profile: {}, joinWaitlist: false, event: info({ takeRegistrations: 'false' }), now }).thenThrows('conflict', M.notOpen);
    given(rosterDecider, []).when({ type: 'Register', userId: 'a', profile: {}, joinWaitlist: false, event: info({ registrationDeadline: '2030-01-01T00:00:00.000Z' }), now }).thenThrows('conflict', M.deadlinePassed);
  });

  it('a newcomer never jumps the line, even when a place is free', () => {
    // maxAttendees raised to 3 while two wait: the free place goes to the line (on the next tick), not to "d".
    given(rosterDecider, [registered('a'), registered('b'), joined('c')])
      .when({ type: 'Register', userId: 'd', profile: {}, joinWaitlist: true, event: info({ maxAttendees: 3 }), now })
      .then([{ type: 'EventWaitlistJoined', data: { eventId: E, userId: 'd', profile: {}, at } }]);
  });
});

describe('waitlist promotion', () => {
  const line = [registered('a'), registered('b'), joined('c'), joined('d')];

  it('an unregistration offers the place to the first in line for 24 hours, in the same append', () => {
    const step = given(rosterDecider, line).when({ type: 'Unregister', userId: 'a', event: info(), now });
    step.then([{ type: 'EventAttendeeUnregistered', data: { eventId: E, userId: 'a', at } }, offered('c', in24h(now))]);
    expect(step.stateAfter().waitlist).toEqual(['d']);
    expect(placesTaken(step.stateAfter())).toBe(2);
  });

  it('accepting registers the offered user with the profile they joined with; a paid event holds the place until the offer ends', () => {
    const later = new Date(now.getTime() + 2 * HOUR);
    given(rosterDecider, [...line, offered('c', in24h(now))])
      .when({ type: 'AcceptOffer', userId: 'c', event: info(), now: later })
      .then([registered('c', { profile: { firstName: 'c' }, via: 'waitlist', at: later.toISOString() })]);
    given(rosterDecider, [...line, offered('c', in24h(now))])
      .when({ type: 'AcceptOffer', userId: 'c', event: paid, now: later })
      .then([registered('c', { profile: { firstName: 'c' }, via: 'waitlist', paymentStatus: 'pending', holdUntil: in24h(now), amount: 10, at: later.toISOString() })]);
  });

  it('an offer past its 24 hours cannot be accepted; the timer expires it and offers the next in line', () => {
    const events = [...line.filter((e) => e.data.userId !== 'a'), offered('c', in24h(now))];
    const dayLater = new Date(now.getTime() + 24 * HOUR);
    given(rosterDecider, events).when({ type: 'AcceptOffer', userId: 'c', event: info(), now: dayLater }).thenThrows('conflict', M.noOffer);
    // One minute before: nothing to do.
    given(rosterDecider, events).when({ type: 'Tick', event: info(), now: new Date(dayLater.getTime() - 60_000) }).then([]);
    given(rosterDecider, events)
      .when({ type: 'Tick', event: info(), now: dayLater })
      .then([{ type: 'EventOfferExpired', data: { eventId: E, userId: 'c', at: dayLater.toISOString() } }, offered('d', in24h(dayLater), dayLater.toISOString())]);
  });

  it('a declined offer passes on at once; leaving the line moves the others up', () => {
    given(rosterDecider, [registered('a'), joined('c'), joined('d'), offered('b', in24h(now))])
      .when({ type: 'DeclineOffer', userId: 'b', event: info(), now })
      .then([{ type: 'EventOfferDeclined', data: { eventId: E, userId: 'b', at } }, offered('c', in24h(now))]);
    const left = given(rosterDecider, line).when({ type: 'LeaveWaitlist', userId: 'c', event: info(), now });
    expect(left.stateAfter().waitlist).toEqual(['d']);
  });

  it('a failed payment frees the place; an unpaid hold that runs out does too', () => {
    const hold = new Date(now.getTime() + 30 * 60_000).toISOString();
    const pending = [registered('a', { paymentStatus: 'pending', holdUntil: hold }), registered('b'), joined('c')];
    given(rosterDecider, pending)
      .when({ type: 'FailPayment', userId: 'a', orderId: 'order_1', reason: 'declined', event: paid, now })
      .then([{ type: 'EventRegistrationPaymentFailed', data: { eventId: E, userId: 'a', orderId: 'order_1', reason: 'declined', at } }, offered('c', in24h(now))]);
    const late = new Date(Date.parse(hold));
    given(rosterDecider, pending)
      .when({ type: 'Tick', event: paid, now: late })
      .then([{ type: 'EventRegistrationExpired', data: { eventId: E, userId: 'a', at: late.toISOString() } }, offered('c', in24h(late), late.toISOString())]);
    expect(nextDeadline(given(rosterDecider, pending).state())).toBe(hold);
  });

  it('a payment is recorded once; one that arrives after its place passed on is marked for a refund, once', () => {
    const pending = [registered('a', { paymentStatus: 'pending', holdUntil: in24h(now) })];
    const paidOnce = given(rosterDecider, pending).when({ type: 'CompletePayment', userId: 'a', orderId: 'o', paymentId: 'p', event: paid, now });
    paidOnce.then([{ type: 'EventRegistrationPaid', data: { eventId: E, userId: 'a', orderId: 'o', paymentId: 'p', at } }]);
    given(rosterDecider, [...pending, ...paidOnce.events()]).when({ type: 'CompletePayment', userId: 'a', orderId: 'o', paymentId: 'p', event: paid, now }).then([]);
    // A second checkout paid as well: that order is given back.
    given(rosterDecider, [...pending, ...paidOnce.events()])
      .when({ type: 'CompletePayment', userId: 'a', orderId: 'o2', paymentId: 'p2', event: paid, now })
      .then([{ type: 'EventPaymentUnplaced', data: { eventId: E, userId: 'a', orderId: 'o2', paymentId: 'p2', at } }]);
    // Paid after the registration ended: back in only when a place is free and nobody waits for it.
    const unplaced: RosterEvent = { type: 'EventPaymentUnplaced', data: { eventId: E, userId: 'a', orderId: 'o', paymentId: 'p', at } };
    given(rosterDecider, [registered('b'), registered('c')]).when({ type: 'CompletePayment', userId: 'a', orderId: 'o', paymentId: 'p', event: paid, now }).then([unplaced]);
    // The webhook after the checkout's verification: the refund is already due, nothing more.
    given(rosterDecider, [registered('b'), registered('c'), unplaced]).when({ type: 'CompletePayment', userId: 'a', orderId: 'o', paymentId: 'p', event: paid, now }).then([]);
    given(rosterDecider, [registered('b')]).when({ type: 'CompletePayment', userId: 'a', orderId: 'o', paymentId: 'p', event: info({ ...paid, deleted: true }), now }).then([unplaced]);
    given(rosterDecider, [registered('b')])
      .when({ type: 'CompletePayment', userId: 'a', orderId: 'o', paymentId: 'p', event: paid, now })
      .then([registered('a', { amount: 10 })]);
  });

  it('no offers once the event has started', () => {
    given(rosterDecider, line).when({ type: 'Unregister', userId: 'a', event: info(), now: new Date('2030-01-21T01:00:00.000Z') }).then((events) => {
      expect(events.map((e) => e.type)).toEqual(['EventAttendeeUnregistered']);
    });
  });
});
