import { Router, type Request } from 'express';
import { ok } from '@circuit/shared/http/envelope';
import { requireUserId } from '@circuit/shared/http/auth';
import { correlationIdOf } from '@circuit/shared/http/correlation';
import { ReportBody } from '@circuit/shared/validation/profile';
import { answerAccepted } from '../http/accepted';
import { readModelsBehind } from '../http/read-your-writes';
import type { RelationshipAction } from './relationship-decider';
import type { SocialService } from './social-service';

/** The path of each action under /api/users, and the message its success answers with (spec 1 section 8). */
export const SOCIAL_ACTIONS: { path: string; action: RelationshipAction; message: string }[] = [
  { path: '/api/users/follow/:id', action: 'Follow', message: 'Followed!' },
  { path: '/api/users/unfollow/:id', action: 'Unfollow', message: 'Unfollowed!' },
  { path: '/api/users/followers/:id/remove', action: 'RemoveFollower', message: 'Follower removed' },
  { path: '/api/users/connect/:id', action: 'RequestConnection', message: 'Connection request sent!' },
  { path: '/api/users/accept-connection/:id', action: 'AcceptConnection', message: 'Connection request accepted!' },
  { path: '/api/users/reject-connection/:id', action: 'RejectConnection', message: 'Connection request rejected!' },
  { path: '/api/users/block/:id', action: 'Block', message: 'User blocked successfully' },
  { path: '/api/users/unblock/:id', action: 'Unblock', message: 'User unblocked successfully' },
  { path: '/api/users/connections/:id/remove', action: 'RemoveConnection', message: 'Connection removed' },
];

const ctxOf = (req: Request, userId: string) => ({ userId, correlationId: correlationIdOf(req) });
const targetOf = (req: Request) => String(req.params.id ?? '');

/** Social graph actions (/api/openapi.json, Social graph): each answers `data: Relationship` from the caller's side. */
export function socialRoutes(social: SocialService): Router {
  const router = Router();

  for (const { path, action, message } of SOCIAL_ACTIONS) {
    router.post(path, async (req, res) => {
      const userId = requireUserId(req);
      const relationship = await social.act(action, userId, targetOf(req), ctxOf(req, userId));
      // The relationship is the stream's, true either way; 202 tells that lists may not show it yet.
      if (readModelsBehind()) return answerAccepted(res, { id: targetOf(req), ...relationship }, message);
      res.json(ok(relationship, message));
    });
  }

  router.post('/api/users/report/:id', async (req, res) => {
    const userId = requireUserId(req);
    const body = ReportBody.parse(req.body ?? {});
    const relationship = await social.report(userId, targetOf(req), body.reason, ctxOf(req, userId));
    if (readModelsBehind()) return answerAccepted(res, { id: targetOf(req), ...relationship }, 'User reported successfully');
    res.json(ok(relationship, 'User reported successfully'));
  });

  return router;
}
