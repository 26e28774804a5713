import { z } from 'zod';
import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { ProjectCommentWrittenSchema, ProjectWrittenSchema } from '@circuit/shared/api/hackathon-projects';
import { JudgingMessages as M } from '@circuit/shared/validation/hackathon-judging';
import { HackathonMessages } from '@circuit/shared/validation/hackathons';
import { CommentBody } from '@circuit/shared/validation/profile';
import { hackathonRef } from '../hackathon-judging/judging-openapi';
import { CommentMessages } from '../reactions/comment-rules';
import { REACTION_ACTIONS } from './project-reaction-routes';

const tag = 'Hackathon projects';
const projectRef = hackathonRef.extend({ projectId: z.string().meta({ description: 'The entrant’s id: the team’s, or the solo participant’s user id' }) });
const errors = { 403: 'You cannot interact with this user', 404: `${M.projectNotFound}; ${HackathonMessages.notFound}` };

/** project-reaction-routes.ts */
export const projectReactionOpenApi: ApiRegistration = (api) => {
  const visible =
    ' Only on a project the viewer may see (the gallery open, or their team’s, a judge’s assigned or the organiser’s); any other is 404, as one that does not exist.';
  for (const [action, message] of REACTION_ACTIONS) {
    api.route({
      method: 'post',
      path: `/api/hackathons/{id}/projects/{projectId}/${action}`,
      tag,
      summary: `${message.replace('Project ', '').replace(/^./, (c) => c.toUpperCase())} the project (once: repeating it changes nothing)`,
      description: `A block between the viewer and a member of the team forbids a like or a save (403).${visible}`,
      auth: 'session',
      params: projectRef,
      ok: { data: ProjectWrittenSchema, message },
      errors,
    });
  }
  const comment = (path: string, summary: string, message: string, params: z.ZodObject) =>
    api.route({
      method: 'post',
      path,
      tag,
      summary,
      description: `Up to 1000 characters; a block between the viewer and a member of the team forbids it (403).${visible}`,
      auth: 'session',
      params,
      body: CommentBody,
      ok: { data: ProjectCommentWrittenSchema, message },
      errors: { 400: `${CommentMessages.empty}; Comment cannot exceed 1000 characters`, ...errors },
    });
  comment('/api/hackathons/{id}/projects/{projectId}/comments', 'Comment on the project', 'Comment added', projectRef);
  comment('/api/hackathons/{id}/projects/{projectId}/comments/{commentId}/replies', 'Reply to a top-level comment', 'Reply added', projectRef.extend({ commentId: z.string() }));
};
