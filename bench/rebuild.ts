/**
 * `npm run bench:rebuild -- [--events 55000] [--runs 3] [--pglite] [--url postgres://...]`
 *
 * Writes a mixed feed (registrations, profile edits, a skewed follow graph, connections,
 * projects with likes, saves and comments, chat, notifications) to a private schema of the
 * Postgres at --url (default BENCH_DATABASE_URL, TEST_DATABASE_URL, DATABASE_URL, then the local
 * test database), or to an in-memory PGlite with --pglite, then rebuilds every projection from
 * position 0 `--runs` times with the bulk load (unlogged copies with only their key indexes, pages
 * of 50,000 events) and, alternated with it, `--runs` times the plain way as a baseline (logged,
 * fully indexed copies, pages of 5,000; `--no-baseline` skips it). Prints each run, the medians in
 * events per second and their ratio, the SQL statements per event and the CPU per event of this
 * process and of its Postgres backends (what caps the rate on an idle machine, however loaded this one is). The schema is dropped at the end. The events are written and read through
 * crypto-shredding, as the services do (docs/personal-data.md): personal fields are sealed in the
 * store and opened by the rebuild.
 */
import { parseArgs } from 'node:util';
import knexLib, { type Knex } from 'knex';
import { createKnex } from '@circuit/shared/db/knex';
import { createLogger } from '@circuit/shared/logger';
import { PostgresEventStore } from '@circuit/shared/adapters/event-store/postgres-event-store';
import { createTestSchema } from '@circuit/shared/testkit/postgres';
import { withPersonalData } from '@circuit/shared/personal-data/personal-data';
import { migrateAllReadModels } from '@circuit/projection-service/projection-service';
import { allProjections } from '@circuit/projection-service/projections';
import { ProjectionRunner } from '@circuit/projection-service/runner/projection-runner';
import { appendFeed, mixedFeed } from '@circuit/projection-service/runner/mixed-feed.testkit';
import { cpuMicros } from './lib';

/**
 * The CPU the pool's Postgres backends use (from /proc, by the pid each connection reports): a
 * backend the pool closes during a measurement counts up to its close.
 */
function backendCpu(db: Knex): { start(): void; micros(): number } {
  interface PgClient { processID?: number }
  interface Pool {
    on(event: 'createSuccess' | 'destroyRequest', listener: (id: number, client: PgClient) => void): void;
    free: { resource: PgClient }[];
    used: { resource: PgClient }[];
  }
  const pool = (db.client as { pool?: Pool }).pool;
  /** CPU of each open backend when the measurement started (0 for those opened since). */
  const base = new Map<number, number>();
  let closed = 0;
  const open = new Set<number>();
  pool?.on('createSuccess', (_id, c) => {
    if (!c.processID) return;
    open.add(c.processID);
    base.set(c.processID, 0);
  });
  pool?.on('destroyRequest', (_id, c) => {
    if (!c.processID) return;
    closed += cpuMicros(c.processID) - (base.get(c.processID) ?? 0);
    open.delete(c.processID);
  });
  for (const r of [...(pool?.free ?? []), ...(pool?.used ?? [])]) if (r.resource.processID) open.add(r.resource.processID);
  return {
    start() {
      closed = 0;
      for (const pid of open) base.set(pid, cpuMicros(pid));
    },
    micros() {
      let sum = closed;
      for (const pid of open) sum += cpuMicros(pid) - (base.get(pid) ?? 0);
      return sum;
    },
  };
}

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '55000' },
    runs: { type: 'string', default: '3' },
    pglite: { type: 'boolean', default: false },
    /** Skips the plain rebuild measured beside the bulk one. */
    'no-baseline': { type: 'boolean', default: false },
    url: { type: 'string' },
    /** Prints where the database time of the last run went, by statement. */
    'sql-profile': { type: 'boolean', default: false },
  },
});
const EVENTS = Number(values.events);
const RUNS = Number(values.runs);
const url = values.url ?? process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

let knex: Knex;
/** Writes the feed; on Postgres without waiting for the disk at each commit (it is only the set-up). */
let writer: Knex;
let cleanup: () => Promise<void>;
if (values.pglite) {
  knex = await createKnex({ kind: 'pglite' });
  writer = knex;
  cleanup = () => knex.destroy();
} else {
  const schema = await createTestSchema({ url, label: 'bench_rebuild', poolMax: 10 });
  knex = schema.knex;
  writer = knexLib({
    client: 'pg',
    connection: { connectionString: url, options: `-c search_path=${schema.schema} -c synchronous_commit=off` },
    pool: { min: 0, max: 16 },
  });
  cleanup = async () => {
    await writer.destroy();
    await schema.cleanup();
  };
}
const target = values.pglite ? 'PGlite' : 'Postgres';

