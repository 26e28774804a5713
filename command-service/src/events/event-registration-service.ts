import { handleCommand, loadState, type CommandContext } from '@circuit/shared/commands/decider';
import { eventRosterStream } from '@circuit/shared/events/event-registrations';
import type { PaymentOrder } from '@circuit/shared/api/payments';
import { conflict, forbidden, refused } from '@circuit/shared/commands/domain-errors';
import { EventRegistrationMessages as M, registrationViolation, type EventRegistrationProfile } from '@circuit/shared/validation/events';
import type { CommandServiceDeps } from '../context';
import { accountOf } from '../accounts/actors';
import { caughtUp } from '../http/read-your-writes';
import type { EventInfo } from './event-decider';
import { findEvent } from './event-service';
import type { EventPayments } from './event-payments';
import { hasRoom, nextDeadline } from '../registrations/roster-fold';
import { rosterQueue, type RosterQueueOptions } from '../registrations/roster-queue';
import { attendeeOf, eventRoster, rosterDecider, type RosterCommand } from './roster-decider';

type Omitted<C> = C extends unknown ? Omit<C, 'event' | 'now'> : never;

export type EventRegistrationServiceOptions = RosterQueueOptions;

/** Registration, waitlist and payment use cases of events; each answers after the read models include what it appended. */
export function createEventRegistrationService(deps: CommandServiceDeps, payments: EventPayments, options: EventRegistrationServiceOptions = {}) {
  const now = deps.now ?? (() => new Date());
  const onRoster = rosterQueue(options);

  /** Runs a roster command (the event's info folded fresh inside the queue, so an edit just before counts). */
  async function run(eventId: string, command: Omitted<RosterCommand>, ctx: CommandContext) {
    return onRoster(eventId, async () => {
      const event = await findEvent(deps.store, eventId);
      return handleCommand(deps.store, eventRosterStream(eventId), rosterDecider, { ...command, event, now: now() } as RosterCommand, ctx, now);
    });
  }

  async function execute(eventId: string, command: Omitted<RosterCommand>, ctx: CommandContext) {
    const result = await run(eventId, command, ctx);
    await caughtUp(deps.progress, result.position, result.events);
    return result;
  }

  const roster = async (eventId: string) => (await loadState(deps.store, eventRosterStream(eventId), rosterDecider)).state;

  /** The modal's values over the stored profile: what the registration records. */
  async function profileOf(userId: string, given: EventRegistrationProfile): Promise<EventRegistrationProfile> {
    const profile = (await accountOf(deps.store, userId))?.profile;
    const stored: EventRegistrationProfile = profile
      ? { firstName: profile.firstName, lastName: profile.lastName, college: profile.college, course: profile.course, branch: profile.branch, collegeYear: profile.collegeYear, country: profile.country, state: profile.state, mobile: profile.mobile ?? '' }
      : {};
    const merged: EventRegistrationProfile = { ...stored };
    for (const [key, value] of Object.entries(given) as [keyof EventRegistrationProfile, string | undefined][]) if (value?.trim()) merged[key] = value.trim();
    return merged;
  }

  return {
    findEvent: (idOrUsername: string): Promise<EventInfo> => findEvent(deps.store, idOrUsername),

    /** Registers, or joins the waitlist when the event is full and the user asked to. */
    async register(userId: string, idOrUsername: string, body: EventRegistrationProfile & { agreeToTerms?: boolean; joinWaitlist?: boolean }, ctx: CommandContext) {
      const event = await findEvent(deps.store, idOrUsername);
      const { agreeToTerms, joinWaitlist, ...given } = body;
      const profile = await profileOf(userId, given);
      const violation = registrationViolation(profile, agreeToTerms);
      if (violation) throw refused(violation);
      const result = await execute(event.eventId, { type: 'Register', userId, profile, joinWaitlist: joinWaitlist === true }, ctx);
      const attendee = attendeeOf(result.state, userId);
      const position = result.state.waitlist.indexOf(userId);
      return {
        event,
        registered: Boolean(attendee),
        requiresPayment: attendee?.status === 'pending',
        waitlistPosition: position >= 0 ? position + 1 : null,
      };
    },

    /** Ends the user's registration, offer or place in line (a freed place goes to the next in line). */
    async unregister(userId: string, idOrUsername: string, ctx: CommandContext) {
      const event = await findEvent(deps.store, idOrUsername);
      await execute(event.eventId, { type: 'Unregister', userId }, ctx);
      return event;
    },

    async leaveWaitlist(userId: string, idOrUsername: string, ctx: CommandContext) {
      const event = await findEvent(deps.store, idOrUsername);
      await execute(event.eventId, { type: 'LeaveWaitlist', userId }, ctx);
      return event;
    },

    async acceptOffer(userId: string, idOrUsername: string, ctx: CommandContext) {
      const event = await findEvent(deps.store, idOrUsername);
      const result = await execute(event.eventId, { type: 'AcceptOffer', userId }, ctx);
      return { event, requiresPayment: attendeeOf(result.state, userId)?.status === 'pending' };
    },

    async declineOffer(userId: string, idOrUsername: string, ctx: CommandContext) {
      const event = await findEvent(deps.store, idOrUsername);
      await execute(event.eventId, { type: 'DeclineOffer', userId }, ctx);
      return event;
    },

    /** An order for the user's fee while their registration's payment is due and its hold has not run out. */
    async createPaymentOrder(userId: string, idOrUsername: string): Promise<PaymentOrder> {
      const event = await findEvent(deps.store, idOrUsername);
      const attendee = attendeeOf(await roster(event.eventId), userId);
      if (!attendee) throw forbidden(M.notRegistered);
      if (attendee.status !== 'pending' || event.pricing.type !== 'paid') throw conflict(M.noPaymentDue);
      if (attendee.holdUntil && Date.parse(attendee.holdUntil) <= now().getTime()) throw conflict(M.noOffer);
      return payments.createOrder(userId, { kind: 'event-registration', listingId: event.eventId, subjectId: userId }, Math.round(event.pricing.amount * 100), event.pricing.currency);
    },

    /** Verifies the checkout's signature and marks the registration paid (once, however often it is repeated). */
    async verifyPayment(userId: string, idOrUsername: string, body: { orderId: string; paymentId: string; signature: string }, ctx: CommandContext) {
      const event = await findEvent(deps.store, idOrUsername);
      const purpose = await payments.verify(userId, body.orderId, body.paymentId, body.signature);
      if (purpose.kind !== 'event-registration' || purpose.listingId !== event.eventId || purpose.subjectId !== userId) throw refused(M.paymentFailed);
      const result = await run(event.eventId, { type: 'CompletePayment', userId, orderId: body.orderId, paymentId: body.paymentId }, ctx);
      // Nothing appended: paid before (the webhook, or an earlier verify); wait for what the store holds.
      await caughtUp(deps.progress, result.position ?? (await deps.store.headPosition()), result.events.length ? result.events : [{ type: 'EventRegistrationPaid' }]);
      if (!attendeeOf(result.state, userId)) throw conflict(M.noOffer);
      return event;
    },

    /** From the payment process manager. */
    completePayment: (eventId: string, userId: string, orderId: string, paymentId: string, ctx: CommandContext) => run(eventId, { type: 'CompletePayment', userId, orderId, paymentId }, ctx),
    failPayment: (eventId: string, userId: string, orderId: string, reason: string, ctx: CommandContext) => run(eventId, { type: 'FailPayment', userId, orderId, reason }, ctx),
    /** From the waitlist timer: expire what is overdue on this roster and offer the free places. */
    tick: (eventId: string, ctx: CommandContext = {}) => run(eventId, { type: 'Tick' }, ctx),
    /**
     * When this roster next needs the timer: the first payment hold or offer to run out, or `at`
     * itself while people wait in line for places that are free (the organiser raised maxAttendees)
     * before the event starts; null when nothing waits.
     */
    async dueAt(eventId: string, at: Date): Promise<string | null> {
      const state = await roster(eventId);
      const deadline = nextDeadline(state);
      if (state.waitlist.length === 0) return deadline;
      const event = await findEvent(deps.store, eventId).catch(() => null);
      const lineWaits = event !== null && event.status === 'accepted' && !event.deleted && Date.parse(event.startDate) > at.getTime() && hasRoom(state, eventRoster.capacity(event));
      return lineWaits ? at.toISOString() : deadline;
    },
  };
}

export type EventRegistrationService = ReturnType<typeof createEventRegistrationService>;
