import type { Knex } from 'knex';
import type { Logger } from '@circuit/shared/logger';
import type { EventStore } from '@circuit/shared/ports/event-store';
import { migrateAllReadModels } from '@circuit/projection-service/projection-service';
import { allProjections } from '@circuit/projection-service/projections';
import { ProjectionRunner } from '@circuit/projection-service/runner/projection-runner';

/** Builds every read model from the restored events (position 0 to the head): how many events it read. */
export async function rebuildReadModels(knex: Knex, store: EventStore, log: Logger): Promise<number> {
  await migrateAllReadModels(knex);
  return new ProjectionRunner(knex, store, allProjections, undefined, log).rebuild();
}
