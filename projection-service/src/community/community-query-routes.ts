import { Router } from 'express';
import type { Knex } from 'knex';
import { ok } from '@circuit/shared/http/envelope';
import { refused } from '@circuit/shared/commands/domain-errors';
import { requireUserId } from '@circuit/shared/http/auth';
import { CommunityMessagesQuery } from '@circuit/shared/api/community';
import { requireCommunityMember } from '@circuit/shared/community/access';
import { findCommunityAdmins, findCommunityPage, findCommunityParticipants } from '@circuit/shared/read-models/community';

const param = (value: unknown) => String(value ?? '');

/** The community reads of spec 2 section 7: messages, admins, participants; members only. */
export function communityQueryRoutes(knex: Knex): Router {
  const router = Router();

  router.get('/api/community/:id/messages', async (req, res) => {
    const me = requireUserId(req);
    const query = CommunityMessagesQuery.safeParse(req.query);
    if (!query.success) throw refused('Invalid page, limit or search');
    const access = await requireCommunityMember(knex, param(req.params.id), me);
    const page = await findCommunityPage(knex, access.hackathonId, query.data);
    res.json({ success: true, ...page, canModerate: access.canModerate });
  });

  router.get('/api/community/:id/admins', async (req, res) => {
    const me = requireUserId(req);
    const access = await requireCommunityMember(knex, param(req.params.id), me);
    res.json(ok(await findCommunityAdmins(knex, access.hackathonId, access.creatorId)));
  });

  router.get('/api/community/:id/participants', async (req, res) => {
    const me = requireUserId(req);
    const access = await requireCommunityMember(knex, param(req.params.id), me);
    res.json(ok(await findCommunityParticipants(knex, access)));
  });

  return router;
}
