import { loadConfig } from '@circuit/shared/config';
import { createLogger } from '@circuit/shared/logger';
import { createKnex, databaseTargetFrom } from '@circuit/shared/db/knex';
import { selectEventStore } from '@circuit/shared/adapters/select';
import { createProjectionService } from './projection-service';
import { allProjections } from './projections';

/**
 * `npm run projections:rebuild [name...]`: rebuilds the named projections (default: all) from
 * position 0 into fresh tables and swaps them in once caught up, while a live projection service
 * in another process keeps serving and following the old ones. In the embedded mode stop
 * `npm start` first: only one process may open the PGlite data directory.
 */
const names = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = names.filter((n) => !allProjections.some((p) => p.name === n));
if (unknown.length > 0) {
  console.error(`Unknown projection ${unknown.join(', ')}; known: ${allProjections.map((p) => p.name).join(', ')}`);
  process.exit(2);
}
const config = loadConfig();
const log = createLogger('projections-rebuild', config.LOG_LEVEL);
const knex = await createKnex(databaseTargetFrom(config));
const store = await selectEventStore(config, knex);
const { runner } = await createProjectionService({ knex, store, log });
const started = Date.now();
try {
  const count = await runner.rebuild(names.length > 0 ? names : undefined);
  const which = names.length > 0 ? names.join(', ') : 'every projection';
  console.log(`Rebuilt ${which} from ${count} events in ${Date.now() - started} ms.`);
} finally {
  await store.close();
  await knex.destroy();
}
