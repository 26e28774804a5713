import { z } from 'zod';

/**
 * Payment events on `payment-<orderId>`. Features react to them by `purpose` (a process manager
 * completes the team registration on PaymentVerified of kind hackathon-team, and so on).
 */
export const PaymentPurposeSchema = z.object({
  kind: z.enum(['hackathon-team', 'event-registration', 'quiz-registration']),
  listingId: z.string(),
  /** The team id for hackathon teams, the user id otherwise. */
  subjectId: z.string(),
});
export type PaymentPurpose = z.infer<typeof PaymentPurposeSchema>;

export const PaymentEventSchemas = {
  PaymentOrderCreated: z.object({
    orderId: z.string(),
    userId: z.string(),
    purpose: PaymentPurposeSchema,
    amountMinor: z.number().int(),
    currency: z.string(),
    provider: z.enum(['razorpay', 'sandbox']),
    at: z.string(),
  }),
  PaymentVerified: z.object({
    orderId: z.string(),
    paymentId: z.string(),
    userId: z.string(),
    purpose: PaymentPurposeSchema,
    via: z.enum(['checkout', 'webhook']),
    at: z.string(),
  }),
  PaymentFailed: z.object({ orderId: z.string(), paymentId: z.string(), reason: z.string(), purpose: PaymentPurposeSchema, at: z.string() }),
  /** The verified payment was given back in full at the gateway (`refundId` is the gateway's). */
  PaymentRefunded: z.object({
    orderId: z.string(),
    paymentId: z.string(),
    refundId: z.string(),
    amountMinor: z.number().int(),
    currency: z.string(),
    reason: z.string(),
    purpose: PaymentPurposeSchema,
    at: z.string(),
  }),
  /** The gateway refused the refund for good: the payment stays with the organiser, for a person to settle. */
  PaymentRefundRefused: z.object({ orderId: z.string(), paymentId: z.string(), reason: z.string(), gatewayMessage: z.string(), purpose: PaymentPurposeSchema, at: z.string() }),
  /**
   * A capture beyond the first on an order already paid (a second tab, a double click, a retried
   * checkout): the money is at the gateway, so it is recorded here and given back in full.
   */
  PaymentDuplicateCaptured: z.object({
    orderId: z.string(),
    paymentId: z.string(),
    userId: z.string(),
    purpose: PaymentPurposeSchema,
    amountMinor: z.number().int(),
    currency: z.string(),
    via: z.enum(['checkout', 'webhook']),
    at: z.string(),
  }),
  /** A duplicate capture was given back in full at the gateway (`refundId` is the gateway's). */
  PaymentDuplicateRefunded: z.object({
    orderId: z.string(),
    paymentId: z.string(),
    refundId: z.string(),
    userId: z.string(),
    amountMinor: z.number().int(),
    currency: z.string(),
    purpose: PaymentPurposeSchema,
    at: z.string(),
  }),
  /** The gateway refused to give a duplicate capture back: a person settles it (the audit shows it). */
  PaymentDuplicateRefundRefused: z.object({ orderId: z.string(), paymentId: z.string(), gatewayMessage: z.string(), purpose: PaymentPurposeSchema, at: z.string() }),
} as const;

export const paymentStream = (orderId: string) => `payment-${orderId}`;
