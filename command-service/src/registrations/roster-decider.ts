import type { Decider } from '@circuit/shared/commands/decider';
import { conflict, notFound } from '@circuit/shared/commands/domain-errors';
import type { Entry, ListingFacts, Payment, RosterDefinition, RosterEvent, RosterState } from './roster-definition';
import { hasRoom, placesTaken, rosterFold } from './roster-fold';
import { Outcome } from './roster-outcome';
import { declineOffer, expireOverdue, joinLine, leaveLine, offerFreePlaces, openOffer, waitlistOf } from './roster-waitlist';

/**
 * One roster decider for every kind of listing (docs/architecture.md, "Where is capacity
 * enforced?"): given a kind's definition (roster-definition.ts), who holds a place, who waits, and
 * where each payment stands, on one stream per listing appended with the expected revision, so
 * simultaneous registrations never overfill it and the line has no gaps. What the roster needs of
 * the listing comes inside each command (`info`: the kind's HackathonInfo, EventInfo or QuizInfo),
 * so the decider stays pure.
 */

interface On<Info> {
  info: Info;
  now: Date;
}

export type RosterCommand<Info, Profile> =
  | ({ type: 'Register'; userId: string; profile: Profile; joinWaitlist?: boolean } & On<Info>)
  | ({ type: 'Unregister'; userId: string } & On<Info>)
  | ({ type: 'LeaveWaitlist'; userId: string } & On<Info>)
  | ({ type: 'AcceptOffer'; userId: string } & On<Info>)
  | ({ type: 'DeclineOffer'; userId: string } & On<Info>)
  /** A verified payment (the checkout's, or the gateway's webhook through the payment dispatcher): idempotent. `info` when the caller has it. */
  | { type: 'CompletePayment'; listingId: string; payer: string; orderId: string; paymentId: string; info?: Info; now: Date }
  | { type: 'FailPayment'; listingId: string; payer: string; orderId: string; reason: string; info?: Info; now: Date }
  /** The timer: payment holds and offers past their time are given up, and every free place is offered to the line. */
  | ({ type: 'Tick' } & On<Info>);

export type RosterDecider<Info, Profile, Event extends RosterEvent, Own> = Decider<RosterState<Profile, Own>, RosterCommand<Info, Profile>, Event>;

const live = (info: ListingFacts) => info.exists && !info.deleted;

