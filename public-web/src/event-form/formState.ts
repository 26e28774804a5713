import type { Event } from '@circuit/shared/api/events';
import type { EventForm } from '@circuit/shared/validation/events';
import { viewerTimeZone } from '@circuit/shared/time/format';

/** The form's values (spec 2 section 9's defaults); dates as the datetime-local inputs hold them. */
export type EventFormState = Omit<EventForm, 'dates'> & { dates: { startDate: string; endDate: string; registrationDeadline: string } };

export const emptyEventForm = (): EventFormState => ({
  username: '',
  title: '',
  shortDescription: '',
  description: '',
  organization: { name: '', website: '', logo: '' },
  location: { type: 'online', address: '', city: '', state: '', country: '' },
  dates: { startDate: '', endDate: '', registrationDeadline: '' },
  eventType: 'conference',
  category: 'technology',
  maxAttendees: 0,
  pricing: { type: 'free', amount: 0, currency: 'USD', earlyBird: { amount: 0, deadline: '' } },
  requirements: { minAge: 0, maxAge: 0, educationLevel: [], experienceLevel: [] },
  images: { banner: '', logo: '', gallery: [] },
  socialMediaLinks: { whatsapp: '', instagram: '', discord: '', linkedin: '', website: '' },
  faqs: [],
  tags: [],
  takeRegistrations: false,
});

/** An ISO instant as a datetime-local value in the browser's zone, and back. */
export const toLocalInput = (iso: string) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
export const fromLocalInput = (local: string) => (local ? new Date(local).toISOString() : '');

export function fromEvent(e: Event): EventFormState {
  return {
    ...emptyEventForm(),
    username: e.username,
    title: e.title,
    shortDescription: e.shortDescription,
    description: e.description,
    organization: e.organization,
    location: e.location,
    dates: { startDate: toLocalInput(e.dates.startDate), endDate: toLocalInput(e.dates.endDate), registrationDeadline: toLocalInput(e.dates.registrationDeadline) },
    eventType: e.eventType,
    category: e.category,
    maxAttendees: e.maxAttendees,
    pricing: e.pricing,
    requirements: e.requirements,
    images: e.images,
    socialMediaLinks: e.socialMediaLinks,
    faqs: e.faqs,
    tags: e.tags,
    takeRegistrations: e.takeRegistrations !== 'false',
  };
}

/** What the server receives: instants in UTC, and the organiser's zone for the event's mails. */
export const toEventForm = (s: EventFormState): EventForm => ({
  ...s,
  timeZone: viewerTimeZone(),
  username: s.username.trim().toLowerCase(),
  dates: { startDate: fromLocalInput(s.dates.startDate), endDate: fromLocalInput(s.dates.endDate), registrationDeadline: fromLocalInput(s.dates.registrationDeadline) },
});
