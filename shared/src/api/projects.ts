import { z } from 'zod';
import type { ProjectBody } from '../validation/profile';
import { Timestamp, UserSummarySchema } from './users';

const CommentAuthor = z.strictObject({ _id: z.string(), firstName: z.string(), lastName: z.string(), username: z.string(), profilePicture: z.string().nullable() });
const commentFields = { _id: z.string(), user: CommentAuthor, text: z.string(), createdAt: Timestamp };

/** Replies are one level deep: a reply has no replies of its own. */
export const ProjectReplySchema = z.strictObject({ ...commentFields, replies: z.array(z.unknown()).max(0) }).meta({ id: 'ProjectReply' });
export const ProjectCommentSchema = z.strictObject({ ...commentFields, replies: z.array(ProjectReplySchema) }).meta({ id: 'ProjectComment' });
/** A comment or a reply; typed recursively for the screens (a reply's own `replies` is always empty). */
export interface ProjectComment extends Omit<z.infer<typeof ProjectReplySchema>, 'replies'> {
  replies: ProjectComment[];
}

export const ProjectSchema = z
  .strictObject({
    _id: z.string(),
    id: z.string(),
    owner: UserSummarySchema,
    title: z.string(),
    description: z.string(),
    technologies: z.array(z.string()),
    githubUrl: z.string(),
    liveUrl: z.string(),
    image: z.string().nullable(),
    likes: z.array(z.string()).meta({ description: 'Ids of the users who like it, oldest first' }),
    saves: z.array(z.string()),
    likesCount: z.number().int(),
    savesCount: z.number().int(),
    comments: z.array(ProjectCommentSchema),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .meta({ id: 'Project' });
export type Project = Omit<z.infer<typeof ProjectSchema>, 'comments'> & { comments: ProjectComment[] };

export const UploadedImageSchema = z.strictObject({ url: z.string() }).meta({ id: 'UploadedImage' });
export const DeletedProjectSchema = z.strictObject({ _id: z.string(), id: z.string() }).meta({ id: 'DeletedProject' });

/** The project form as the client sends it (POST and PUT /api/users/projects). */
export type ProjectRequest = z.input<typeof ProjectBody>;
