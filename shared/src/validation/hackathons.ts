import { z } from 'zod';
import { CURRENCIES, HACKATHON_CATEGORIES, HACKATHON_LIMITS as L, HACKATHON_PRICING_TYPES, LOCATION_TYPES } from '../hackathons/options';
import { TakeRegistrationsInputSchema } from './take-registrations';

/**
 * The hackathon form of spec 2 (create and edit), as the web app sends it to
 * POST /api/hackathons and PUT /api/hackathons/{id}. The schema checks shapes and fills defaults;
 * `hackathonRuleViolations` checks the rules of section 5 in the spec's order, so the server and
 * the form show the same first message.
 */

export { HackathonMessages } from '../hackathons/messages';
import { HackathonMessages } from '../hackathons/messages';

export const USERNAME_PATTERN = /^[a-zA-Z0-9_-]+$/;

const text = (max = 20_000) => z.string().max(max).default('');
/** "Empty numbers parse to 0": '' and missing become 0; negative amounts are refused. */
const amount = (max = 1e9) =>
  z.preprocess((v) => (v === '' || v === null || v === undefined ? 0 : typeof v === 'string' ? Number(v) : v), z.number().finite().min(0, 'Amounts cannot be negative').max(max)).default(0);
const count = (fallback: number) =>
  z.preprocess((v) => (v === '' || v === null || v === undefined ? fallback : typeof v === 'string' ? Number(v) : v), z.number().int().finite()).default(fallback);
const link = () => z.string().trim().max(500).default('');
const list = <T extends z.ZodType>(item: T, max = 100) => z.array(item).max(max).default([]);

export const PrizeDetailSchema = z.object({ rank: z.string().trim().max(100).default(''), description: text(1000), amount: amount() });
export const MentorSchema = z.object({ name: z.string().trim().max(100).default(''), tagline: z.string().trim().max(500).default(''), linkedin: link() });
export const VolunteerSchema = z.object({
  name: z.string().trim().max(100).default(''),
  role: z.string().trim().max(100).default(''),
  phone: z.string().trim().max(30).default(''),
  linkedin: link(),
  twitter: link(),
});
export const FaqSchema = z.object({ question: z.string().trim().max(500).default(''), answer: z.string().trim().max(5000).default('') });

export const HackathonFormSchema = z.object({
  username: z.string().trim().max(100).default(''),
  title: z.string().trim().max(200).default(''),
  shortDescription: z.string().trim().max(1000).default(''),
  /** Rich HTML, sanitised by the server before it is stored. */
  description: text(100_000),
  eligibilityCriteria: text(20_000),
  organization: z.object({ name: z.string().trim().max(200).default(''), website: link(), logo: link() }).prefault({}),
  categories: list(z.enum(HACKATHON_CATEGORIES, { error: 'Unknown category' }), HACKATHON_CATEGORIES.length),
  technologies: list(z.string().trim().min(1).max(50), 50),
  location: z
    .object({
      /** The form's "event type": online, offline or hybrid. */
      type: z.union([z.enum(LOCATION_TYPES), z.literal('')]).default(''),
      country: z.string().trim().max(100).default(''),
      state: z.string().trim().max(100).default(''),
      city: z.string().trim().max(100).default(''),
      address: z.string().trim().max(500).default(''),
    })
    .prefault({}),
  /** ISO 8601 instants ('' while unset). */
  dates: z
    .object({ startDate: z.string().trim().max(40).default(''), endDate: z.string().trim().max(40).default(''), registrationDeadline: z.string().trim().max(40).default('') })
    .prefault({}),
  pricing: z
    .object({ type: z.union([z.enum(HACKATHON_PRICING_TYPES), z.literal('')]).default('free'), amount: amount(), currency: z.enum(CURRENCIES).default('INR') })
    .prefault({}),
  maxParticipants: count(L.defaultMaxParticipants),
  prizes: z
    .object({ totalPrizePool: amount(), currency: z.enum(CURRENCIES).default('USD'), prizeDetails: list(PrizeDetailSchema, 50) })
    .prefault({}),
  socialMediaLinks: z.object({ whatsapp: link(), instagram: link(), discord: link(), linkedin: link(), website: link() }).prefault({}),
  /** The Registration Agreement checkbox: ticked asks the platform to take registrations. */
  takeRegistrations: TakeRegistrationsInputSchema,
  mentors: list(MentorSchema, 50),
  volunteers: list(VolunteerSchema, 50),
  teamSettings: z.object({ minMembers: count(L.defaultTeamMin), maxMembers: count(L.defaultTeamMax) }).prefault({}),
  /** Edit form only (section "Requirements"). */
  requirements: z
    .object({
      minAge: amount(200),
      maxAge: amount(200),
      educationLevel: list(z.string().trim().max(100), 20),
      experienceLevel: list(z.string().trim().max(100), 20),
      teamSize: z.object({ min: count(1), max: count(5) }).prefault({}),
    })
    .prefault({}),
  images: z.object({ banner: link(), logo: link(), gallery: list(link(), 20) }).prefault({}),
  faqs: list(FaqSchema, 50),
});
export type HackathonForm = z.infer<typeof HackathonFormSchema>;
/** What a client may send: every field optional, numbers may be strings from inputs. */
export type HackathonFormInput = z.input<typeof HackathonFormSchema>;

