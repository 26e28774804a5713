import { Router } from 'express';
import type { Knex } from 'knex';
import { requireRole } from './require-role';
import { usersAdminRoutes } from './users-admin-routes';

/**
 * The admin API (DESIGN section 5): `/api/admin/<resource>` in the ra-data-simple-rest dialect, for
 * moderators and admins only. The returned router is mounted at the app root, so the role check is
 * scoped to /api/admin and never touches other routes.
 */
export function adminRoutes(knex: Knex): Router {
  const admin = Router();
  admin.use(requireRole(knex));
  admin.use(usersAdminRoutes(knex));

  const router = Router();
  router.use('/api/admin', admin);
  return router;
}
