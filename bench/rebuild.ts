/**
 * `npm run bench:rebuild -- [--events 55000] [--runs 3] [--pglite] [--url postgres://...]`
 *
 * Writes a mixed feed (registrations, profile edits, a skewed follow graph, connections,
 * projects with likes, saves and comments, chat, notifications) to a private schema of the
 * Postgres at --url (default BENCH_DATABASE_URL, TEST_DATABASE_URL, DATABASE_URL, then the local
 * test database), or to an in-memory PGlite with --pglite, then rebuilds every projection from
 * position 0 `--runs` times. Prints each run and the median in events per second, and the SQL
 * statements per event. The schema is dropped at the end.
 */
import { parseArgs } from 'node:util';
import type { Knex } from 'knex';
import { createKnex } from '@circuit/shared/db/knex';
import { createLogger } from '@circuit/shared/logger';
import { PostgresEventStore } from '@circuit/shared/adapters/event-store/postgres-event-store';
import { createTestSchema } from '@circuit/shared/testkit/postgres';
import { migrateAllReadModels } from '@circuit/projection-service/projection-service';
import { allProjections } from '@circuit/projection-service/projections';
import { ProjectionRunner } from '@circuit/projection-service/runner/projection-runner';
import { appendFeed, mixedFeed } from '@circuit/projection-service/runner/mixed-feed.testkit';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '55000' },
    runs: { type: 'string', default: '3' },
    pglite: { type: 'boolean', default: false },
    url: { type: 'string' },
  },
});
const EVENTS = Number(values.events);
const RUNS = Number(values.runs);
const url = values.url ?? process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

let knex: Knex;
let cleanup: () => Promise<void>;
if (values.pglite) {
  knex = await createKnex({ kind: 'pglite' });
  cleanup = () => knex.destroy();
} else {
  const schema = await createTestSchema({ url, label: 'bench_rebuild', poolMax: 10 });
  knex = schema.knex;
  cleanup = () => schema.cleanup();
}
const target = values.pglite ? 'PGlite' : 'Postgres';

try {
  const store = await PostgresEventStore.create(knex, { listen: false });
  await migrateAllReadModels(knex);

  const started = Date.now();
  await appendFeed(store, mixedFeed({ events: EVENTS, seed: 42 }), { parallel: values.pglite ? 1 : 16 });
  const total = (await store.readAll(0n, Number.MAX_SAFE_INTEGER)).length;
  console.log(`${target}: wrote ${total} events in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  let queries = 0;
  knex.on('query', () => (queries += 1));
  const log = createLogger('bench', 'warn');
  const rates: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    queries = 0;
    const t0 = performance.now();
    const replayed = await new ProjectionRunner(knex, store, allProjections, undefined, log).rebuild();
    const seconds = (performance.now() - t0) / 1000;
    const rate = replayed / seconds;
    rates.push(rate);
    console.log(`  run ${run}: ${replayed} events in ${seconds.toFixed(2)} s = ${Math.round(rate)} events/s, ${(queries / replayed).toFixed(3)} statements/event`);
  }
  const median = [...rates].sort((a, b) => a - b)[Math.floor(rates.length / 2)]!;
  console.log(`rebuild (${target}, ${total} mixed events, ${RUNS} runs): median ${Math.round(median)} events/s`);
  await store.close();
} finally {
  await cleanup();
}
