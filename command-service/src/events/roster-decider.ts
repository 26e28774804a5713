import type { Decider } from '@circuit/shared/commands/decider';
import type { DomainEvent } from '@circuit/shared/events/catalogue';
import type { EventRegistrationEventSchemas } from '@circuit/shared/events/event-registrations';
import { EVENT_LIMITS } from '@circuit/shared/event-listings/options';
import { EventMessages, EventRegistrationMessages as M, type EventRegistrationProfile } from '@circuit/shared/validation/events';
import { assertTakingRegistrations } from '../registrations/admission';
import { rosterDecider as onRosterCore, type RosterCommand as CoreCommand } from '../registrations/roster-decider';
import type { Payment, RosterDefinition, RosterState as CoreState } from '../registrations/roster-definition';
import type { EventInfo } from './event-decider';

export { nextDeadline, placesTaken } from '../registrations/roster-fold';

/**
 * The roster of one event (`event-roster-<id>`): who holds a place, who waits in line, and who has
 * a place on offer, decided by the roster core (registrations/) on this definition. Each attendee
 * pays when they register, within a 30-minute hold; a failed or expired payment frees the place,
 * and a freed place is offered to the first in line in the same append that frees it.
 */
export type RosterEvent = DomainEvent<keyof typeof EventRegistrationEventSchemas>;

export type RosterState = CoreState<EventRegistrationProfile, null>;

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

export const eventRoster: RosterDefinition<EventInfo, EventRegistrationProfile, RosterEvent> = {
  listing: { key: 'eventId', idOf: (event) => event.eventId },
  messages: { notFound: EventMessages.notFound, alreadyRegistered: M.alreadyRegistered, full: M.full, notRegistered: M.notRegistered },
  entry: {
    event: 'EventAttendeeRegistered',
    data: ({ profile, via, payment }, event) => ({ profile, via, paymentStatus: payment?.status, holdUntil: payment?.holdUntil ?? null, amount: event.pricing.amount, currency: event.pricing.currency }),
  },
  admits: (event, now) => assertTakingRegistrations(event, now, M),
  // 0 attendees: unlimited.
  capacity: (event) => (event.maxAttendees === 0 ? null : event.maxAttendees),
  payments: {
    by: 'entrant',
    events: { paid: 'EventRegistrationPaid', failed: 'EventRegistrationPaymentFailed', unplaced: 'EventPaymentUnplaced' },
    hold: { ms: EVENT_LIMITS.paymentHoldMs, expired: 'EventRegistrationExpired' },
    freedOnFailure: { rejoinProfile: {} },
    refund: { reason: 'The payment arrived after the place had passed on', tellPayer: 'came through after your place had passed to the next person on the waitlist, so it bought no place' },
  },
  unregister: { event: 'EventAttendeeUnregistered' },
  waitlist: {
    offerHoldMs: EVENT_LIMITS.offerHoldMs,
    // No offers once the event has started.
    offersUntil: (event) => event.startDate,
    blankProfile: {},
    events: { joined: 'EventWaitlistJoined', left: 'EventWaitlistLeft', offered: 'EventPlaceOffered', declined: 'EventOfferDeclined', expired: 'EventOfferExpired' },
    messages: M,
  },
};

const core = onRosterCore(eventRoster);

/** The core's command: the event as the listing's info; a payment's payer is the attendee. */
function coreCommand(command: RosterCommand): CoreCommand<EventInfo, EventRegistrationProfile> {
  const { event: info } = command;
  if (command.type === 'CompletePayment' || command.type === 'FailPayment') return { ...command, listingId: info.eventId, payer: command.userId, info };
  return { ...command, info };
}

export const rosterDecider: Decider<RosterState, RosterCommand, RosterEvent> = {
  initialState: core.initialState,
  evolve: core.evolve,
  decide: (command, state) => core.decide(coreCommand(command), state),
};

/** The user's registration, by its payment (undefined: not registered). */
export const attendeeOf = (state: RosterState, userId: string): Payment | undefined => (state.entrants[userId] ? state.payments[userId] : undefined);
