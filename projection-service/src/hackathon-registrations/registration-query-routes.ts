import { Router } from 'express';
import type { Knex } from 'knex';
import { requireUserId } from '@circuit/shared/http/auth';
import { ok } from '@circuit/shared/http/envelope';
import { notFound } from '@circuit/shared/commands/domain-errors';
import { findRegistrationStatus, findTeamStatus } from '@circuit/shared/read-models/hackathon-registrations';

const HACKATHON_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** The hackathon id of the path, which may also be the hackathon's username. */
async function hackathonIdOf(knex: Knex, raw: unknown): Promise<string> {
  const id = String(raw ?? '');
  if (!HACKATHON_ID.test(id)) throw notFound('Hackathon not found');
  const slug: { hackathon_id: string } | undefined = await knex('hackathon_roster_slugs').where({ slug: id.toLowerCase() }).first('hackathon_id');
  return slug?.hackathon_id ?? id;
}

/** The signed-in user's registration and team in one hackathon (read models only). */
export function registrationQueryRoutes(knex: Knex): Router {
  const router = Router();
  router.get('/api/hackathons/:id/registration-status', async (req, res) => {
    const userId = requireUserId(req);
    res.json(ok(await findRegistrationStatus(knex, await hackathonIdOf(knex, req.params.id), userId)));
  });
  router.get('/api/hackathons/:id/teams/me', async (req, res) => {
    const userId = requireUserId(req);
    res.json(ok(await findTeamStatus(knex, await hackathonIdOf(knex, req.params.id), userId)));
  });
  return router;
}
