import { z } from 'zod';
import { CURRENCIES, LOCATION_TYPES } from '../hackathons/options';
import { EVENT_CATEGORIES, EVENT_LIMITS as L, EVENT_PRICING_TYPES, EVENT_TYPES, REGISTRATION_FIELDS, type RegistrationField } from '../event-listings/options';
import { HackathonMessages, USERNAME_PATTERN } from './hackathons';
import { isValidMobile, RegistrationProfileMessages } from './registration-profile';
import { TimeZoneSchema } from './time-zone';
import { TakeRegistrationsInputSchema } from './take-registrations';

/**
 * The event form of spec 2 (create and edit), as the web app sends it to POST /api/events and
 * PUT /api/events/{id}. The schema checks shapes and fills the defaults of section 9;
 * `eventRuleViolations` checks the rules of section 5 in the spec's order, so the server and the
 * form show the same first message.
 */
export { EventMessages } from '../event-listings/messages';
import { EventMessages } from '../event-listings/messages';

/** The registration modal's messages (spec 2 section 5) and the registration answers. */
export const EventRegistrationMessages = {
  missingFields: RegistrationProfileMessages.missingFields,
  mobile: RegistrationProfileMessages.mobile,
  terms: 'Please agree to the terms and conditions',
  registered: 'Successfully registered for event',
  registeredPaymentDue: 'Registration started: complete the payment to confirm your place',
  unregistered: 'You are no longer registered for this event',
  notOpen: 'Registration is not open for this event',
  deadlinePassed: 'Registration deadline has passed',
  full: 'This event is full. Join the waitlist to be offered a place if one frees up.',
  alreadyRegistered: 'You are already registered for this event',
  notRegistered: 'You are not registered for this event',
  waitlisted: (position: number) => `The event is full: you are number ${position} on the waitlist`,
  alreadyWaitlisted: 'You are already on the waitlist for this event',
  notWaitlisted: 'You are not on the waitlist for this event',
  leftWaitlist: 'You left the waitlist',
  noOffer: 'You have no place on offer for this event (it may have expired)',
  offerAccepted: 'Your place is confirmed. See you there!',
  offerAcceptedPay: 'Place held: complete the payment within the time left to confirm it',
  offerDeclined: 'You passed on the place; it goes to the next person in line',
  noPaymentDue: 'This registration has no payment due',
  orderCreated: 'Payment order created',
  paymentComplete: 'Payment successful! You are now registered.',
  paymentFailed: 'Payment verification failed',
} as const;

const text = (max = 20_000) => z.string().max(max).default('');
const amount = (max = 1e9) =>
  z.preprocess((v) => (v === '' || v === null || v === undefined ? 0 : typeof v === 'string' ? Number(v) : v), z.number().finite().min(0, 'Amounts cannot be negative').max(max)).default(0);
/** "Empty numbers parse to 0". */
const count = () =>
  z
    .preprocess((v) => (v === '' || v === null || v === undefined ? 0 : typeof v === 'string' ? Number(v) : v), z.number().int('Max attendees must be a whole number').min(0, 'Max attendees cannot be negative').max(1_000_000))
    .default(0);
const link = () => z.string().trim().max(500).default('');
const list = <T extends z.ZodType>(item: T, max = 100) => z.array(item).max(max).default([]);

export const EventFaqSchema = z.object({ id: z.string().trim().max(100).optional(), question: z.string().trim().max(500).default(''), answer: z.string().trim().max(5000).default('') });