export function rosterDecider<Info extends ListingFacts, Profile, Event extends RosterEvent, Own = null>(def: RosterDefinition<Info, Profile, Event, Own>): RosterDecider<Info, Profile, Event, Own> {
  const { initialState, evolve } = rosterFold(def);
  const m = def.messages;
  const pays = def.payments;
  const entrantPays = pays.by === 'entrant' ? pays : undefined;
  /** The field naming who pays in the payment events: the registrant, or the kind's group. */
  const payerKey = pays.by === 'entrant' ? 'userId' : pays.key;
  type Out = Outcome<Profile, Own, Event>;

  /** The payment a new place starts with: where registrants pay, a paid listing's is due (held for a while when the kind holds places). */
  function paymentOnEntry(info: Info, now: Date, holdUntil?: string): Payment | null {
    if (!entrantPays) return null;
    if (info.pricing.type !== 'paid') return { status: 'completed', holdUntil: null, paidOrderId: null };
    const hold = holdUntil ?? (entrantPays.hold ? new Date(now.getTime() + entrantPays.hold.ms).toISOString() : null);
    return { status: 'pending', holdUntil: hold, paidOrderId: null };
  }

  function enter(out: Out, info: Info, entry: Entry<Profile>): Event[] {
    return out.write(def.entry.event, { userId: entry.userId, ...def.entry.data(entry, info) }).events;
  }

  function register(out: Out, command: Extract<RosterCommand<Info, Profile>, { type: 'Register' }>): Event[] {
    const { info, now, userId, profile } = command;
    if (!live(info)) throw notFound(m.notFound);
    def.admits(info, now);
    const { state } = out;
    if (state.entrants[userId]) throw conflict(m.alreadyRegistered);
    // Registering with a place on offer confirms it.
    if (def.waitlist && state.offers[userId]) return acceptOffer(out, userId, info, now);
    if (def.waitlist && state.waitlist.includes(userId)) throw conflict(def.waitlist.messages.alreadyWaitlisted);
    def.admitsNewcomer?.(info, now);
    const capacity = def.capacity(info);
    // Places freed while people wait go to the line first, never to a newcomer.
    const full = capacity !== null && (placesTaken(state) >= capacity || state.waitlist.length > 0);
    if (full) {
      if (!def.waitlist || !command.joinWaitlist) throw conflict(m.full);
      return joinLine(def.waitlist, out, userId, profile);
    }
    return enter(out, info, { userId, profile, via: 'direct', payment: paymentOnEntry(info, now) });
  }

  function acceptOffer(out: Out, userId: string, info: Info, now: Date): Event[] {
    const waitlist = waitlistOf(def);
    if (!live(info)) throw notFound(m.notFound);
    if (out.state.entrants[userId]) throw conflict(m.alreadyRegistered);
    // A paid place confirmed from an offer is held until the offer would have ended.
    const expiresAt = openOffer(waitlist, out.state.offers, userId, now);
    const profile = out.state.waitingProfiles[userId] ?? waitlist.blankProfile;
    return enter(out, info, { userId, profile, via: 'waitlist', payment: paymentOnEntry(info, now, expiresAt) });
  }

  function unregister(out: Out, userId: string, info: Info, now: Date): Event[] {
    // A kind without unregistering has no route to it: a caller's mistake, not a user's.
    if (!def.unregister) throw new Error(`The ${def.listing.key} roster has no unregistering`);
    if (!live(info)) throw notFound(m.notFound);
    const { state } = out;
    if (state.entrants[userId]) {
      for (const event of def.unregister.leaving?.(state, userId, info, now) ?? []) out.add(event);
      out.write(def.unregister.event, { userId });
    } else if (def.waitlist && state.offers[userId]) out.write(def.waitlist.events.declined, { userId });
    else if (def.waitlist && state.waitlist.includes(userId)) return leaveLine(def.waitlist, out, userId);
    else throw conflict(m.notRegistered);
    offerFreePlaces(def, out, info, now);
    return out.events;
  }

  /** A payment that bought nothing: recorded once per order, and refunded (the payment dispatcher). */
  function unplaced(out: Out, command: Extract<RosterCommand<Info, Profile>, { type: 'CompletePayment' }>): Event[] {
    if (out.state.unplacedOrders.includes(command.orderId)) return [];
    return out.write(pays.events.unplaced, { [payerKey]: command.payer, orderId: command.orderId, paymentId: command.paymentId }).events;
  }
  const ended = (info: Info | undefined) => Boolean(entrantPays?.paymentsEndWithListing && info?.exists && info.deleted);

  function completePayment(out: Out, command: Extract<RosterCommand<Info, Profile>, { type: 'CompletePayment' }>): Event[] {
    const { payer, orderId, info } = command;
    if (ended(info)) return unplaced(out, command);
    const payment = out.state.payments[payer];
    if (payment?.status === 'completed') {
      // A repeated verification changes nothing; a second order paid (two checkouts open) is given back.
      return payment.paidOrderId !== null && payment.paidOrderId !== orderId ? unplaced(out, command) : [];
    }
    if (payment) return out.write(pays.events.paid, { [payerKey]: payer, orderId, paymentId: command.paymentId, ...(pays.by === 'group' ? pays.paidData : {}) }).events;
    // Paid after the place was given up (a retry after a declined card): back in where places are freed, one
    // is free and nobody waits for it; otherwise the payment bought nothing.
    const free = !out.state.offers[payer] && out.state.waitlist.length === 0;
    if (entrantPays?.freedOnFailure && info && live(info) && free && hasRoom(out.state, def.capacity(info))) {
      return enter(out, info, { userId: payer, profile: entrantPays.freedOnFailure.rejoinProfile, via: 'direct', payment: { status: 'completed', holdUntil: null, paidOrderId: null } });
    }
    return unplaced(out, command);
  }

  function failPayment(out: Out, command: Extract<RosterCommand<Info, Profile>, { type: 'FailPayment' }>): Event[] {
    const { payer, info, now } = command;
    if (ended(info) || out.state.payments[payer]?.status !== 'pending') return [];
    out.write(pays.events.failed, { [payerKey]: payer, orderId: command.orderId, reason: command.reason });
    if (info) offerFreePlaces(def, out, info, now);
    return out.events;
  }

  function decide(command: RosterCommand<Info, Profile>, state: RosterState<Profile, Own>): Event[] {
    const listingId = 'listingId' in command ? command.listingId : def.listing.idOf(command.info);
    const out: Out = new Outcome(state, evolve, { key: def.listing.key, id: listingId }, command.now.toISOString());
    switch (command.type) {
      case 'Register':
        return register(out, command);
      case 'Unregister':
        return unregister(out, command.userId, command.info, command.now);
      case 'LeaveWaitlist':
        return leaveLine(waitlistOf(def), out, command.userId);
      case 'AcceptOffer':
        return acceptOffer(out, command.userId, command.info, command.now);
      case 'DeclineOffer':
        return declineOffer(def, out, command.userId, command.info, command.now);
      case 'CompletePayment':
        return completePayment(out, command);
      case 'FailPayment':
        return failPayment(out, command);
      case 'Tick':
        return expireOverdue(def, out, command.info, command.now);
    }
  }

  return { initialState, evolve, decide };
}