const isBlankHtml = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim() === '';
const validInstant = (v: string) => v !== '' && Number.isFinite(Date.parse(v));

/** The username rules of create (edit keeps the stored one). */
export function usernameViolation(username: string): string | null {
  if (!username.trim()) return HackathonMessages.usernameRequired;
  if (!USERNAME_PATTERN.test(username)) return HackathonMessages.usernameChars;
  if (username.length < L.usernameMin || username.length > L.usernameMax) return HackathonMessages.usernameLength;
  return null;
}

/** A broken rule and the field it belongs to (a dotted path into the form), so a form can show it there. */
export interface HackathonRuleIssue {
  path: string;
  message: string;
}

/**
 * Every broken rule of section 5, in the spec's order (create: the create list; edit: the edit
 * toasts, then the shared rules), each with its field.
 */
export function hackathonRuleIssues(form: HackathonForm, mode: 'create' | 'edit'): HackathonRuleIssue[] {
  const out: HackathonRuleIssue[] = [];
  const push = (cond: boolean, message: string, path: string) => {
    if (cond) out.push({ path, message });
  };
  const username = usernameViolation(form.username);
  if (username) out.push({ path: 'username', message: username });
  push(!form.title, HackathonMessages.titleRequired, 'title');
  push(!form.shortDescription, HackathonMessages.shortDescriptionRequired, 'shortDescription');
  push(form.shortDescription.length > L.shortDescriptionMax, HackathonMessages.shortDescriptionMax, 'shortDescription');
  push(isBlankHtml(form.description), HackathonMessages.descriptionRequired, 'description');
  if (mode === 'create') push(isBlankHtml(form.eligibilityCriteria), HackathonMessages.eligibilityRequired, 'eligibilityCriteria');
  push(!form.organization.name, HackathonMessages.organizationRequired, 'organization.name');
  if (mode === 'create') {
    push(form.categories.length === 0, HackathonMessages.categoryRequired, 'categories');
    push(!form.location.type, HackathonMessages.eventTypeRequired, 'location.type');
    push(!form.location.country, HackathonMessages.countryRequired, 'location.country');
    push(form.location.country === 'India' && !form.location.state, HackathonMessages.stateRequired, 'location.state');
    // An online hackathon has no venue: its address is welcome, not required.
    push(form.location.type !== 'online' && !form.location.address, HackathonMessages.addressRequired, 'location.address');
  }
  push(!validInstant(form.dates.startDate), HackathonMessages.startRequired, 'dates.startDate');
  push(!validInstant(form.dates.endDate), HackathonMessages.endRequired, 'dates.endDate');
  push(!validInstant(form.dates.registrationDeadline), HackathonMessages.deadlineRequired, 'dates.registrationDeadline');
  if (mode === 'create') push(!form.pricing.type, HackathonMessages.pricingRequired, 'pricing.type');
  const start = Date.parse(form.dates.startDate);
  const end = Date.parse(form.dates.endDate);
  const deadline = Date.parse(form.dates.registrationDeadline);
  if (Number.isFinite(start) && Number.isFinite(end)) push(start >= end, HackathonMessages.endAfterStart, 'dates.endDate');
  if (Number.isFinite(start) && Number.isFinite(deadline)) push(deadline >= start, HackathonMessages.deadlineBeforeStart, 'dates.registrationDeadline');
  const { minMembers, maxMembers } = form.teamSettings;
  push(minMembers < 1, HackathonMessages.teamMin, 'teamSettings.minMembers');
  push(maxMembers < minMembers, HackathonMessages.teamMaxBelowMin, 'teamSettings.maxMembers');
  push(maxMembers > L.teamMaxLimit, HackathonMessages.teamMaxLimit, 'teamSettings.maxMembers');
  form.mentors.forEach((m, i) => push(m.tagline.length > L.mentorTaglineMax, HackathonMessages.mentorTaglineMax, `mentors.${i}.tagline`));
  return out;
}

