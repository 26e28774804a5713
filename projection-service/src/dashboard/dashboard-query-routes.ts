import { Router } from 'express';
import type { Knex } from 'knex';
import { requireUserId } from '@circuit/shared/http/auth';
import { ok } from '@circuit/shared/http/envelope';
import type { MyListingCounts } from '@circuit/shared/api/dashboard';

/**
 * The organiser dashboard shows a count on each of its three tabs while loading only the active tab's list
 * (spec 3): one small query answers the three counts, in every status, as the lists themselves would.
 */
export function dashboardQueryRoutes(knex: Knex): Router {
  const router = Router();
  router.get('/api/dashboard/counts', async (req, res) => {
    const userId = requireUserId(req);
    const count = async (table: 'hackathons' | 'events' | 'quizzes') => Number((await knex(table).where({ created_by: userId }).count<{ n: string | number }[]>({ n: '*' }))[0]?.n ?? 0);
    const [hackathons, events, quizzes] = await Promise.all([count('hackathons'), count('events'), count('quizzes')]);
    const counts: MyListingCounts = { hackathons, events, quizzes };
    res.json(ok(counts));
  });
  return router;
}
