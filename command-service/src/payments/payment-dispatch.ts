import { z } from 'zod';
import type { CommandContext } from '@circuit/shared/commands/decider';
import type { EventData } from '@circuit/shared/events/catalogue';
import { PaymentEventSchemas, type PaymentPurpose } from '@circuit/shared/events/payments';
import type { RecordedEvent } from '@circuit/shared/ports/event-store';
import type { RefundTexts } from '../registrations/roster-definition';

/**
 * Where a payment goes, by its purpose (the rules of payment-dispatcher.ts, pure): a verified
 * payment completes the registration it was for and a failed one fails it, on that roster (a
 * hackathon team's, an event's, a quiz's); a payment the roster says bought nothing (its
 * "unplaced" event) is refunded; a refund made is told to the payer where the roster says so.
 */

/** What a roster's service does with a payment made for it. */
export interface RosterPaymentHandler {
  completePayment(listingId: string, subjectId: string, orderId: string, paymentId: string, ctx: CommandContext): Promise<unknown>;
  failPayment(listingId: string, subjectId: string, orderId: string, reason: string, ctx: CommandContext): Promise<unknown>;
}

/** One roster's part: its service, and its definition's payments (the event saying a payment bought nothing, the refund's words). */
export interface PaymentRoute {
  roster: RosterPaymentHandler;
  payments: { events: { unplaced: string }; refund: RefundTexts };
}

/** Every purpose a payment can have routes to its roster: a new purpose does not compile until it has one. */
export type PaymentRoutes = Record<PaymentPurpose['kind'], PaymentRoute>;

export type PaymentReaction =
  | { kind: 'complete'; purpose: PaymentPurpose; orderId: string; paymentId: string; payerId: string }
  | { kind: 'fail'; purpose: PaymentPurpose; orderId: string; reason: string }
  | { kind: 'refund'; orderId: string; reason: string; payerId: string | null }
  | { kind: 'tell-refunded'; purpose: PaymentPurpose; refund: EventData<'PaymentRefunded'>; why: string };

/** What every roster's "unplaced" event carries (a team's names no user). */
const UnplacedSchema = z.object({ orderId: z.string(), userId: z.string().optional() });

export function paymentDispatch(routes: PaymentRoutes): (event: RecordedEvent) => PaymentReaction[] {
  const unplacedEvents = new Map(Object.values(routes).map((route) => [route.payments.events.unplaced, route.payments.refund]));
  return (event) => {
    switch (event.type) {
      case 'PaymentVerified': {
        const d = PaymentEventSchemas.PaymentVerified.parse(event.data);
        return [{ kind: 'complete', purpose: d.purpose, orderId: d.orderId, paymentId: d.paymentId, payerId: d.userId }];
      }
      case 'PaymentFailed': {
        const d = PaymentEventSchemas.PaymentFailed.parse(event.data);
        return [{ kind: 'fail', purpose: d.purpose, orderId: d.orderId, reason: d.reason }];
      }
      case 'PaymentRefunded': {
        const refund = PaymentEventSchemas.PaymentRefunded.parse(event.data);
        const why = routes[refund.purpose.kind].payments.refund.tellPayer;
        return why ? [{ kind: 'tell-refunded', purpose: refund.purpose, refund, why }] : [];
      }
      default: {
        const refund = unplacedEvents.get(event.type);
        if (!refund) return [];
        const d = UnplacedSchema.parse(event.data);
        return [{ kind: 'refund', orderId: d.orderId, reason: refund.reason, payerId: d.userId ?? null }];
      }
    }
  };
}
