import { describe, expect, it } from 'vitest';
import { given } from '@circuit/shared/testkit/given-when-then';
import { conflict } from '@circuit/shared/commands/domain-errors';
import { rosterDecider, type RosterCommand } from './roster-decider';
import type { ListingFacts, RosterDefinition } from './roster-definition';
import { nextDeadline, placesTaken } from './roster-fold';

/**
 * The core on a kind that exists only here (a workshop: seats, a fee held for 10 minutes, a
 * waitlist), to show that a definition is all a new kind needs; and a kind whose groups pay.
 */
interface Workshop extends ListingFacts {
  id: string;
  seats: number;
  open: boolean;
  startsAt: string;
}
type Ev = { type: string; data: Record<string, unknown> };

const now = new Date('2030-01-10T10:00:00.000Z');
const at = now.toISOString();
const later = (ms: number) => new Date(now.getTime() + ms);
const MIN = 60_000;
const workshop = (over: Partial<Workshop> = {}): Workshop => ({ id: 'w1', exists: true, deleted: false, seats: 2, open: true, startsAt: '2030-02-01T00:00:00.000Z', pricing: { type: 'free', amount: 0, currency: 'INR' }, ...over });
const paid = workshop({ pricing: { type: 'paid', amount: 5, currency: 'INR' } });

const definition: RosterDefinition<Workshop, { name: string }, Ev> = {
  listing: { key: 'workshopId', idOf: (w) => w.id },
  messages: { notFound: 'No such workshop', alreadyRegistered: 'Already in', full: 'Full', notRegistered: 'Not in' },
  entry: { event: 'Seated', data: ({ profile, payment, via }) => ({ profile, via, paymentStatus: payment?.status, holdUntil: payment?.holdUntil ?? null }) },
  admits: (w) => {
    if (!w.open) throw conflict('Closed');
  },
  capacity: (w) => w.seats,
  payments: {
    by: 'entrant',
    events: { paid: 'SeatPaid', failed: 'SeatPaymentFailed', unplaced: 'SeatPaymentUnplaced' },
    hold: { ms: 10 * MIN, expired: 'SeatExpired' },
    freedOnFailure: { rejoinProfile: { name: '' } },
    paymentsEndWithListing: true,
    refund: { reason: 'No seat' },
  },
  unregister: { event: 'Unseated' },
  waitlist: {
    offerHoldMs: 60 * MIN,
    offersUntil: (w) => w.startsAt,
    blankProfile: { name: '' },
    events: { joined: 'Queued', left: 'Unqueued', offered: 'SeatOffered', declined: 'OfferDeclined', expired: 'OfferExpired' },
    messages: { alreadyWaitlisted: 'Already queued', notWaitlisted: 'Not queued', noOffer: 'No offer' },
  },
};
const roster = rosterDecider(definition);
type Command = RosterCommand<Workshop, { name: string }>;

const seated = (userId: string, over: Record<string, unknown> = {}): Ev => ({ type: 'Seated', data: { workshopId: 'w1', userId, profile: { name: userId }, via: 'direct', paymentStatus: 'completed', holdUntil: null, at, ...over } });
const queued = (userId: string): Ev => ({ type: 'Queued', data: { workshopId: 'w1', userId, profile: { name: userId }, at } });
const register = (userId: string, info = workshop(), joinWaitlist = false): Command => ({ type: 'Register', userId, profile: { name: userId }, joinWaitlist, info, now });
const pay = (payer: string, orderId = 'o1', info: Workshop = paid): Command => ({ type: 'CompletePayment', listingId: 'w1', payer, orderId, paymentId: `p-${orderId}`, info, now });