export const EventFormSchema = z.object({
  username: z.string().trim().max(100).default(''),
  title: z.string().trim().max(200).default(''),
  shortDescription: z.string().trim().max(1000).default(''),
  /** Rich HTML, sanitised by the server before it is stored. */
  description: text(100_000),
  organization: z.object({ name: z.string().trim().max(200).default(''), website: link(), logo: link() }).prefault({}),
  location: z
    .object({
      type: z.enum(LOCATION_TYPES, { error: 'Unknown location type' }).default('online'),
      address: z.string().trim().max(500).default(''),
      city: z.string().trim().max(100).default(''),
      state: z.string().trim().max(100).default(''),
      country: z.string().trim().max(100).default(''),
    })
    .prefault({}),
  dates: z
    .object({ startDate: z.string().trim().max(40).default(''), endDate: z.string().trim().max(40).default(''), registrationDeadline: z.string().trim().max(40).default('') })
    .prefault({}),
  eventType: z.enum(EVENT_TYPES, { error: 'Unknown event type' }).default('conference'),
  category: z.enum(EVENT_CATEGORIES, { error: 'Unknown category' }).default('technology'),
  /** 0: unlimited. */
  maxAttendees: count(),
  pricing: z
    .object({
      type: z.enum(EVENT_PRICING_TYPES, { error: 'Unknown pricing type' }).default('free'),
      amount: amount(),
      currency: z.enum(CURRENCIES, { error: 'Unknown currency' }).default('USD'),
      earlyBird: z.object({ amount: amount(), deadline: z.string().trim().max(40).default('') }).prefault({}),
    })
    .prefault({}),
  requirements: z
    .object({ minAge: amount(200), maxAge: amount(200), educationLevel: list(z.string().trim().max(100), 20), experienceLevel: list(z.string().trim().max(100), 20) })
    .prefault({}),
  images: z.object({ banner: link(), logo: link(), gallery: list(link(), 20) }).prefault({}),
  socialMediaLinks: z.object({ whatsapp: link(), instagram: link(), discord: link(), linkedin: link(), website: link() }).prefault({}),
  faqs: list(EventFaqSchema, 50),
  tags: list(z.string().trim().min(1).max(50), 30),
  /** The registration agreement: ticked asks the platform to take registrations. */
  takeRegistrations: TakeRegistrationsInputSchema,
  /** The organiser's zone (the form sends the browser's): the event's mails give times in it. */
  timeZone: TimeZoneSchema.optional(),
});
export type EventForm = z.infer<typeof EventFormSchema>;
export type EventFormInput = z.input<typeof EventFormSchema>;

const isBlankHtml = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim() === '';
const validInstant = (v: string) => v !== '' && Number.isFinite(Date.parse(v));

export function eventUsernameViolation(username: string): string | null {
  if (!username.trim()) return EventMessages.usernameRequired;
  if (!USERNAME_PATTERN.test(username)) return EventMessages.usernameChars;
  if (username.length < L.usernameMin || username.length > L.usernameMax) return EventMessages.usernameLength;
  return null;
}

/** Every broken rule of section 5 (create and edit share the edit toasts' order), first one first. */
/** Every broken rule of the event form, in the spec's order, each at its field (a dotted path into the form). */
export function eventRuleIssues(form: EventForm): { path: string; message: string }[] {
  const out: { path: string; message: string }[] = [];
  const push = (cond: boolean, message: string, path: string) => {
    if (cond) out.push({ path, message });
  };
  const username = eventUsernameViolation(form.username);
  if (username) out.push({ path: 'username', message: username });
  push(!form.title, EventMessages.titleRequired, 'title');
  push(!form.shortDescription, EventMessages.shortDescriptionRequired, 'shortDescription');
  push(form.shortDescription.length > L.shortDescriptionMax, EventMessages.shortDescriptionMax, 'shortDescription');
  push(isBlankHtml(form.description), EventMessages.descriptionRequired, 'description');
  push(!form.organization.name, EventMessages.organizationRequired, 'organization.name');
  push(!validInstant(form.dates.startDate), EventMessages.startRequired, 'dates.startDate');
  push(!validInstant(form.dates.endDate), EventMessages.endRequired, 'dates.endDate');
  push(!validInstant(form.dates.registrationDeadline), EventMessages.deadlineRequired, 'dates.registrationDeadline');
  const start = Date.parse(form.dates.startDate);
  const end = Date.parse(form.dates.endDate);
  const deadline = Date.parse(form.dates.registrationDeadline);
  if (Number.isFinite(start) && Number.isFinite(end)) push(start >= end, EventMessages.endAfterStart, 'dates.endDate');
  if (Number.isFinite(start) && Number.isFinite(deadline)) push(deadline >= start, EventMessages.deadlineBeforeStart, 'dates.registrationDeadline');
  push(form.location.type !== 'online' && !form.location.country, EventMessages.countryRequired, 'location.country');
  push(form.faqs.some((f) => !f.question.trim() || !f.answer.trim()), EventMessages.faqIncomplete, 'faqs');
  push(form.pricing.type === 'paid' && !(form.pricing.amount > 0), EventMessages.paidAmount, 'pricing.amount');
  return out;
}

