import type { Decider } from '@circuit/shared/commands/decider';
import type { DomainEvent } from '@circuit/shared/events/catalogue';
import { EVENT_LIMITS } from '@circuit/shared/event-listings/options';
import { conflict, notFound } from '@circuit/shared/commands/domain-errors';
import { EventMessages, EventRegistrationMessages as M, type EventRegistrationProfile } from '@circuit/shared/validation/events';
import { takesRegistrations, type EventInfo } from './event-decider';

/**
 * The roster of one event (`event-roster-<id>`): who holds a place, who waits in line, and who has
 * a place on offer. Every rule is decided on this one state, appended with the expected revision:
 * the capacity is never exceeded and the line has no gaps, however many arrive at once. A freed
 * place is offered to the first in line in the same append that frees it.
 */
export interface Attendee {
  paymentStatus: 'completed' | 'pending';
  /** While the payment is due: when the place is given up. */
  holdUntil: string | null;
  /** The order whose payment was recorded (null: free, not yet paid, or back in after a late payment). */
  paidOrderId: string | null;
}

export interface RosterState {
  attendees: Readonly<Record<string, Attendee>>;
  /** The line, first first. */
  waitlist: readonly string[];
  /** The profile each waiting user registered with (used when they confirm an offer). */
  profiles: Readonly<Record<string, EventRegistrationProfile>>;
  /** Open offers: user -> expiry. */
  offers: Readonly<Record<string, string>>;
  /** Orders whose payment came too late for a place (each is refunded once). */
  unplacedOrders: readonly string[];
}

export type RosterEvent = DomainEvent<
  | 'EventAttendeeRegistered'
  | 'EventAttendeeUnregistered'
  | 'EventRegistrationPaid'
  | 'EventPaymentUnplaced'
  | 'EventRegistrationPaymentFailed'
  | 'EventRegistrationExpired'
  | 'EventWaitlistJoined'
  | 'EventWaitlistLeft'
  | 'EventPlaceOffered'
  | 'EventOfferDeclined'
  | 'EventOfferExpired'
>;

interface At {
  event: EventInfo;
  now: Date;
}

export type RosterCommand =
  | ({ type: 'Register'; userId: string; profile: EventRegistrationProfile; joinWaitlist: boolean } & At)
  | ({ type: 'Unregister'; userId: string } & At)
  | ({ type: 'LeaveWaitlist'; userId: string } & At)
  | ({ type: 'AcceptOffer'; userId: string } & At)
  | ({ type: 'DeclineOffer'; userId: string } & At)
  | ({ type: 'CompletePayment'; userId: string; orderId: string; paymentId: string } & At)
  | ({ type: 'FailPayment'; userId: string; orderId: string; reason: string } & At)
  /** The timer: expire overdue payment holds and offers, and offer every free place to the line. */
  | ({ type: 'Tick' } & At);

export const initialRosterState = (): RosterState => ({ attendees: {}, waitlist: [], profiles: {}, offers: {}, unplacedOrders: [] });

function without<V>(record: Readonly<Record<string, V>>, key: string): Record<string, V> {
  const { [key]: _gone, ...rest } = record;
  return rest;
}

export function evolveRoster(state: RosterState, event: RosterEvent): RosterState {
  const userId = event.data.userId;
  switch (event.type) {
    case 'EventAttendeeRegistered': {
      const d = event.data;
      return {
        ...state,
        attendees: { ...state.attendees, [userId]: { paymentStatus: d.paymentStatus, holdUntil: d.holdUntil, paidOrderId: null } },
        offers: without(state.offers, userId),
        waitlist: state.waitlist.filter((u) => u !== userId),
        profiles: without(state.profiles, userId),
      };
    }
    case 'EventRegistrationPaid': {
      const attendee = state.attendees[userId];
      if (!attendee) return state;
      return { ...state, attendees: { ...state.attendees, [userId]: { paymentStatus: 'completed', holdUntil: null, paidOrderId: event.data.orderId } } };
    }
    case 'EventPaymentUnplaced':
      return { ...state, unplacedOrders: [...state.unplacedOrders, event.data.orderId] };
    case 'EventAttendeeUnregistered':
    case 'EventRegistrationPaymentFailed':
    case 'EventRegistrationExpired':
      return { ...state, attendees: without(state.attendees, userId) };
    case 'EventWaitlistJoined':
      return { ...state, waitlist: [...state.waitlist, userId], profiles: { ...state.profiles, [userId]: event.data.profile } };
    case 'EventWaitlistLeft':
      return { ...state, waitlist: state.waitlist.filter((u) => u !== userId), profiles: without(state.profiles, userId) };
    case 'EventPlaceOffered':
      // The offered user leaves the line; their profile stays for the confirmation.
      return { ...state, waitlist: state.waitlist.filter((u) => u !== userId), offers: { ...state.offers, [userId]: event.data.expiresAt } };
    case 'EventOfferDeclined':
    case 'EventOfferExpired':
      return { ...state, offers: without(state.offers, userId), profiles: without(state.profiles, userId) };
  }
}

