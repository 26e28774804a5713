import { z } from 'zod';
import { CONTENT_STATUSES, CURRENCIES, DISPLAY_STATUSES, HACKATHON_PHASES, LOCATION_TYPES } from '../hackathons/options';
import { EVENT_CATEGORIES, EVENT_PRICING_TYPES, EVENT_TYPES } from '../event-listings/options';
import { attendanceFields, CHECKED_IN_CSV_COLUMN, participantContactFields, PARTICIPANT_PROFILE_CSV_COLUMNS } from './participants';
import { Timestamp } from './users';

/**
 * The answer shapes of the event calls (spec 2 section 7), once for the server's contract (OpenAPI)
 * and the web app's types. Objects are strict: a field the server adds without saying so here
 * fails the HTTP tests.
 */
const Dates = z.strictObject({ startDate: Timestamp, endDate: Timestamp, registrationDeadline: Timestamp });
const Location = z.strictObject({ type: z.enum(LOCATION_TYPES), address: z.string(), city: z.string(), state: z.string(), country: z.string() });
const Organization = z.strictObject({ name: z.string(), website: z.string(), logo: z.string() });

export const EventCardSchema = z
  .strictObject({
    _id: z.string(),
    id: z.string(),
    username: z.string(),
    title: z.string(),
    shortDescription: z.string(),
    status: z.enum(CONTENT_STATUSES).meta({ description: 'Moderation state; only accepted events are public' }),
    phase: z.enum(HACKATHON_PHASES).meta({ description: "The card badge, from the dates by the server's clock" }),
    displayStatus: z.enum(DISPLAY_STATUSES).meta({ description: "Upcoming, In Progress or Completed, from the dates by the server's clock" }),
    eventType: z.enum(EVENT_TYPES),
    category: z.enum(EVENT_CATEGORIES),
    location: Location,
    dates: Dates,
    pricing: z.strictObject({ type: z.enum(EVENT_PRICING_TYPES), amount: z.number(), currency: z.enum(CURRENCIES) }),
    maxAttendees: z.number().int().meta({ description: '0: unlimited' }),
    currentAttendees: z.number().int(),
    waitlistCount: z.number().int(),
    placesOnOffer: z.number().int().meta({ description: 'Freed places held for the first in line: taken until confirmed, declined or lapsed' }),
    images: z.strictObject({ banner: z.string(), logo: z.string() }),
    organization: Organization,
    tags: z.array(z.string()),
    isFeatured: z.boolean(),
    rejectionReason: z.string().nullable().meta({ description: 'Only for the creator, admins and moderators; null otherwise' }),
    createdAt: Timestamp,
  })
  .meta({ id: 'EventCard' });
export type EventCard = z.infer<typeof EventCardSchema>;

export const EventSchema = EventCardSchema.extend({
  description: z.string().meta({ description: 'Sanitised HTML' }),
  requirements: z.strictObject({ minAge: z.number(), maxAge: z.number(), educationLevel: z.array(z.string()), experienceLevel: z.array(z.string()) }),
  images: z.strictObject({ banner: z.string(), logo: z.string(), gallery: z.array(z.string()) }),
  pricing: z.strictObject({
    type: z.enum(EVENT_PRICING_TYPES),
    amount: z.number(),
    currency: z.enum(CURRENCIES),
    earlyBird: z.strictObject({ amount: z.number(), deadline: z.string() }),
  }),
  socialMediaLinks: z.strictObject({ whatsapp: z.string(), instagram: z.string(), discord: z.string(), linkedin: z.string(), website: z.string() }),
  faqs: z.array(z.strictObject({ id: z.string(), question: z.string(), answer: z.string() })),
  takeRegistrations: z.enum(['false', 'pending', 'true']),
  createdBy: z.strictObject({ _id: z.string(), username: z.string(), firstName: z.string(), lastName: z.string() }),
  updatedAt: Timestamp,
}).meta({ id: 'Event' });
export type Event = z.infer<typeof EventSchema>;

export const EventWrittenSchema = z.strictObject({ _id: z.string(), id: z.string(), username: z.string() }).meta({ id: 'EventWritten' });
export type EventWritten = z.infer<typeof EventWrittenSchema>;

/** GET /api/events/{id}/registration-status, and the answer of every registration write. */
export const EventRegistrationStatusSchema = z
  .strictObject({
    registered: z.boolean(),
    paymentStatus: z.enum(['completed', 'pending']).nullable(),
    requiresPayment: z.boolean().meta({ description: 'Registered with the fee still due: start the payment' }),
    holdUntil: Timestamp.nullable().meta({ description: 'While the payment is due: when the place is given up' }),
    waitlist: z.union([z.strictObject({ position: z.number().int(), total: z.number().int() }), z.null()]),
    offer: z.union([z.strictObject({ expiresAt: Timestamp }), z.null()]).meta({ description: 'A freed place held for this user until expiresAt' }),
  })
  .meta({ id: 'EventRegistrationStatus' });
export type EventRegistrationStatus = z.infer<typeof EventRegistrationStatusSchema>;

/** One row of the participants screen (spec 3). */
export const EventParticipantSchema = z
  .strictObject({
    _id: z.string(),
    user: z.strictObject({ _id: z.string(), name: z.string(), ...participantContactFields }),
    registrationDate: Timestamp,
    paymentStatus: z.enum(['completed', 'pending']),
    ...attendanceFields,
  })
  .meta({ id: 'EventParticipant' });
export type EventParticipant = z.infer<typeof EventParticipantSchema>;

export const EventParticipantsSchema = z
  .strictObject({ event: z.strictObject({ _id: z.string(), title: z.string(), username: z.string() }), participants: z.array(EventParticipantSchema) })
  .meta({ id: 'EventParticipants' });
export type EventParticipants = z.infer<typeof EventParticipantsSchema>;

export const CalendarFeedSchema = z.strictObject({ url: z.string().nullable().meta({ description: 'The secret feed URL to subscribe to (webcal clients take it as is)' }) }).meta({ id: 'CalendarFeed' });
export type CalendarFeed = z.infer<typeof CalendarFeedSchema>;

/** The CSV columns of the participants export, in order. */
export const PARTICIPANT_CSV_COLUMNS = [
  ...PARTICIPANT_PROFILE_CSV_COLUMNS,
  { key: 'address', label: 'Address' },
  { key: 'skills', label: 'Skills' },
  { key: 'registrationDate', label: 'Registration Date' },
  { key: 'paymentStatus', label: 'Payment Status' },
  CHECKED_IN_CSV_COLUMN,
] as const;

/** A participant as one CSV row (keys of PARTICIPANT_CSV_COLUMNS). */
export function participantCsvRow(p: EventParticipant): Record<string, unknown> {
  return { ...p.user, skills: p.user.skills.join(', '), registrationDate: p.registrationDate, paymentStatus: p.paymentStatus, checkedInAt: p.checkedInAt ?? '' };
}
