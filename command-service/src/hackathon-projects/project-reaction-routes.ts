import { Router, type Request, type Response } from 'express';
import { requireUserId } from '@circuit/shared/http/auth';
import { CommentBody } from '@circuit/shared/validation/profile';
import { answerWritten, ctxOf, hackathonParam } from '../hackathon-judging/judging-routes';
import type { ProjectReactionService } from './project-reaction-service';

/** What each write answers with, by action; the reaction's and comment's messages are a portfolio project's. */
export const REACTION_ACTIONS = [
  ['like', 'Project liked'],
  ['unlike', 'Project unliked'],
  ['save', 'Project saved'],
  ['unsave', 'Project unsaved'],
] as const;

const projectParam = (req: Request) => String(req.params.projectId ?? '');

/**
 * Likes, saves and comments of a hackathon project (docs/judging.md "Reactions and comments"). The
 * project is read at GET /api/hackathons/{id}/projects/{projectId}, its comments at .../comments.
 */
export function projectReactionRoutes(service: ProjectReactionService): Router {
  const router = Router();
  const at = (data: { hackathonId: string; projectId: string }) => `/api/hackathons/${data.hackathonId}/projects/${data.projectId}`;

  for (const [action, message] of REACTION_ACTIONS) {
    router.post(`/api/hackathons/:id/projects/:projectId/${action}`, async (req, res) => {
      const userId = requireUserId(req);
      const data = await service[action](userId, hackathonParam(req), projectParam(req), ctxOf(req));
      answerWritten(res, { id: data.projectId, ...data }, message, at(data));
    });
  }

  const comment = (parentOf: (req: Request) => string | null, message: string) => async (req: Request, res: Response) => {
    const userId = requireUserId(req);
    const { text } = CommentBody.parse(req.body ?? {});
    const data = await service.comment(userId, hackathonParam(req), projectParam(req), text, parentOf(req), ctxOf(req));
    answerWritten(res, { id: data.projectId, ...data }, message, `${at(data)}/comments`);
  };
  router.post('/api/hackathons/:id/projects/:projectId/comments', comment(() => null, 'Comment added'));
  router.post(
    '/api/hackathons/:id/projects/:projectId/comments/:commentId/replies',
    comment((req) => String(req.params.commentId ?? '').toLowerCase(), 'Reply added'),
  );

  return router;
}
