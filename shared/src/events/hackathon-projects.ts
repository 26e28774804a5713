import { z } from 'zod';

/**
 * One entrant's project in a hackathon (`hackathon-project-<hackathonId>-<entrantId>`): the
 * entrant is a team (its id) or a solo participant (their user id), and the project's id is that
 * entrant id, so a score or vote decider finds the project's stream (and the members recorded at
 * submission, for conflicts of interest) from the id alone. Each submission holds the full version:
 * the version judged is the last one submitted before the deadline (docs/judging.md).
 */

export const ProjectLinksSchema = z.object({ repository: z.string(), demo: z.string(), video: z.string() });
export type ProjectLinks = z.infer<typeof ProjectLinksSchema>;

/** A version as stored: validated, the description sanitised, the video's embed address worked out. */
export const HackathonProjectVersionSchema = z.object({
  title: z.string(),
  tagline: z.string(),
  description: z.string(),
  builtWith: z.array(z.string()),
  links: ProjectLinksSchema,
  /** The YouTube or Vimeo player address of `links.video`; null for any other link or none. */
  videoEmbedUrl: z.string().nullable(),
  images: z.array(z.string()),
  trackIds: z.array(z.string()),
  /** The member's portfolio project it was started from, if any. */
  fromPortfolioProjectId: z.string().nullable(),
});
export type HackathonProjectVersion = z.infer<typeof HackathonProjectVersionSchema>;

export const ENTRANT_KINDS = ['team', 'solo'] as const;

const on = { hackathonId: z.string(), projectId: z.string(), at: z.string(), byUserId: z.string() };

export const HackathonProjectEventSchemas = {
  HackathonProjectDraftSaved: z.object({ ...on, entrant: z.enum(ENTRANT_KINDS), version: HackathonProjectVersionSchema }),
  HackathonProjectSubmitted: z.object({
    ...on,
    entrant: z.enum(ENTRANT_KINDS),
    /** The team's name at submission; null for a solo participant. */
    teamName: z.string().nullable(),
    version: HackathonProjectVersionSchema,
    memberIds: z.array(z.string()),
  }),
  HackathonProjectWithdrawn: z.object(on),
} as const;

export const hackathonProjectStream = (hackathonId: string, entrantId: string) => `hackathon-project-${hackathonId}-${entrantId}`;
export const HACKATHON_PROJECT_EVENT_TYPES = Object.keys(HackathonProjectEventSchemas) as (keyof typeof HackathonProjectEventSchemas)[];