/** The broken rules' messages in order; the first one is what the server answers and the form shows. */
export const hackathonRuleViolations = (form: HackathonForm, mode: 'create' | 'edit'): string[] => hackathonRuleIssues(form, mode).map((i) => i.message);

/** The edit form's fallbacks (section 5): max participants below 1 -> 100, team min -> 1, max -> 4. */
export function withEditFallbacks(form: HackathonForm): HackathonForm {
  return {
    ...form,
    maxParticipants: form.maxParticipants >= 1 ? form.maxParticipants : L.defaultMaxParticipants,
    teamSettings: {
      minMembers: form.teamSettings.minMembers >= 1 ? form.teamSettings.minMembers : L.defaultTeamMin,
      maxMembers: form.teamSettings.maxMembers >= 1 ? form.teamSettings.maxMembers : L.defaultTeamMax,
    },
  };
}

/** Technologies trimmed, without duplicates (case-insensitive), in the order given. */
export function normaliseTechnologies(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of values) {
    const v = raw.trim();
    if (v && !seen.has(v.toLowerCase())) {
      seen.add(v.toLowerCase());
      out.push(v);
    }
  }
  return out;
}

/** Query of GET /api/hackathons (section 7); empty values are dropped by the client, unknown values are a 400. */
export const HackathonListQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  category: z.enum(HACKATHON_CATEGORIES, { error: 'Unknown category' }).optional(),
  status: z.enum(['registration_open', 'ongoing', 'upcoming', 'completed'], { error: 'Unknown status' }).optional(),
  location: z.enum(LOCATION_TYPES, { error: 'Unknown location type' }).optional(),
  theme: z.string().trim().max(100).optional(),
  organization: z.string().trim().max(200).optional(),
  dateRange: z.enum(['today', 'tomorrow', 'this_week', 'this_month', 'next_month', 'expired'], { error: 'Unknown date range' }).optional(),
  state: z.string().trim().max(100).optional(),
  registrationFees: z.enum(['free', 'paid'], { error: 'Unknown fee filter' }).optional(),
  country: z.enum(['India', 'International'], { error: 'Unknown country filter' }).optional(),
  limit: z.coerce.number().int().min(1, 'limit must be between 1 and 50').max(50, 'limit must be between 1 and 50').default(L.listFirstPage),
  /** Opaque cursor from the previous page's `nextCursor`. */
  cursor: z.string().max(200).optional(),
});
export type HackathonListQuery = z.infer<typeof HackathonListQuerySchema>;

export const RejectBodySchema = z.object({ reason: z.string().trim().min(1, 'A reason is required').max(1000, 'Reason cannot exceed 1000 characters') });
