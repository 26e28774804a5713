import { Router } from 'express';
import type { Knex } from 'knex';
import { ok, sendJson } from '@circuit/shared/http/envelope';
import type { ReadCache } from '@circuit/shared/projections/read-cache';
import { listAnnouncements, listSponsors } from '@circuit/shared/read-models/hackathon-announcements';
import { visibleHackathon } from '../hackathons/visible-hackathon';

/**
 * GET /api/hackathons/{id}/announcements and /sponsors (spec 2 section 7). Team members' e-mail
 * addresses in results are shown to the hackathon's creator and admins only.
 */
export function announcementQueryRoutes(knex: Knex, cache: ReadCache): Router {
  const router = Router();

  router.get('/api/hackathons/:id/announcements', async (req, res) => {
    const { row, viewer, isPublic, summary } = await visibleHackathon(knex, req);
    if (!viewer.userId && isPublic) {
      const answer = await cache.json(`hackathon-announcements:${row.id}`, ['hackathons', 'hackathon-announcements', 'users'], async () =>
        ok({ announcements: await listAnnouncements(knex, row.id, { revealEmails: false }), hackathon: summary }),
      );
      sendJson(res, answer);
      return;
    }
    res.json(ok({ announcements: await listAnnouncements(knex, row.id, { revealEmails: summary.canManage }), hackathon: summary }));
  });

  router.get('/api/hackathons/:id/sponsors', async (req, res) => {
    const { row, viewer, isPublic, summary } = await visibleHackathon(knex, req);
    if (!viewer.userId && isPublic) {
      sendJson(res, await cache.json(`hackathon-sponsors:${row.id}`, ['hackathons', 'hackathon-sponsors'], async () => ok({ sponsors: await listSponsors(knex, row.id), hackathon: summary })));
      return;
    }
    res.json(ok({ sponsors: await listSponsors(knex, row.id), hackathon: summary }));
  });
  return router;
}
