import { Router } from 'express';
import type { Knex } from 'knex';
import type { EventStore } from '@circuit/shared/ports/event-store';
import type { Logger } from '@circuit/shared/logger';
import type { ReadModelProgress } from '@circuit/shared/projections/progress';
import { migrateReadModels } from './migrations';
import { ProjectionRunner } from './runner/projection-runner';
import { allProjections } from './projections';
import { adminRoutes } from './admin/admin-routes';

export interface ProjectionServiceDeps {
  knex: Knex;
  store: EventStore;
  log: Logger;
  /** Given when a command service shares this process (embedded mode): progress is reported directly. */
  progress?: ReadModelProgress;
}

/** The read side: projection workers and the GET /api query endpoints. */
export async function createProjectionService(deps: ProjectionServiceDeps) {
  await migrateReadModels(deps.knex);
  const runner = new ProjectionRunner(deps.knex, deps.store, allProjections, deps.progress, deps.log);
  const router = Router();
  router.use(adminRoutes(deps.knex));
  return {
    router,
    runner,
    start: () => runner.start(),
    stop: () => runner.stop(),
  };
}
export type ProjectionService = Awaited<ReturnType<typeof createProjectionService>>;
