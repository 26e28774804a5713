import { Router } from 'express';
import type { Knex } from 'knex';
import { ok, sendJson } from '@circuit/shared/http/envelope';
import type { ReadCache } from '@circuit/shared/projections/read-cache';
import type { ReviewPage } from '@circuit/shared/api/hackathon-reviews';
import { findReview, listReviews, reviewStats } from '@circuit/shared/read-models/hackathon-reviews';
import { ReviewListQuerySchema } from '@circuit/shared/validation/hackathon-reviews';
import { visibleHackathon } from '../hackathons/visible-hackathon';

/** What a reviews answer is built from: the listing, the reviews, the reviewers' names. */
const PROJECTIONS = ['hackathons', 'hackathon-reviews', 'users'];

/** GET /api/hackathons/{id}/reviews (spec 2 section 7): a page of 10, newest first, with the exact totals. */
export function reviewQueryRoutes(knex: Knex, cache: ReadCache): Router {
  const router = Router();

  router.get('/api/hackathons/:id/reviews', async (req, res) => {
    const query = ReviewListQuerySchema.parse(req.query);
    const { row, viewer, isPublic } = await visibleHackathon(knex, req);
    const page = async (): Promise<Omit<ReviewPage, 'myReview'>> => {
      const [stats, reviews] = await Promise.all([reviewStats(knex, row.id), listReviews(knex, row.id, query.page, query.limit)]);
      return {
        reviews,
        ...stats,
        pagination: { page: query.page, limit: query.limit, total: stats.totalReviews, totalPages: Math.max(1, Math.ceil(stats.totalReviews / query.limit)) },
      };
    };
    if (!viewer.userId && isPublic) {
      // Every anonymous visitor of a public listing reads the same page: one cached answer serves them all.
      sendJson(res, await cache.json(`hackathon-reviews:${row.id}:${query.page}:${query.limit}`, PROJECTIONS, async () => ok({ ...(await page()), myReview: null })));
      return;
    }
    const [answer, myReview] = await Promise.all([page(), viewer.userId ? findReview(knex, row.id, viewer.userId) : null]);
    res.json(ok({ ...answer, myReview }));
  });
  return router;
}
