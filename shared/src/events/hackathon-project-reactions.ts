import { z } from 'zod';

/**
 * Likes, saves and comments of a hackathon project, as a portfolio project has them (events of
 * their own rather than the portfolio's Project* events with a subject: those are stored forever
 * and read by the portfolio's projection, and a hackathon project is named by two ids, its
 * hackathon's and its entrant's). Each user's like and save sits on its own small stream, so a
 * burst of clicks never contends and a repeated click appends nothing; the comments of a project
 * sit on one stream of their own, apart from the team's submissions.
 */
const reacted = z.object({ hackathonId: z.string(), projectId: z.string(), userId: z.string(), at: z.string() });

export const HackathonProjectReactionEventSchemas = {
  HackathonProjectLiked: reacted,
  HackathonProjectUnliked: reacted,
  HackathonProjectSaved: reacted,
  HackathonProjectUnsaved: reacted,
  HackathonProjectCommented: reacted.extend({
    commentId: z.string(),
    /** null for a comment, the parent comment's id for a reply. */
    parentId: z.string().nullable(),
    text: z.string(),
  }),
} as const;

export const HACKATHON_PROJECT_REACTION_EVENT_TYPES = Object.keys(HackathonProjectReactionEventSchemas) as (keyof typeof HackathonProjectReactionEventSchemas)[];

export const hackathonProjectLikeStream = (hackathonId: string, projectId: string, userId: string) => `hackathon-project-like-${hackathonId}-${projectId}-${userId}`;
export const hackathonProjectSaveStream = (hackathonId: string, projectId: string, userId: string) => `hackathon-project-save-${hackathonId}-${projectId}-${userId}`;
export const hackathonProjectCommentsStream = (hackathonId: string, projectId: string) => `hackathon-project-comments-${hackathonId}-${projectId}`;
