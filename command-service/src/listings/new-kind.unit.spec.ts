import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { refused } from '@circuit/shared/commands/domain-errors';
import { paymentDispatch, type PaymentRoutes } from '../payments/payment-dispatch';
import { rosterDecider } from '../registrations/roster-decider';
import type { RosterDefinition } from '../registrations/roster-definition';
import { placesTaken } from '../registrations/roster-fold';
import { listingDecider } from './listing-decider';
import type { ListingKind, ListingState } from './listing-kind';
import { viewFold } from './listing-view';

/**
 * A fourth kind of listing that exists only in this file (a workshop: a content schema and a few
 * rules), taken through the shared cores unchanged: created pending, sent back and approved by a
 * moderator, registered to its capacity, paid, and a second payment for the same seat given back.
 */
const WorkshopContentSchema = z.object({ title: z.string().min(1), seats: z.number().int().positive(), fee: z.number().nonnegative() });
type WorkshopContent = z.infer<typeof WorkshopContentSchema>;

const workshopListing: ListingKind<'Workshop', WorkshopContent> = {
  prefix: 'Workshop',
  streams: { listing: (id) => `workshop-${id}`, save: (id, userId) => `workshop-save-${id}-${userId}` },
  messages: { notFound: 'Workshop not found', notAuthorizedEdit: 'Not yours to edit', notAuthorizedDelete: 'Not yours to delete', notStaff: 'Staff only', approveRejected: 'Rejected workshops wait for an edit' },
  // A workshop's title is its promise to those who registered: it stays.
  keepOnEdit: (stored, edited) => ({ ...edited, title: stored.title }),
};

/** What the roster needs of a workshop, read off its listing state. */
interface WorkshopInfo {
  id: string;
  exists: boolean;
  deleted: boolean;
  open: boolean;
  seats: number;
  pricing: { type: 'free' | 'paid'; amount: number; currency: string };
}
const infoOf = (listing: ListingState<WorkshopContent>): WorkshopInfo => ({
  id: listing.id,
  exists: listing.exists,
  deleted: listing.deleted,
  open: listing.status === 'accepted',
  seats: listing.content?.seats ?? 0,
  pricing: { type: listing.content?.fee ? 'paid' : 'free', amount: listing.content?.fee ?? 0, currency: 'INR' },
});

type Ev = { type: string; data: Record<string, unknown> };
const workshopRoster: RosterDefinition<WorkshopInfo, { name: string }, Ev> = {
  listing: { key: 'workshopId', idOf: (w) => w.id },
  messages: { notFound: 'Workshop not found', alreadyRegistered: 'Already registered', full: 'Workshop is full', notRegistered: 'Not registered' },
  entry: { event: 'WorkshopSeatTaken', data: ({ profile, payment }) => ({ profile, paymentStatus: payment?.status, holdUntil: payment?.holdUntil ?? null }) },
  admits: (w) => {
    if (!w.open) throw refused('Registrations are not open');
  },
  capacity: (w) => w.seats,
  payments: { by: 'entrant', events: { paid: 'WorkshopSeatPaid', failed: 'WorkshopSeatPaymentFailed', unplaced: 'WorkshopPaymentUnplaced' }, refund: { reason: 'Paid twice for one seat' } },
};

const NOW = new Date('2030-03-01T09:00:00.000Z');
const organiser = { userId: 'org', role: 'user' as const };
const moderator = { userId: 'mod', role: 'moderator' as const };
const content: WorkshopContent = WorkshopContentSchema.parse({ title: 'Rust in a day', seats: 2, fee: 300 });

describe('a fourth kind of listing, defined only here', () => {
  const listing = listingDecider(workshopListing);
  const workshopInfo = viewFold(listing, infoOf);
  const roster = rosterDecider(workshopRoster);
  const routes = { 'workshop-registration': { roster: { completePayment: async () => undefined, failPayment: async () => undefined }, payments: workshopRoster.payments } };

  it('goes through create, review, approve, register to capacity, pay, and a second payment refunded', () => {
    const history: Ev[] = [];
    const run = <C>(decide: (command: C, state: never) => unknown[], command: C, state: unknown) => {
      const events = decide(command, state as never) as Ev[];
      history.push(...events);
      return events;
    };
    const listingState = () => history.reduce((s, e) => listing.evolve(s, e as never), listing.initialState());
    const info = () => history.reduce((s, e) => workshopInfo.evolve(s, e), workshopInfo.initialState());

    // Created pending; a rejection stands until the organiser edits it, which sends it back to review.
    run(listing.decide, { type: 'CreateWorkshop', workshopId: 'w1', actor: organiser, content, now: NOW }, listingState());
    expect(listingState()).toMatchObject({ exists: true, status: 'pending', createdBy: 'org' });
    run(listing.decide, { type: 'RejectWorkshop', workshopId: 'w1', actor: moderator, reason: 'Add a room', now: NOW }, listingState());
    expect(() => listing.decide({ type: 'ApproveWorkshop', workshopId: 'w1', actor: moderator, now: NOW }, listingState())).toThrow('Rejected workshops wait for an edit');
    run(listing.decide, { type: 'UpdateWorkshop', workshopId: 'w1', actor: organiser, content: { ...content, title: 'Renamed' }, now: NOW }, listingState());
    expect(listingState()).toMatchObject({ status: 'pending', content: { title: 'Rust in a day' } });
    expect(() => listing.decide({ type: 'ApproveWorkshop', workshopId: 'w1', actor: organiser, now: NOW }, listingState())).toThrow('Staff only');
    run(listing.decide, { type: 'ApproveWorkshop', workshopId: 'w1', actor: moderator, now: NOW }, listingState());
    expect(info()).toMatchObject({ open: true, seats: 2, pricing: { type: 'paid', amount: 300 } });

    // Registered to capacity: the third is refused; each seat awaits its fee.
    const rosterEvents: Ev[] = [];
    const rosterState = () => rosterEvents.reduce(roster.evolve, roster.initialState());
    const register = (userId: string) => roster.decide({ type: 'Register', userId, profile: { name: userId }, info: info(), now: NOW }, rosterState());
    rosterEvents.push(...register('ana'), ...register('ben'));
    expect(() => register('cai')).toThrow('Workshop is full');
    expect(placesTaken(rosterState())).toBe(2);
    expect(rosterState().payments['ana']).toMatchObject({ status: 'pending' });

    // Paid once; the same seat paid again through a second order bought nothing and is refunded, once.
    const pay = (orderId: string) => roster.decide({ type: 'CompletePayment', listingId: 'w1', payer: 'ana', orderId, paymentId: `pay_${orderId}`, info: info(), now: NOW }, rosterState());
    rosterEvents.push(...pay('order_1'));
    expect(rosterState().payments['ana']).toMatchObject({ status: 'completed', paidOrderId: 'order_1' });
    expect(pay('order_1')).toEqual([]);
    const unplaced = pay('order_2');
    expect(unplaced.map((e) => e.type)).toEqual(['WorkshopPaymentUnplaced']);
    rosterEvents.push(...unplaced);
    expect(pay('order_2')).toEqual([]);

    const dispatch = paymentDispatch(routes as unknown as PaymentRoutes);
    const recorded = { ...unplaced[0]!, id: 'e1', streamId: 'workshop-roster-w1', revision: 3, position: 9n, metadata: {}, occurredAt: NOW.toISOString() };
    expect(dispatch(recorded)).toEqual([{ kind: 'refund', orderId: 'order_2', reason: 'Paid twice for one seat', payerId: 'ana' }]);
  });
});