try {
  const store = await withPersonalData(await PostgresEventStore.create(knex, { listen: false }), knex, {});
  await migrateAllReadModels(knex);

  const started = Date.now();
  const writes = writer === knex ? store : await withPersonalData(await PostgresEventStore.create(writer, { listen: false }), writer, {});
  await appendFeed(writes, mixedFeed({ events: EVENTS, seed: 42 }), { parallel: values.pglite ? 1 : 16 });
  if (writes !== store) await writes.close();
  const total = (await store.readAll(0n, Number.MAX_SAFE_INTEGER)).length;
  console.log(`${target}: wrote ${total} events in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  let queries = 0;
  const started_ = new Map<string, { sql: string; at: number }>();
  const spent = new Map<string, { ms: number; n: number }>();
  knex.on('query', (q: { __knexQueryUid: string; sql: string }) => {
    queries += 1;
    if (values['sql-profile']) started_.set(q.__knexQueryUid, { sql: q.sql.replace(/\s+/g, ' ').slice(0, 90), at: performance.now() });
  });
  knex.on('query-response', (_r: unknown, q: { __knexQueryUid: string }) => {
    const s = started_.get(q.__knexQueryUid);
    if (!s) return;
    started_.delete(q.__knexQueryUid);
    const e = spent.get(s.sql) ?? { ms: 0, n: 0 };
    e.ms += performance.now() - s.at;
    e.n += 1;
    spent.set(s.sql, e);
  });
  const log = createLogger('bench', 'warn');
  const rates = { bulk: [] as number[], plain: [] as number[] };
  /** CPU per event in µs, of this process and of its Postgres backends. */
  const cpu = { bulk: { node: [] as number[], pg: [] as number[] }, plain: { node: [] as number[], pg: [] as number[] } };
  const backends = values.pglite ? undefined : backendCpu(knex);
  const variants = values['no-baseline'] ? (['bulk'] as const) : (['plain', 'bulk'] as const);
  for (let run = 1; run <= RUNS; run++) {
    for (const variant of variants) {
      queries = 0;
      spent.clear();
      backends?.start();
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      const replayed = await new ProjectionRunner(knex, store, allProjections, undefined, log, { bulkRebuild: variant === 'bulk' }).rebuild();
      const seconds = (performance.now() - t0) / 1000;
      const used = process.cpuUsage(cpu0);
      const nodeUs = (used.user + used.system) / replayed;
      const pgUs = backends ? backends.micros() / replayed : NaN;
      const rate = replayed / seconds;
      rates[variant].push(rate);
      cpu[variant].node.push(nodeUs);
      cpu[variant].pg.push(pgUs);
      console.log(
        `  run ${run} ${variant.padEnd(5)}: ${replayed} events in ${seconds.toFixed(2)} s = ${Math.round(rate)} events/s, ${(queries / replayed).toFixed(4)} statements/event, CPU/event: node ${nodeUs.toFixed(1)} µs, Postgres ${pgUs.toFixed(1)} µs`,
      );
    }
  }
  if (values['sql-profile']) {
    console.log('where the database time of the last bulk run went (a one-trip transaction\'s deferred writes count in the statement they travel with):');
    for (const [sql, e] of [...spent].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25)) console.log(`${e.ms.toFixed(0).padStart(8)} ms ${String(e.n).padStart(5)}x  ${sql}`);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  if (rates.plain.length > 0) console.log(`rebuild (${target}, ${total} mixed events, ${RUNS} runs), plain baseline: median ${Math.round(median(rates.plain))} events/s`);
  console.log(`rebuild (${target}, ${total} mixed events, ${RUNS} runs), bulk load: median ${Math.round(median(rates.bulk))} events/s`);
  if (rates.plain.length > 0) console.log(`bulk / plain: ${(median(rates.bulk) / median(rates.plain)).toFixed(2)}x`);
  for (const variant of variants) {
    const node = median(cpu[variant].node);
    const pg = median(cpu[variant].pg);
    // On an idle machine with 2 cores the CPU per event caps the rate, whatever the wall time.
    const cap = (2 * 1e6) / (node + (Number.isNaN(pg) ? 0 : pg));
    console.log(`${variant} CPU per event (median): node ${node.toFixed(1)} µs, Postgres backends ${pg.toFixed(1)} µs; 2 idle cores would cap it near ${Math.round(cap)} events/s`);
  }
  await store.close();
} finally {
  await cleanup();
}
