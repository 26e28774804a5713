/**
 * The contents of seeded accepted listings for the catalogue benchmarks (`npm run seed:listings`,
 * `npm run bench:scale`): a hackathon from the demo's templates in turn, an event of every type,
 * category and mode in turn, dates spread over a year either side of `now`. Both as the create
 * command would store them (the form validated, then the content schema).
 */
import { HackathonContentSchema, type HackathonContent } from '@circuit/shared/events/hackathons';
import { HackathonFormSchema } from '@circuit/shared/validation/hackathons';
import { EventContentSchema, type EventContent } from '@circuit/shared/events/event-listings';
import { EventFormSchema } from '@circuit/shared/validation/events';
import { EVENT_CATEGORIES, EVENT_TYPES } from '@circuit/shared/event-listings/options';
import { seedHackathonForms } from './seed-hackathons';

/** The i-th hackathon's content under `username`; `overrides` replace form fields (the scale history's prices and sizes). */
export function listingHackathonContent(now: Date, i: number, username: string, overrides: Record<string, unknown> = {}): HackathonContent {
  const templates = seedHackathonForms(now);
  const template = templates[i % templates.length]!;
  return HackathonContentSchema.parse({ ...HackathonFormSchema.parse({ ...template, username, title: `${template.title} ${i}`, ...overrides }), takeRegistrations: 'pending' });
}

export function listingEventContent(now: Date, i: number, username: string, overrides: Record<string, unknown> = {}): EventContent {
  const start = now.getTime() + ((i % 730) - 365) * 86_400_000;
  const iso = (t: number) => new Date(t).toISOString();
  return EventContentSchema.parse({
    ...EventFormSchema.parse({
      username,
      title: `${['Meetup', 'Workshop', 'Summit', 'Fest'][i % 4]} ${i}`,
      shortDescription: 'A seeded event for the list benchmark',
      description: '<p>Seeded</p>',
      organization: { name: ['Circuit Club', 'Dev Guild', 'Open Source Society'][i % 3] },
      location: { type: (['online', 'offline', 'hybrid'] as const)[i % 3], country: i % 5 ? 'India' : 'Germany', state: ['Karnataka', 'Kerala', 'Delhi'][i % 3], city: 'City', address: 'Main Road' },
      dates: { registrationDeadline: iso(start - 2 * 86_400_000), startDate: iso(start), endDate: iso(start + 86_400_000) },
      eventType: EVENT_TYPES[i % EVENT_TYPES.length],
      category: EVENT_CATEGORIES[i % EVENT_CATEGORIES.length],
      tags: ['tech'],
      ...overrides,
    }),
    takeRegistrations: 'pending',
  });
}
