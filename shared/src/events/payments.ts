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
} as const;

export const paymentStream = (orderId: string) => `payment-${orderId}`;