describe('the roster core, on a kind defined only here', () => {
  it('takes one place per user and never more than the capacity', () => {
    given(roster, []).when(register('a')).then([seated('a')]);
    given(roster, [seated('a')]).when(register('a')).thenThrows('conflict', 'Already in');
    given(roster, [seated('a'), seated('b')]).when(register('c')).thenThrows('conflict', 'Full');
    given(roster, []).when(register('a', workshop({ open: false }))).thenThrows('conflict', 'Closed');
    given(roster, []).when(register('a', workshop({ deleted: true }))).thenThrows('not_found', 'No such workshop');
  });

  it('holds a paid place for its payment; the timer gives up an unpaid one and offers it to the line', () => {
    const step = given(roster, []).when(register('a', paid));
    step.then([seated('a', { paymentStatus: 'pending', holdUntil: later(10 * MIN).toISOString() })]);
    expect(nextDeadline(step.stateAfter())).toBe(later(10 * MIN).toISOString());
    const line = [...step.events(), seated('b'), queued('c')];
    const tick = later(10 * MIN);
    given(roster, line)
      .when({ type: 'Tick', info: paid, now: tick })
      .then([
        { type: 'SeatExpired', data: { workshopId: 'w1', userId: 'a', at: tick.toISOString() } },
        { type: 'SeatOffered', data: { workshopId: 'w1', userId: 'c', expiresAt: later(70 * MIN).toISOString(), at: tick.toISOString() } },
      ]);
  });

  it('records a payment once; a second order, or one after the listing is deleted, is unplaced once', () => {
    const pending = [seated('a', { paymentStatus: 'pending', holdUntil: later(10 * MIN).toISOString() })];
    const first = given(roster, pending).when(pay('a')).then([{ type: 'SeatPaid', data: { workshopId: 'w1', userId: 'a', orderId: 'o1', paymentId: 'p-o1', at } }]);
    given(roster, [...pending, ...first]).when(pay('a')).then([]);
    const unplaced = { type: 'SeatPaymentUnplaced', data: { workshopId: 'w1', userId: 'a', orderId: 'o2', paymentId: 'p-o2', at } };
    given(roster, [...pending, ...first]).when(pay('a', 'o2')).then([unplaced]);
    given(roster, [...pending, ...first, unplaced]).when(pay('a', 'o2')).then([]);
    given(roster, pending)
      .when(pay('a', 'o1', { ...paid, deleted: true }))
      .then((events) => expect(events.map((e) => e.type)).toEqual(['SeatPaymentUnplaced']));
  });

  it('frees the place of a failed payment; a payment after that takes a free place back', () => {
    const pending = [seated('a', { paymentStatus: 'pending', holdUntil: later(10 * MIN).toISOString() })];
    const failed = given(roster, pending).when({ type: 'FailPayment', listingId: 'w1', payer: 'a', orderId: 'o1', reason: 'declined', info: paid, now });
    expect(placesTaken(failed.stateAfter())).toBe(0);
    given(roster, [...pending, ...failed.events()])
      .when(pay('a'))
      .then([seated('a', { profile: { name: '' } })]);
  });

  it('cancels, offering the freed place to the first in line; an offer is confirmed with the profile given in line', () => {
    const full = [seated('a'), seated('b'), queued('c')];
    given(roster, full).when(register('d', workshop(), true)).then([queued('d')]);
    const cancelled = given(roster, full).when({ type: 'Unregister', userId: 'a', info: workshop(), now });
    expect(cancelled.events().map((e) => e.type)).toEqual(['Unseated', 'SeatOffered']);
    given(roster, [...full, ...cancelled.events()]).when({ type: 'AcceptOffer', userId: 'c', info: workshop(), now: later(MIN) }).then([seated('c', { via: 'waitlist', at: later(MIN).toISOString() })]);
    given(roster, [...full, ...cancelled.events()]).when({ type: 'AcceptOffer', userId: 'c', info: workshop(), now: later(60 * MIN) }).thenThrows('conflict', 'No offer');
  });
});

describe('a kind whose groups pay', () => {
  type Crew = { crews: Record<string, true> };
  const groups = rosterDecider<Workshop, { name: string }, Ev, Crew>({
    ...definition,
    unregister: { event: 'Unseated' },
    payments: { by: 'group', key: 'crewId', events: definition.payments.events, refund: { reason: 'No crew' }, paidData: { via: 'payment' } },
    waitlist: undefined,
    own: {
      initial: () => ({ crews: {} }),
      evolve: (own, event) => (event.type === 'CrewFormed' ? { crews: { ...own.crews, [String(event.data.crewId)]: true } } : own),
      payment: (event) => (event.type === 'CrewFormed' ? { payer: String(event.data.crewId), change: 'due' } : null),
    },
  });

  it('completes the payment its own event made due, once, and refunds one for a crew it never had', () => {
    const formed = { type: 'CrewFormed', data: { workshopId: 'w1', crewId: 'k1', at } };
    const step = given(groups, [seated('a'), formed]).when(pay('k1'));
    step.then([{ type: 'SeatPaid', data: { workshopId: 'w1', crewId: 'k1', orderId: 'o1', paymentId: 'p-o1', via: 'payment', at } }]);
    expect(step.stateAfter().own.crews).toEqual({ k1: true });
    given(groups, [formed, ...step.events()]).when(pay('k1')).then([]);
    given(groups, [formed]).when(pay('k9')).then([{ type: 'SeatPaymentUnplaced', data: { workshopId: 'w1', crewId: 'k9', orderId: 'o1', paymentId: 'p-o1', at } }]);
  });
});