/** Places taken: registrations (paid or not yet) and open offers. */
export const placesTaken = (state: RosterState) => Object.keys(state.attendees).length + Object.keys(state.offers).length;
const hasRoom = (state: RosterState, max: number) => max === 0 || placesTaken(state) < max;

/** Appends events one by one, folding each, so later decisions see the earlier ones. */
class Outcome {
  readonly events: RosterEvent[] = [];
  constructor(public state: RosterState) {}
  push(event: RosterEvent): this {
    this.events.push(event);
    this.state = evolveRoster(this.state, event);
    return this;
  }
}

/** Offers every free place to the line, first first, while the event has not started. */
function offerFreePlaces(out: Outcome, event: EventInfo, now: Date): void {
  if (now.getTime() >= Date.parse(event.startDate)) return;
  const expiresAt = new Date(now.getTime() + EVENT_LIMITS.offerHoldMs).toISOString();
  while (out.state.waitlist.length > 0 && hasRoom(out.state, event.maxAttendees)) {
    out.push({ type: 'EventPlaceOffered', data: { eventId: event.eventId, userId: out.state.waitlist[0]!, expiresAt, at: now.toISOString() } });
  }
}

function assertOpen(event: EventInfo, now: Date): void {
  if (!event.exists || event.deleted) throw notFound(EventMessages.notFound);
  if (event.status !== 'accepted' || !takesRegistrations(event)) throw conflict(M.notOpen);
  const deadline = Date.parse(event.registrationDeadline);
  if (!Number.isFinite(deadline) || now.getTime() > deadline) throw conflict(M.deadlinePassed);
}

function registration(event: EventInfo, userId: string, profile: EventRegistrationProfile, via: 'direct' | 'waitlist', holdUntil: string, now: Date): RosterEvent {
  const paid = event.pricing.type === 'paid';
  return {
    type: 'EventAttendeeRegistered',
    data: {
      eventId: event.eventId,
      userId,
      profile,
      paymentStatus: paid ? 'pending' : 'completed',
      holdUntil: paid ? holdUntil : null,
      via,
      amount: event.pricing.amount,
      currency: event.pricing.currency,
      at: now.toISOString(),
    },
  };
}

