import { Router } from 'express';
import type { Knex } from 'knex';
import { notFound, refused } from '@circuit/shared/commands/domain-errors';
import { findProjectView, loadProjectViews } from '@circuit/shared/read-models/projects';
import type { UserRow } from '@circuit/shared/read-models/users';
import { findUserByUsername, visibleProfile } from '../profiles/profile-query-routes';
import { profileHackathonProjects } from '../hackathon-projects/profile-hackathon-projects';

/**
 * GET /api/users/projects?username= -> `{ success, projects, hackathonProjects }`, newest first (the
 * hackathon projects the user entered, beside the portfolio: a separate list, the Project shape stays as it was). Without a username
 * the signed-in user's own projects. A profile the viewer may not see (404, 403) hides its projects too.
 * GET /api/users/projects/:id -> `{ success, data }`, one project under the same rule.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function projectQueryRoutes(knex: Knex): Router {
  const router = Router();

  router.get('/api/users/projects', async (req, res) => {
    const viewerId = req.session?.userId;
    const username = typeof req.query.username === 'string' ? req.query.username.trim().toLowerCase() : '';
    if (!username && !viewerId) throw refused('Username is required');
    const row = username
      ? await findUserByUsername(knex, username)
      : await knex<UserRow>('users').where({ id: viewerId }).first();
    const owner = await visibleProfile(knex, row, viewerId);
    const [projects, hackathonProjects] = await Promise.all([loadProjectViews(knex, { ownerId: owner.id }), profileHackathonProjects(knex, owner.id)]);
    res.json({ success: true, projects, hackathonProjects });
  });

  // One project: where a command answered 202 (its read model was still catching up) points to poll.
  router.get('/api/users/projects/:id', async (req, res) => {
    const id = String(req.params.id ?? '').toLowerCase();
    const project = UUID.test(id) ? await findProjectView(knex, id) : undefined;
    if (!project) throw notFound('Project not found');
    const owner = await knex<UserRow>('users').where({ id: project.owner.id }).first();
    await visibleProfile(knex, owner, req.session?.userId);
    res.json({ success: true, data: project });
  });

  return router;
}
