import type { Hackathon } from '@circuit/shared/api/hackathons';
import { HackathonFormSchema, hackathonRuleViolations, type HackathonForm } from '@circuit/shared/validation/hackathons';

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