/** The broken rules' messages; the first is what the server answers. */
export const eventRuleViolations = (form: EventForm): string[] => eventRuleIssues(form).map((i) => i.message);

/** Tags trimmed, without duplicates (case-insensitive), in the order given. */
export function normaliseTags(values: readonly string[]): string[] {
  const seen = new Set<string>();
  return values.map((v) => v.trim()).filter((v) => v && !seen.has(v.toLowerCase()) && seen.add(v.toLowerCase()));
}

export const EVENT_DATE_RANGES = ['today', 'tomorrow', 'this_week', 'this_month', 'next_month', 'expired'] as const;
export const EVENT_STATUS_FILTERS = ['registration_open', 'ongoing', 'upcoming', 'completed'] as const;

/** Query of GET /api/events (section 7); empty values are dropped by the client, unknown values are a 400. */
export const EventListQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  category: z.enum(EVENT_CATEGORIES, { error: 'Unknown category' }).optional(),
  eventType: z.enum(EVENT_TYPES, { error: 'Unknown event type' }).optional(),
  status: z.enum(EVENT_STATUS_FILTERS, { error: 'Unknown status' }).optional(),
  location: z.enum(LOCATION_TYPES, { error: 'Unknown location type' }).optional(),
  organization: z.string().trim().max(200).optional(),
  dateRange: z.enum(EVENT_DATE_RANGES, { error: 'Unknown date range' }).optional(),
  state: z.string().trim().max(100).optional(),
  country: z.enum(['India', 'International'], { error: 'Unknown country filter' }).optional(),
  limit: z.coerce.number().int().min(1, 'limit must be between 1 and 50').max(50, 'limit must be between 1 and 50').default(L.listPage),
  /** Opaque cursor from the previous page's `nextCursor`. */
  cursor: z.string().max(200).optional(),
});
export type EventListQuery = z.infer<typeof EventListQuerySchema>;

const field = (max: number) => z.string().trim().max(max).optional();
/** The registration modal's fields (values start from the user's profile). */
export const EventRegistrationProfileSchema = z.object({
  firstName: field(50),
  lastName: field(50),
  college: field(200),
  course: field(100),
  branch: field(100),
  collegeYear: field(50),
  country: field(100),
  state: field(100),
  mobile: field(20),
});
export type EventRegistrationProfile = z.infer<typeof EventRegistrationProfileSchema>;

/** POST /api/events/{id}/register: the modal's fields, the terms, and whether to join the waitlist when full. */
export const EventRegisterBodySchema = EventRegistrationProfileSchema.extend({
  agreeToTerms: z.boolean().optional(),
  joinWaitlist: z.boolean().optional(),
});

const FIELD_LABELS: Record<RegistrationField, string> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  college: 'College',
  course: 'Course',
  branch: 'Branch',
  collegeYear: 'College Year',
  country: 'Country',
  state: 'State',
  mobile: 'Mobile',
};

/** The modal's rules in order: required fields, the mobile number, the terms. Null when the registration may go ahead. */
export function registrationViolation(profile: EventRegistrationProfile, agreeToTerms: boolean | undefined): string | null {
  const missing = REGISTRATION_FIELDS.filter((f) => !profile[f]?.trim()).map((f) => FIELD_LABELS[f]);
  if (missing.length) return EventRegistrationMessages.missingFields(missing);
  if (!isValidMobile(profile.mobile)) return EventRegistrationMessages.mobile;
  if (agreeToTerms !== true) return EventRegistrationMessages.terms;
  return null;
}
