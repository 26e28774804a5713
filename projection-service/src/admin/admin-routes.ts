import { Router } from 'express';
import type { Knex } from 'knex';
import { adminGuard } from '@circuit/shared/admin/access';
import { MODERATION_KINDS } from './moderation/kinds';
import { moderationAdminRoutes } from './moderation/moderation-admin-routes';
import { usersAdminRoutes } from './users-admin-routes';
import type { EventStore } from '@circuit/shared/ports/event-store';
import { auditRoutes } from './audit/audit-routes';
import { REGISTRATION_KINDS } from './audit/registration-kinds';
import { judgingAuditRoutes } from './audit/judging-audit-routes';
import { reportsAdminRoutes } from './reports/reports-admin-routes';
import { communitiesAdminRoutes } from './communities/communities-admin-routes';
import { participantsAdminRoutes } from './participants/participants-admin-routes';

/**
 * The admin API (docs/decisions.md#d20-the-admin-api-speaks-ra-data-simple-rest-one-access-table): `/api/admin/<resource>` in the ra-data-simple-rest dialect.
 * Every route is behind the one role policy (shared/src/admin/access.ts). The returned router is
 * mounted at the app root, so the check is scoped to /api/admin and never touches other routes.
 */
export function adminRoutes(knex: Knex, options: { now?: () => Date; store?: EventStore } = {}): Router {
  const admin = Router();
  admin.use(adminGuard(knex));
  admin.use(usersAdminRoutes(knex));
  admin.use(moderationAdminRoutes(knex, MODERATION_KINDS, options.now));
  admin.use(reportsAdminRoutes(knex));
  admin.use(communitiesAdminRoutes(knex));
  admin.use(participantsAdminRoutes(knex));
  if (options.store) {
    admin.use(auditRoutes(knex, options.store, REGISTRATION_KINDS, options.now));
    admin.use(judgingAuditRoutes(knex, options.store, options.now));
  }

  const router = Router();
  router.use('/api/admin', admin);
  return router;
}