export function decideRoster(command: RosterCommand, state: RosterState): RosterEvent[] {
  const { event, now } = command;
  const at = now.toISOString();
  const out = new Outcome(state);
  const base = (userId: string) => ({ eventId: event.eventId, userId, at });
  switch (command.type) {
    case 'Register': {
      const { userId } = command;
      assertOpen(event, now);
      if (state.attendees[userId]) throw conflict(M.alreadyRegistered);
      // Registering with a place on offer confirms it.
      if (state.offers[userId]) return decideRoster({ type: 'AcceptOffer', userId, event, now }, state);
      if (state.waitlist.includes(userId)) throw conflict(M.alreadyWaitlisted);
      // Places freed while people wait go to the line first, never to a newcomer.
      const full = event.maxAttendees > 0 && (placesTaken(state) >= event.maxAttendees || state.waitlist.length > 0);
      if (full) {
        if (!command.joinWaitlist) throw conflict(M.full);
        return out.push({ type: 'EventWaitlistJoined', data: { ...base(userId), profile: command.profile } }).events;
      }
      return [registration(event, userId, command.profile, 'direct', new Date(now.getTime() + EVENT_LIMITS.paymentHoldMs).toISOString(), now)];
    }
    case 'Unregister': {
      const { userId } = command;
      if (!event.exists || event.deleted) throw notFound(EventMessages.notFound);
      if (state.attendees[userId]) out.push({ type: 'EventAttendeeUnregistered', data: base(userId) });
      else if (state.offers[userId]) out.push({ type: 'EventOfferDeclined', data: base(userId) });
      else if (state.waitlist.includes(userId)) return [{ type: 'EventWaitlistLeft', data: base(userId) }];
      else throw conflict(M.notRegistered);
      offerFreePlaces(out, event, now);
      return out.events;
    }
    case 'LeaveWaitlist': {
      if (!state.waitlist.includes(command.userId)) throw conflict(M.notWaitlisted);
      return [{ type: 'EventWaitlistLeft', data: base(command.userId) }];
    }
    case 'AcceptOffer': {
      const { userId } = command;
      if (!event.exists || event.deleted) throw notFound(EventMessages.notFound);
      if (state.attendees[userId]) throw conflict(M.alreadyRegistered);
      const expiresAt = state.offers[userId];
      // An offer past its time is gone even before the timer records it.
      if (!expiresAt || now.getTime() >= Date.parse(expiresAt)) throw conflict(M.noOffer);
      return [registration(event, userId, state.profiles[userId] ?? {}, 'waitlist', expiresAt, now)];
    }
    case 'DeclineOffer': {
      if (!state.offers[command.userId]) throw conflict(M.noOffer);
      out.push({ type: 'EventOfferDeclined', data: base(command.userId) });
      offerFreePlaces(out, event, now);
      return out.events;
    }
    case 'CompletePayment': {
      const attendee = state.attendees[command.userId];
      const unplaced = (): RosterEvent[] =>
        state.unplacedOrders.includes(command.orderId) ? [] : [{ type: 'EventPaymentUnplaced', data: { ...base(command.userId), orderId: command.orderId, paymentId: command.paymentId } }];
      if (attendee?.paymentStatus === 'completed') {
        // A repeated verification changes nothing; a second order paid (two checkouts open) is given back.
        return attendee.paidOrderId !== null && attendee.paidOrderId !== command.orderId ? unplaced() : [];
      }
      if (!attendee) {
        // Paid after the registration ended (a retry after a declined card): back in if a place is
        // free with nobody waiting for it; otherwise the payment bought nothing and is given back.
        const free = !state.offers[command.userId] && state.waitlist.length === 0 && hasRoom(state, event.maxAttendees);
        if (!free || !event.exists || event.deleted) return unplaced();
        const back = registration(event, command.userId, {}, 'direct', at, now);
        return [back.type === 'EventAttendeeRegistered' ? { ...back, data: { ...back.data, paymentStatus: 'completed', holdUntil: null } } : back];
      }
      return [{ type: 'EventRegistrationPaid', data: { ...base(command.userId), orderId: command.orderId, paymentId: command.paymentId } }];
    }
    case 'FailPayment': {
      const attendee = state.attendees[command.userId];
      if (!attendee || attendee.paymentStatus === 'completed') return [];
      out.push({ type: 'EventRegistrationPaymentFailed', data: { ...base(command.userId), orderId: command.orderId, reason: command.reason } });
      offerFreePlaces(out, event, now);
      return out.events;
    }
    case 'Tick': {
      for (const [userId, attendee] of Object.entries(state.attendees)) {
        if (attendee.paymentStatus === 'pending' && attendee.holdUntil && Date.parse(attendee.holdUntil) <= now.getTime()) {
          out.push({ type: 'EventRegistrationExpired', data: base(userId) });
        }
      }
      for (const [userId, expiresAt] of Object.entries(state.offers)) {
        if (Date.parse(expiresAt) <= now.getTime()) out.push({ type: 'EventOfferExpired', data: base(userId) });
      }
      if (event.exists && !event.deleted) offerFreePlaces(out, event, now);
      return out.events;
    }
  }
}

export const rosterDecider: Decider<RosterState, RosterCommand, RosterEvent> = { initialState: initialRosterState, evolve: evolveRoster, decide: decideRoster };

/** The earliest moment the timer has something to do on this roster (null: nothing pending). */
export function nextDeadline(state: RosterState): string | null {
  const times = [...Object.values(state.attendees).map((a) => a.holdUntil), ...Object.values(state.offers)].filter((t): t is string => Boolean(t));
  return times.length ? times.reduce((a, b) => (Date.parse(a) <= Date.parse(b) ? a : b)) : null;
}
