import { z } from 'zod';
import { EventRegistrationProfileSchema } from '../validation/events';

/**
 * Registrations and the waitlist of one event, all on `event-roster-<eventId>` appended with the
 * expected revision: capacity, one registration per user, the order of the line and every offer
 * are decided on one consistent state, so the line's order is provable from the stream alone.
 *
 * A place is taken by a registration (paid or with its payment due) or by an open offer to the
 * first in line. A place frees up on an unregistration, a failed payment, a payment hold that
 * expired, or an offer declined or expired; the same append then offers it to the next in line.
 */
const base = { eventId: z.string(), userId: z.string(), at: z.string() };

export const EventRegistrationEventSchemas = {
  EventAttendeeRegistered: z.object({
    ...base,
    profile: EventRegistrationProfileSchema,
    /** completed: free, or paid; pending: the fee is due before `holdUntil`. */
    paymentStatus: z.enum(['completed', 'pending']),
    holdUntil: z.string().nullable(),
    /** direct: registered while places were left; waitlist: confirmed an offered place. */
    via: z.enum(['direct', 'waitlist']),
    amount: z.number(),
    currency: z.string(),
  }),
  EventAttendeeUnregistered: z.object(base),
  EventRegistrationPaid: z.object({ ...base, orderId: z.string(), paymentId: z.string() }),
  /**
   * A payment arrived when it could buy no place (the hold or the offer had passed and the place went
   * to someone else): nothing changes on the roster, and the payment is refunded.
   */
  EventPaymentUnplaced: z.object({ ...base, orderId: z.string(), paymentId: z.string() }),
  /** The payment failed: the registration ends and its place frees up. */
  EventRegistrationPaymentFailed: z.object({ ...base, orderId: z.string(), reason: z.string() }),
  /** The payment was not made in time: the registration ends and its place frees up. */
  EventRegistrationExpired: z.object(base),
  EventWaitlistJoined: z.object({ ...base, profile: EventRegistrationProfileSchema }),
  EventWaitlistLeft: z.object(base),
  /** The first in line is offered a freed place until `expiresAt` (they leave the line). */
  EventPlaceOffered: z.object({ ...base, expiresAt: z.string() }),
  EventOfferDeclined: z.object(base),
  EventOfferExpired: z.object(base),
} as const;

export const eventRosterStream = (eventId: string) => `event-roster-${eventId}`;
