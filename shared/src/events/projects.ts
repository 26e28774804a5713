import { z } from 'zod';

/**
 * Project events. The project itself lives on `project-<id>`; each user's like and save of a
 * project on its own small stream `project-like-<projectId>-<userId>` / `project-save-...`, so
 * simultaneous clicks of many users never contend and counts never drift.
 */
export const ProjectContentSchema = z.object({
  title: z.string(),
  description: z.string(),
  technologies: z.array(z.string()),
  githubUrl: z.string(),
  liveUrl: z.string(),
  image: z.string().nullable(),
});
export type ProjectContent = z.infer<typeof ProjectContentSchema>;

export const ProjectEventSchemas = {
  ProjectCreated: ProjectContentSchema.extend({ projectId: z.string(), ownerId: z.string(), at: z.string() }),
  ProjectUpdated: ProjectContentSchema.extend({ projectId: z.string(), at: z.string() }),
  ProjectDeleted: z.object({ projectId: z.string(), at: z.string() }),
  ProjectLiked: z.object({ projectId: z.string(), userId: z.string(), at: z.string() }),
  ProjectUnliked: z.object({ projectId: z.string(), userId: z.string(), at: z.string() }),
  ProjectSaved: z.object({ projectId: z.string(), userId: z.string(), at: z.string() }),
  ProjectUnsaved: z.object({ projectId: z.string(), userId: z.string(), at: z.string() }),
  ProjectCommented: z.object({
    projectId: z.string(),
    commentId: z.string(),
    /** null for a comment, the parent comment's id for a reply. */
    parentId: z.string().nullable(),
    userId: z.string(),
    text: z.string(),
    at: z.string(),
  }),
} as const;

export const projectStream = (projectId: string) => `project-${projectId}`;
export const projectLikeStream = (projectId: string, userId: string) => `project-like-${projectId}-${userId}`;
export const projectSaveStream = (projectId: string, userId: string) => `project-save-${projectId}-${userId}`;
