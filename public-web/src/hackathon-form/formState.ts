import type { Hackathon } from '@circuit/shared/api/hackathons';
import { displayStatusOf, phaseOf } from '@circuit/shared/hackathons/options';
import { issuesResolver } from '../ui/forms';
import { HackathonFormSchema, hackathonRuleIssues, hackathonRuleViolations, type HackathonForm } from '@circuit/shared/validation/hackathons';

/**
 * The form's state is the request body of POST/PUT /api/hackathons (HackathonForm), except that
 * dates are what `datetime-local` inputs hold (local time, no zone) until they are sent.
 */
export type FormState = HackathonForm;

export const emptyForm = (): FormState => HackathonFormSchema.parse({});

const pad = (n: number) => String(n).padStart(2, '0');
/** ISO instant -> the value of a datetime-local input in this browser's time zone. */
export function localInput(iso: string): string {
  const d = new Date(iso);
  if (!iso || Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
/** A datetime-local value (local time) -> ISO instant ('' stays ''). */
export function isoOf(local: string): string {
  const d = new Date(local);
  return local && !Number.isNaN(d.getTime()) ? d.toISOString() : '';
}

/** The body to send: dates as instants, technologies as typed. */
export function toRequest(form: FormState): HackathonForm {
  return {
    ...form,
    dates: { startDate: isoOf(form.dates.startDate), endDate: isoOf(form.dates.endDate), registrationDeadline: isoOf(form.dates.registrationDeadline) },
  };
}

/** The first broken rule, exactly as the server would answer it. */
export const firstViolation = (form: FormState, mode: 'create' | 'edit') => hackathonRuleViolations(toRequest(form), mode)[0] ?? null;

/** The form's resolver: the server's rules (shared), each broken one at its field, the first per field. */
export const rulesResolver = (mode: 'create' | 'edit') => issuesResolver<FormState>((values) => hackathonRuleIssues(toRequest(values), mode));

/** The edit form starts from the listing as the server has it. */
export function fromHackathon(h: Hackathon): FormState {
  return HackathonFormSchema.parse({
    username: h.username,
    title: h.title,
    shortDescription: h.shortDescription,
    description: h.description,
    eligibilityCriteria: h.eligibilityCriteria,
    organization: h.organization,
    categories: h.categories,
    technologies: h.technologies,
    location: h.location,
    dates: { startDate: localInput(h.dates.startDate), endDate: localInput(h.dates.endDate), registrationDeadline: localInput(h.dates.registrationDeadline) },
    pricing: h.pricing,
    maxParticipants: h.maxParticipants,
    prizes: h.prizes,
    socialMediaLinks: h.socialMediaLinks,
    takeRegistrations: h.takeRegistrations !== 'false',
    mentors: h.mentors,
    volunteers: h.volunteers,
    teamSettings: h.teamSettings,
    requirements: h.requirements,
    images: h.images,
    faqs: h.faqs,
  });
}

/** Adds a technology (trimmed, no duplicates whatever the case). */
export function withTechnology(list: string[], raw: string): string[] {
  const value = raw.trim();
  if (!value || list.some((t) => t.toLowerCase() === value.toLowerCase())) return list;
  return [...list, value];
}

/** Entering LinkedIn clears and disables Twitter, and the other way round (spec 2 section 4). */
export function volunteerContact(v: FormState['volunteers'][number], field: 'linkedin' | 'twitter', value: string) {
  return field === 'linkedin' ? { ...v, linkedin: value, twitter: value ? '' : v.twitter } : { ...v, twitter: value, linkedin: value ? '' : v.linkedin };
}

/**
 * The listing as the server will show it once created, for the Preview: a pending hackathon with no
 * participants, reviews or sponsors yet, hosted by the signed-in user. Until every date is set it
 * reads as what a new listing is: open for registration and upcoming.
 */
export function previewHackathon(form: FormState, host: { id: string; username: string; firstName: string; lastName: string; profilePicture?: string | null }, now: Date): Hackathon {
  const f = toRequest(form);
  const dates = f.dates;
  const dated = Boolean(dates.startDate && dates.endDate && dates.registrationDeadline);
  const fee = f.pricing.type === 'paid' ? f.pricing.amount : 0;
  return {
    _id: '',
    id: '',
    username: f.username,
    title: f.title,
    shortDescription: f.shortDescription,
    status: 'pending',
    phase: dated ? phaseOf(dates, now) : 'registration_open',
    displayStatus: dated ? displayStatusOf(dates, now) : 'Upcoming',
    categories: f.categories,
    technologies: f.technologies,
    location: { ...f.location, type: f.location.type || 'online' },
    dates,
    pricing: { type: f.pricing.type || 'free', amount: fee, currency: f.pricing.currency },
    registrationFees: fee,
    maxParticipants: f.maxParticipants,
    currentParticipants: 0,
    images: f.images,
    organization: f.organization,
    isFeatured: false,
    averageRating: 0,
    totalReviews: 0,
    rejectionReason: null,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    description: f.description,
    eligibilityCriteria: f.eligibilityCriteria,
    prizes: f.prizes,
    mentors: f.mentors,
    volunteers: f.volunteers,
    sponsors: [],
    teamSettings: f.teamSettings,
    requirements: f.requirements,
    socialMediaLinks: f.socialMediaLinks,
    faqs: f.faqs,
    takeRegistrations: f.takeRegistrations ? 'pending' : 'false',
    createdBy: { _id: host.id, username: host.username, firstName: host.firstName, lastName: host.lastName, profilePicture: host.profilePicture ?? null },
    organizer: { _id: host.id },
  };
}
