/**
 * `npm run bench:rebuild-scale -- [--events 100000] [--runs 3] [--only hackathons,events,quizzes] [--history <schema>] [--keep]`
 *
 * A rebuild on a season-like history (command-service/src/seed/scale-history.ts: a third of it
 * registrations, with listings of every kind), without the rest of bench:scale: the history is
 * loaded into a schema of its own (or an earlier run's, `--history`, kept with `--keep`), then
 * every projection (or those named by `--only`) is rebuilt `--runs` times. Prints each run in
 * events/s and the CPU per event of this process and of its Postgres backends (what caps the rate
 * on an idle machine, however loaded this one is).
 */
import { parseArgs } from 'node:util';
import knexLib, { type Knex } from 'knex';
import { createLogger } from '@circuit/shared/logger';
import { PostgresEventStore } from '@circuit/shared/adapters/event-store/postgres-event-store';
import { withPersonalData } from '@circuit/shared/personal-data/personal-data';
import { migrateAllReadModels } from '@circuit/projection-service/projection-service';
import { allProjections } from '@circuit/projection-service/projections';
import { ProjectionRunner } from '@circuit/projection-service/runner/projection-runner';
import { scaleHistory } from '@circuit/command-service/seed/scale-history';
import { loadHistory } from '@circuit/command-service/seed/load-scale-history';
import { BENCH_DATABASE_URL, benchSchema, cpuMicros, fmt, intArg, median } from './lib';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '3' },
    only: { type: 'string' },
    history: { type: 'string' },
    keep: { type: 'boolean', default: false },
    seed: { type: 'string', default: '42' },
  },
});
const EVENTS = intArg(values.events, 100_000);
const RUNS = intArg(values.runs, 3);
const only = values.only?.split(',');
const projections = only ? allProjections.filter((p) => only.includes(p.name)) : allProjections;
if (only && projections.length !== only.length) throw new Error(`unknown projection among ${values.only}: ${allProjections.map((p) => p.name).join(', ')}`);

/** The CPU of the backends of the pool's connections, those open now and those opened later (each from its start). */
function backendCpu(db: Knex): () => number {
  interface PgClient {
    processID?: number;
  }
  const pool = (db.client as { pool?: { free: { resource: PgClient }[]; used: { resource: PgClient }[] } }).pool;
  const base = new Map<number, number>();
  const pids = () => [...(pool?.free ?? []), ...(pool?.used ?? [])].flatMap((r) => (r.resource.processID ? [r.resource.processID] : []));
  for (const pid of pids()) base.set(pid, cpuMicros(pid));
  return () => pids().reduce((sum, pid) => sum + cpuMicros(pid) - (base.get(pid) ?? 0), 0);
}

const schema = values.history
  ? { schema: values.history, knex: knexLib({ client: 'pg', connection: { connectionString: BENCH_DATABASE_URL, options: `-c search_path=${values.history}` }, pool: { min: 0, max: 10 } }), cleanup: async () => {} }
  : await benchSchema('rebuild_scale', 10);
const knex = schema.knex;
try {
  if (!values.history) {
    await migrateAllReadModels(knex);
    const started = performance.now();
    const written = await loadHistory(BENCH_DATABASE_URL, schema.schema, scaleHistory({ events: EVENTS, seed: intArg(values.seed, 42), now: new Date('2026-01-01T00:00:00.000Z') }));
    console.log(`history: ${written} events in ${fmt((performance.now() - started) / 1000)} s, schema ${schema.schema}`);
  }
  const store = await withPersonalData(await PostgresEventStore.create(knex, { listen: false }), knex, {});
  const log = createLogger('bench', 'warn');
  const rates: number[] = [];
  const nodeCpu: number[] = [];
  const pgCpu: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    // One connection opened beforehand, so the backends measured are there from the start.
    await knex.raw('select 1');
    const backends = backendCpu(knex);
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const replayed = await new ProjectionRunner(knex, store, projections, undefined, log).rebuild();
    const seconds = (performance.now() - t0) / 1000;
    const used = process.cpuUsage(cpu0);
    rates.push(replayed / seconds);
    nodeCpu.push((used.user + used.system) / replayed);
    pgCpu.push(backends() / replayed);
    console.log(`run ${run}: ${replayed} events in ${fmt(seconds, 2)} s = ${fmt(rates.at(-1)!, 0)} events/s; CPU/event: node ${fmt(nodeCpu.at(-1)!)} µs, Postgres ${fmt(pgCpu.at(-1)!)} µs`);
  }
  console.log(
    `rebuild of ${only ? only.join(', ') : `every projection (${projections.length})`}: median ${fmt(median(rates), 0)} events/s; CPU/event node ${fmt(median(nodeCpu))} µs + Postgres ${fmt(median(pgCpu))} µs`,
  );
  await store.close();
} finally {
  if (values.keep || values.history) {
    console.log(`kept: --history ${schema.schema}`);
    await knex.destroy();
  } else await schema.cleanup();
}
