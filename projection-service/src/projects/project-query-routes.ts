import { Router } from 'express';
import type { Knex } from 'knex';
import { badRequest } from '@circuit/shared/http/errors';
import { loadProjectViews } from '@circuit/shared/read-models/projects';
import type { UserRow } from '@circuit/shared/read-models/users';
import { findUserByUsername, visibleProfile } from '../profiles/profile-query-routes';

/**
 * GET /api/users/projects?username= -> `{ success, projects }`, newest first. Without a username
 * the signed-in user's own projects. A profile the viewer may not see (404, 403) hides its projects too.
 */
export function projectQueryRoutes(knex: Knex): Router {
  const router = Router();

  router.get('/api/users/projects', async (req, res) => {
    const viewerId = req.session?.userId;
    const username = typeof req.query.username === 'string' ? req.query.username.trim().toLowerCase() : '';
    if (!username && !viewerId) throw badRequest('Username is required');
    const row = username
      ? await findUserByUsername(knex, username)
      : await knex<UserRow>('users').where({ id: viewerId }).first();
    const owner = await visibleProfile(knex, row, viewerId);
    const projects = await loadProjectViews(knex, { ownerId: owner.id });
    res.json({ success: true, projects });
  });

  return router;
}
