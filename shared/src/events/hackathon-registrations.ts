import { z } from 'zod';
import { RegistrationProfileSchema } from '../api/hackathons';

/**
 * Registrations of participants in a hackathon and its teams. The hackathons read model counts
 * the registrations into `currentParticipants` and lists them under user/registered; the
 * registration and team features own the rest of the events (teams, submissions, completions).
 *
 * Every event here lives on one stream per hackathon, `hackathon-roster-<hackathonId>` (see
 * `hackathonRosterStream`), appended with the expected revision: capacity, one registration per
 * user, one team per user, team sizes and team codes are then decided on one consistent state, so
 * 30 simultaneous registrations for the last 5 places give exactly 5 registrations.
 */
const team = { hackathonId: z.string(), teamId: z.string(), at: z.string() };

export const HackathonRegistrationEventSchemas = {
  HackathonParticipantRegistered: z.object({
    hackathonId: z.string(),
    userId: z.string(),
    profile: RegistrationProfileSchema,
    at: z.string(),
    /** Whether the hackathon charged a fee when the user registered (paid: the participant's payment is pending until the team pays). */
    fee: z.enum(['free', 'paid']).optional(),
  }),
  HackathonParticipantUnregistered: z.object({ hackathonId: z.string(), userId: z.string(), at: z.string() }),
  TeamCreated: z.object({ ...team, name: z.string(), code: z.string(), creatorId: z.string() }),
  TeamMemberJoined: z.object({ ...team, userId: z.string() }),
  /** By the creator, or by the member themselves when they unregister. */
  TeamMemberRemoved: z.object({ ...team, userId: z.string(), byUserId: z.string() }),
  TeamDeleted: z.object({ ...team, byUserId: z.string() }),
  /** `amount` in the currency's major unit (the hackathon's pricing.amount); 0 and requiresPayment false for a free hackathon. */
  TeamSubmitted: z.object({ ...team, byUserId: z.string(), memberIds: z.array(z.string()), requiresPayment: z.boolean(), amount: z.number(), currency: z.string() }),
  /** The team's registration is complete: at submit for a free hackathon, after PaymentVerified for a paid one. */
  TeamRegistrationCompleted: z.object({ ...team, via: z.enum(['free', 'payment']), orderId: z.string().nullable(), paymentId: z.string().nullable() }),
  TeamPaymentFailed: z.object({ ...team, orderId: z.string(), reason: z.string() }),
  /** A payment that bought nothing (the team was deleted, or its fee was paid already by another order): it is refunded. */
  TeamPaymentUnplaced: z.object({ ...team, orderId: z.string(), paymentId: z.string() }),
} as const;

export const hackathonRosterStream = (hackathonId: string) => `hackathon-roster-${hackathonId}`;
export const HACKATHON_ROSTER_EVENT_TYPES = Object.keys(HackathonRegistrationEventSchemas) as (keyof typeof HackathonRegistrationEventSchemas)[];
