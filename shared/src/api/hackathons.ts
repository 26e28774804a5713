import { z } from 'zod';
import { CONTENT_STATUSES, CURRENCIES, DISPLAY_STATUSES, HACKATHON_PHASES, LOCATION_TYPES, SPONSOR_TIERS } from '../hackathons/options';
import { Timestamp } from './users';

/**
 * The answer shapes of the hackathon calls (spec 2 section 7), once for the server's contract
 * (OpenAPI) and the web app's types. Objects are strict: a field the server adds without saying so
 * here fails the HTTP tests.
 */

const Dates = z.strictObject({ startDate: Timestamp, endDate: Timestamp, registrationDeadline: Timestamp });
const Pricing = z.strictObject({ type: z.enum(['free', 'paid']), amount: z.number(), currency: z.enum(CURRENCIES) });
const Location = z.strictObject({
  type: z.enum(LOCATION_TYPES),
  country: z.string(),
  state: z.string(),
  city: z.string(),
  address: z.string(),
});
const Organization = z.strictObject({ name: z.string(), website: z.string(), logo: z.string() });

export const HackathonCreatorSchema = z
  .strictObject({ _id: z.string(), username: z.string(), firstName: z.string(), lastName: z.string(), profilePicture: z.string().nullable() })
  .meta({ id: 'HackathonCreator' });

export const SponsorSchema = z
  .strictObject({ _id: z.string(), name: z.string(), tier: z.enum(SPONSOR_TIERS), image: z.string() })
  .meta({ id: 'Sponsor' });
export type Sponsor = z.infer<typeof SponsorSchema>;

/** A card of the list, featured, my-hackathons, registered and saved lists. */
export const HackathonCardSchema = z
  .strictObject({
    _id: z.string(),
    id: z.string(),
    username: z.string(),
    title: z.string(),
    shortDescription: z.string(),
    status: z.enum(CONTENT_STATUSES).meta({ description: 'Moderation state; only accepted listings are public' }),
    phase: z.enum(HACKATHON_PHASES).meta({ description: "The card badge, from the dates by the server's clock" }),
    displayStatus: z.enum(DISPLAY_STATUSES),
    categories: z.array(z.string()),
    technologies: z.array(z.string()),
    location: Location,
    dates: Dates,
    pricing: Pricing,
    registrationFees: z.number().meta({ description: 'The fee shown on cards: pricing.amount when paid, else 0' }),
    maxParticipants: z.number().int(),
    currentParticipants: z.number().int(),
    images: z.strictObject({ banner: z.string(), logo: z.string() }),
    organization: Organization,
    isFeatured: z.boolean(),
    averageRating: z.number(),
    totalReviews: z.number().int(),
    rejectionReason: z.string().nullable().meta({ description: 'Only for the creator, admins and moderators; null otherwise' }),
    createdAt: Timestamp,
  })
  .meta({ id: 'HackathonCard' });
export type HackathonCard = z.infer<typeof HackathonCardSchema>;

export const HackathonSchema = HackathonCardSchema.extend({
  description: z.string().meta({ description: 'Sanitised HTML' }),
  eligibilityCriteria: z.string().meta({ description: 'Sanitised HTML' }),
  prizes: z.strictObject({
    totalPrizePool: z.number(),
    currency: z.enum(CURRENCIES),
    prizeDetails: z.array(z.strictObject({ rank: z.string(), description: z.string(), amount: z.number() })),
  }),
  mentors: z.array(z.strictObject({ name: z.string(), tagline: z.string(), linkedin: z.string() })),
  volunteers: z
    .array(z.strictObject({ name: z.string(), role: z.string(), phone: z.string(), linkedin: z.string(), twitter: z.string() }))
    .meta({ description: 'Contact details: only for registered users while the hackathon runs, the creator, admins and moderators; empty otherwise' }),
  sponsors: z.array(SponsorSchema),
  teamSettings: z.strictObject({ minMembers: z.number().int(), maxMembers: z.number().int() }),
  requirements: z.strictObject({
    minAge: z.number(),
    maxAge: z.number(),
    educationLevel: z.array(z.string()),
    experienceLevel: z.array(z.string()),
    teamSize: z.strictObject({ min: z.number().int(), max: z.number().int() }),
  }),
  images: z.strictObject({ banner: z.string(), logo: z.string(), gallery: z.array(z.string()) }),
  socialMediaLinks: z.strictObject({ whatsapp: z.string(), instagram: z.string(), discord: z.string(), linkedin: z.string(), website: z.string() }),
  faqs: z.array(z.strictObject({ question: z.string(), answer: z.string() })),
  takeRegistrations: z.enum(['false', 'pending', 'true']),
  createdBy: HackathonCreatorSchema,
  organizer: z.strictObject({ _id: z.string() }),
  updatedAt: Timestamp,
}).meta({ id: 'Hackathon' });
export type Hackathon = z.infer<typeof HackathonSchema>;

