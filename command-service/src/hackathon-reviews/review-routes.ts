import { Router, type Request, type Response } from 'express';
import { ok } from '@circuit/shared/http/envelope';
import { requireUserId } from '@circuit/shared/http/auth';
import { correlationIdOf } from '@circuit/shared/http/correlation';
import type { QueryClient } from '@circuit/shared/ports/query-client';
import { ReviewBodySchema, ReviewMessages as M } from '@circuit/shared/validation/hackathon-reviews';
import { answerAccepted } from '../http/accepted';
import { readModelsBehind } from '../http/read-your-writes';
import type { ReviewService } from './review-service';

const ctxOf = (req: Request) => ({ userId: req.session.userId, correlationId: correlationIdOf(req) });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The hackathon of the path: its id (any case) or its username. */
const param = (req: Request) => {
  const id = String(req.params.id ?? '');
  return UUID.test(id) ? id.toLowerCase() : id;
};

/** POST, PUT and DELETE /api/hackathons/{id}/reviews (spec 2 section 7): one review per user, the author edits and deletes it. */
export function reviewRoutes(queries: QueryClient, reviews: ReviewService): Router {
  const router = Router();

  async function answer(res: Response, hackathonId: string, userId: string, message: string, status = 200) {
    if (readModelsBehind()) return answerAccepted(res, { id: hackathonId }, message, `/api/hackathons/${hackathonId}/reviews`);
    res.status(status).json(ok(await queries.hackathonReview(hackathonId, userId), message));
  }

  router.post('/api/hackathons/:id/reviews', async (req, res) => {
    const userId = requireUserId(req);
    const body = ReviewBodySchema.parse(req.body ?? {});
    const hackathonId = await reviews.submit(userId, param(req), body, ctxOf(req));
    await answer(res, hackathonId, userId, M.submitted, 201);
  });

  router.put('/api/hackathons/:id/reviews', async (req, res) => {
    const userId = requireUserId(req);
    const body = ReviewBodySchema.parse(req.body ?? {});
    const hackathonId = await reviews.edit(userId, param(req), body, ctxOf(req));
    await answer(res, hackathonId, userId, M.updated);
  });

  router.delete('/api/hackathons/:id/reviews', async (req, res) => {
    const userId = requireUserId(req);
    const hackathonId = await reviews.remove(userId, param(req), ctxOf(req));
    await answer(res, hackathonId, userId, M.deleted);
  });
  return router;
}
