import { loadConfig } from '@circuit/shared/config';
import { createLogger } from '@circuit/shared/logger';
import { createKnex, databaseTargetFrom } from '@circuit/shared/db/knex';
import { selectEventStore } from '@circuit/shared/adapters/select';
import { createProjectionService } from './projection-service';

/**
 * `npm run projections:rebuild`: empties every read model and replays the event store from
 * position 0 into the same tables. In the embedded mode stop `npm start` first: only one process
 * may open the PGlite data directory.
 */
const config = loadConfig();
const log = createLogger('projections-rebuild', config.LOG_LEVEL);
const knex = await createKnex(databaseTargetFrom(config));
const store = await selectEventStore(config, knex);
const { runner } = await createProjectionService({ knex, store, log });
const started = Date.now();
const count = await runner.rebuild();
console.log(`Rebuilt every read model from ${count} events in ${Date.now() - started} ms.`);
await store.close();
await knex.destroy();