/** GET /api/hackathons: one page and the cursor of the next (null on the last page). */
export const HackathonPageExtra = { nextCursor: z.string().nullable(), total: z.number().int().meta({ description: 'Matches of the whole query' }) };

export const UsernameCheckSchema = z.strictObject({ available: z.boolean(), message: z.string() }).meta({ id: 'UsernameCheck' });
export type UsernameCheck = z.infer<typeof UsernameCheckSchema>;

export const HackathonWrittenSchema = z.strictObject({ _id: z.string(), id: z.string(), username: z.string() }).meta({ id: 'HackathonWritten' });
export type HackathonWritten = z.infer<typeof HackathonWrittenSchema>;

// Registrations and teams ------------------------------------------------------------------

export const PAYMENT_STATUSES = ['completed', 'pending', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const TeamMemberSchema = z
  .strictObject({ _id: z.string(), firstName: z.string(), lastName: z.string(), username: z.string(), profilePicture: z.string().nullable() })
  .meta({ id: 'TeamMember' });

export const TeamSchema = z
  .strictObject({
    _id: z.string(),
    id: z.string(),
    hackathonId: z.string(),
    name: z.string(),
    code: z.string(),
    creator: z.string().meta({ description: "The creator's user id" }),
    members: z.array(TeamMemberSchema),
    /** forming: members join; payment_required: submitted, the fee is due; complete: registration complete. */
    status: z.enum(['forming', 'payment_required', 'complete']),
    registrationComplete: z.boolean(),
    createdAt: Timestamp,
  })
  .meta({ id: 'Team' });
export type Team = z.infer<typeof TeamSchema>;

export const ParticipantSchema = z
  .strictObject({
    userId: z.string(),
    hackathonId: z.string(),
    teamId: z.string().nullable(),
    paymentStatus: z.enum(PAYMENT_STATUSES).meta({ description: 'Anything other than completed means payment is required' }),
    isRemoved: z.boolean(),
    registeredAt: Timestamp,
  })
  .meta({ id: 'Participant' });
export type Participant = z.infer<typeof ParticipantSchema>;

/** GET /api/hackathons/{id}/teams/me */
export const TeamStatusSchema = z
  // Unions with null, not .nullable(): a nullable named schema comes out of the document as allOf, which refuses null.
  .strictObject({ registered: z.boolean(), participant: z.union([ParticipantSchema, z.null()]), team: z.union([TeamSchema, z.null()]) })
  .meta({ id: 'TeamStatus' });
export type TeamStatus = z.infer<typeof TeamStatusSchema>;

/** GET /api/hackathons/{id}/registration-status */
export const RegistrationStatusSchema = z
  .strictObject({ registered: z.boolean(), paymentStatus: z.enum(PAYMENT_STATUSES).nullable() })
  .meta({ id: 'RegistrationStatus' });
export type RegistrationStatus = z.infer<typeof RegistrationStatusSchema>;

/** POST /api/hackathons/{id}/teams/{teamId}/submit */
export const TeamSubmittedSchema = z
  .strictObject({ requiresPayment: z.boolean(), amount: z.number().optional(), currency: z.enum(CURRENCIES).optional(), team: TeamSchema })
  .meta({ id: 'TeamSubmitted' });
export type TeamSubmitted = z.infer<typeof TeamSubmittedSchema>;

/** The profile fields a registration may carry (Complete Your Profile step). */
export const RegistrationProfileSchema = z.object({
  firstName: z.string().trim().max(50).optional(),
  lastName: z.string().trim().max(50).optional(),
  mobile: z.string().trim().max(20).optional(),
  college: z.string().trim().max(200).optional(),
  course: z.string().trim().max(100).optional(),
  branch: z.string().trim().max(100).optional(),
  collegeYear: z.string().trim().max(50).optional(),
  country: z.string().trim().max(100).optional(),
  state: z.string().trim().max(100).optional(),
});
export type RegistrationProfile = z.infer<typeof RegistrationProfileSchema>;
