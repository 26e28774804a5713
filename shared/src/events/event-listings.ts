import { z } from 'zod';
import { EventFormSchema } from '../validation/events';

/**
 * Event listing events on `event-<id>`; the slug is held by the reservation stream
 * `event-slug-<lower-cased username>` (appended with "must not exist", so of two simultaneous
 * creates with one slug exactly one wins). Registrations and the waitlist live on
 * `event-roster-<id>` (event-registrations.ts).
 */
export const EventContentSchema = EventFormSchema.omit({ takeRegistrations: true }).extend({
  takeRegistrations: z.enum(['false', 'pending', 'true']),
});
export type EventContent = z.infer<typeof EventContentSchema>;

const by = { at: z.string(), byUserId: z.string() };

export const EventListingEventSchemas = {
  EventCreated: z.object({ eventId: z.string(), createdBy: z.string(), content: EventContentSchema, at: z.string() }),
  /** The whole content after the edit (username unchanged). */
  EventUpdated: z.object({ eventId: z.string(), content: EventContentSchema, ...by }),
  EventDeleted: z.object({ eventId: z.string(), ...by }),
  EventApproved: z.object({ eventId: z.string(), ...by }),
  EventRejected: z.object({ eventId: z.string(), reason: z.string(), ...by }),
  EventSlugReserved: z.object({ slug: z.string(), eventId: z.string(), at: z.string() }),
  EventSlugReleased: z.object({ slug: z.string(), eventId: z.string(), at: z.string() }),
  /** Saved items: one small stream per user and event, `event-save-<eventId>-<userId>`. */
  EventSaved: z.object({ eventId: z.string(), userId: z.string(), at: z.string() }),
  EventUnsaved: z.object({ eventId: z.string(), userId: z.string(), at: z.string() }),
  /** The secret of a user's personal calendar feed, on `calendar-feed-<userId>`; a new one replaces the old. */
  CalendarFeedTokenIssued: z.object({ userId: z.string(), token: z.string(), at: z.string() }),
} as const;

export const eventStream = (eventId: string) => `event-${eventId}`;
export const eventSlugStream = (slug: string) => `event-slug-${slug.toLowerCase()}`;
export const eventSaveStream = (eventId: string, userId: string) => `event-save-${eventId}-${userId}`;
export const calendarFeedStream = (userId: string) => `calendar-feed-${userId}`;
