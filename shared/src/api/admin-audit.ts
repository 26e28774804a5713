import { z } from 'zod';
import { Timestamp } from './users';

/** One stored event as the audit shows it, straight from the event store. */
export const AuditEventSchema = z
  .strictObject({
    position: z.string().meta({ description: 'Position in the global feed (a bigint as text)' }),
    streamId: z.string(),
    type: z.string(),
    at: Timestamp,
    actorId: z.string().nullable(),
    correlationId: z.string().nullable(),
    causationId: z.string().nullable(),
    summary: z.string(),
  })
  .meta({ id: 'AuditEvent' });
export type AuditEvent = z.infer<typeof AuditEventSchema>;

/** The state of one registration, replayed from events or read from today's read model. */
export const RegistrationStateSchema = z
  .strictObject({
    registered: z.boolean(),
    teamId: z.string().nullable(),
    teamStatus: z.string().nullable(),
    paymentStatus: z.enum(['completed', 'pending', 'failed']).nullable(),
    /** A quiz participant's attempt: none, started, submitted (null for other kinds). */
    attempt: z.string().nullable(),
    /** In words: 'not registered', 'payment pending', 'registration completed', 'payment failed'. */
    label: z.string(),
  })
  .meta({ id: 'RegistrationState' });
export type RegistrationState = z.infer<typeof RegistrationStateSchema>;

export const RegistrationComparisonSchema = z
  .strictObject({
    at: Timestamp,
    replayed: RegistrationStateSchema,
    readModel: RegistrationStateSchema,
    /** Fields whose replayed value differs from today's read model. */
    differences: z.array(z.string()),
  })
  .meta({ id: 'RegistrationComparison' });
export type RegistrationComparison = z.infer<typeof RegistrationComparisonSchema>;

/** A record of the `audit/registrations` resource: `<kind>~<listingId>~<userId>`. */
export const AuditRegistrationSchema = z
  .strictObject({
    id: z.string(),
    type: z.string(),
    listingId: z.string(),
    listingTitle: z.string().nullable(),
    userId: z.string(),
    username: z.string().nullable(),
    registeredAt: Timestamp,
    paymentStatus: z.string(),
  })
  .meta({ id: 'AuditRegistration' });
export type AuditRegistration = z.infer<typeof AuditRegistrationSchema>;

export const AuditRegistrationDetailSchema = AuditRegistrationSchema.extend({
  history: z.array(AuditEventSchema),
  current: RegistrationComparisonSchema,
}).meta({ id: 'AuditRegistrationDetail' });
export type AuditRegistrationDetail = z.infer<typeof AuditRegistrationDetailSchema>;

/** A record of the `audit/payments` resource: one order reconciled with its verified payments and webhooks. */
export const AuditPaymentSchema = z
  .strictObject({
    id: z.string(),
    userId: z.string(),
    username: z.string().nullable(),
    purpose: z.string(),
    amountMinor: z.number(),
    currency: z.string(),
    createdAt: Timestamp,
    verifiedPaymentIds: z.array(z.string()),
    viaWebhook: z.number().int(),
    failures: z.number().int(),
    /** The gateway's refund of a payment that bought nothing (a late payment for a place gone), if made. */
    refundId: z.string().nullable(),
    /** Payments captured after the first (also in verifiedPaymentIds), each given back in full: its refund once made, or refused by the gateway. */
    duplicates: z.array(z.strictObject({ paymentId: z.string(), refundId: z.string().nullable(), refundRefused: z.boolean() })),
    /**
     * paid (once), unpaid, paid_twice (more than one distinct captured payment), failed, refunded, or
     * refund_refused (due, but the gateway refused it: a person settles it).
     */
    status: z.enum(['paid', 'unpaid', 'paid_twice', 'failed', 'refunded', 'refund_refused']),
  })
  .meta({ id: 'AuditPayment' });
export type AuditPayment = z.infer<typeof AuditPaymentSchema>;
