import { z } from 'zod';
import { HackathonFormSchema } from '../validation/hackathons';

/**
 * Hackathon listing events on `hackathon-<id>`; the slug is held by the reservation stream
 * `hackathon-slug-<lower-cased username>` (appended with "must not exist", so of two simultaneous
 * creates with one slug exactly one wins). Registrations and teams have their own streams and
 * events (shared/src/events/hackathon-registrations.ts).
 */

/** The listing as stored: the validated form, sanitised, with `takeRegistrations` as the spec's string. */
export const HackathonContentSchema = HackathonFormSchema.omit({ takeRegistrations: true }).extend({
  takeRegistrations: z.enum(['false', 'pending', 'true']),
});
export type HackathonContent = z.infer<typeof HackathonContentSchema>;

const by = { at: z.string(), byUserId: z.string() };

export const HackathonEventSchemas = {
  HackathonCreated: z.object({ hackathonId: z.string(), createdBy: z.string(), content: HackathonContentSchema, at: z.string() }),
  /** The whole content after the edit (username unchanged). */
  HackathonUpdated: z.object({ hackathonId: z.string(), content: HackathonContentSchema, ...by }),
  HackathonDeleted: z.object({ hackathonId: z.string(), ...by }),
  /** Moderation: every decision carries the moderator and, for a rejection, the reason. */
  HackathonApproved: z.object({ hackathonId: z.string(), ...by }),
  HackathonRejected: z.object({ hackathonId: z.string(), reason: z.string(), ...by }),
  HackathonFeatureChanged: z.object({ hackathonId: z.string(), isFeatured: z.boolean(), ...by }),
  HackathonSlugReserved: z.object({ slug: z.string(), hackathonId: z.string(), at: z.string() }),
  HackathonSlugReleased: z.object({ slug: z.string(), hackathonId: z.string(), at: z.string() }),
  /** Saved items: one small stream per user and hackathon, `hackathon-save-<hackathonId>-<userId>`. */
  HackathonSaved: z.object({ hackathonId: z.string(), userId: z.string(), at: z.string() }),
  HackathonUnsaved: z.object({ hackathonId: z.string(), userId: z.string(), at: z.string() }),
} as const;

export const hackathonStream = (hackathonId: string) => `hackathon-${hackathonId}`;
export const hackathonSlugStream = (slug: string) => `hackathon-slug-${slug.toLowerCase()}`;
export const hackathonSaveStream = (hackathonId: string, userId: string) => `hackathon-save-${hackathonId}-${userId}`;
