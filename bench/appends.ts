/**
 * `npm run bench:appends -- [--seconds 3] [--runs 3] [--writers 1,8,32]`
 *
 * Appends of one event each to the writer's own streams (optimistic revision, as a command does)
 * on a real Postgres (BENCH_DATABASE_URL, default the local test database; a schema of its own),
 * for 1, 8 and 32 writers, each on a connection of its own. Side by side in the same run:
 * - plain INSERTs of the same rows into a table without checks (what the server can do: pgbench-style),
 * - the Postgres adapter (one statement, ordered by transaction id),
 * - the baseline: the adapter's former append under one global advisory lock,
 * - the adapter inside crypto-shredding (docs/personal-data.md), with the same events (nothing personal: they pass
 *   through) and with a profile change of three personal fields on the user's stream (sealed with the person's key).
 * Beside each figure, the Postgres CPU (of the pool's server processes) and the statements per event: what an append
 * costs the server however busy the machine is, and what group commit saves (appends that arrive together share a
 * statement and a commit).
 * After the appends, reads of a user's stream of 20 profile changes, bare and opened, one reader after another.
 * Each figure is the median of `--runs` runs. A subscriber follows the feed meanwhile, as the
 * projections do in production.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { Knex } from 'knex';
import { PostgresEventStore } from '@circuit/shared/adapters/event-store/postgres-event-store';
import type { NewEvent } from '@circuit/shared/ports/event-store';
import { withPersonalData } from '@circuit/shared/personal-data/personal-data';
import { lockedAppend } from './baseline/locked-append';
import { benchSchema, fmt, intArg, loadFor, median, medianOf, serverCpuMeter, table, type Measure } from './lib';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '3' },
    runs: { type: 'string', default: '3' },
    writers: { type: 'string', default: '1,8,32' },
    /** Some of the variants only, by the start of their names (`--only 'event store,plain'`): a profile of one path. */
    only: { type: 'string' },
  },
});
const SECONDS = intArg(values.seconds, 3);
const RUNS = intArg(values.runs, 3);
const WRITERS = values.writers!.split(',').map(Number).filter((n) => n > 0);
const POOL = Math.max(...WRITERS) + 4;

const event = (i: number): NewEvent => ({
  id: randomUUID(),
  type: 'UserFollowed',
  data: { from: randomUUID(), to: randomUUID(), i },
  metadata: { userId: randomUUID(), correlationId: randomUUID() },
  occurredAt: new Date().toISOString(),
});

const profileChange = (i: number): NewEvent => ({
  id: randomUUID(),
  type: 'ProfileUpdated',
  data: { changes: { mobile: `98765${String(i % 100000).padStart(5, '0')}`, college: 'Indian Institute of Technology Bombay', bio: 'Builds things for students. Loves hackathons.' }, at: new Date().toISOString() },
  metadata: { userId: randomUUID(), correlationId: randomUUID() },
  occurredAt: new Date().toISOString(),
});

type Variant = 'plain INSERT' | 'event store' | 'baseline: global lock' | 'crypto-shredding' | 'crypto-shredding, personal';
const ALL_VARIANTS: Variant[] = ['plain INSERT', 'event store', 'crypto-shredding', 'crypto-shredding, personal', 'baseline: global lock'];
const ONLY = values.only?.split(',').map((s) => s.trim()).filter(Boolean);
const VARIANTS = ONLY ? ALL_VARIANTS.filter((v) => ONLY.some((o) => v.startsWith(o))) : ALL_VARIANTS;
/** The store grows through a run: the adapter and crypto-shredding take turns at going first. */
const orderOf = (run: number): Variant[] =>
  run % 2 === 1 ? VARIANTS : (['plain INSERT', 'crypto-shredding', 'event store', 'crypto-shredding, personal', 'baseline: global lock'] as const).filter((v) => VARIANTS.includes(v));

// One pool for every variant: the server's connection limit is shared with everything else on it.
const db = await benchSchema('appends', POOL);
const results = new Map<string, Measure[]>();
/** Per measure: Postgres CPU µs, this process's CPU µs (the writers, the driver, the adapter) and statements, each per event. */
const costs = new Map<string, { cpu: number; node: number; statements: number }[]>();
try {
  const knex = db.knex;
  await knex.raw(`create table plain (id bigserial primary key, event_id text not null, stream_id text not null, type text not null, data jsonb not null, metadata jsonb not null, occurred_at timestamptz not null)`);
  const store = await PostgresEventStore.create(knex, { pollIntervalMs: 500 });
  const sealed = await withPersonalData(store, knex, {});
  // The baseline writes a table of the same shape, so both start empty and neither slows the other's reads.
  await knex.raw('create table locked_events (like event_store_events including all)');
  // A live subscriber, as the projections of a running system.
  let followed = 0;
  const subscription = store.subscribe({ onBatch: async (batch) => void (followed += batch.length), onEvent: async () => undefined });

  let statements = 0;
  knex.on('query', () => void statements++);
  const revisions = new Map<string, number>();
  const streamOf = (variant: string, run: number, writers: number, w: number, i: number) => `${variant}-${run}-${writers}-w${w}-s${i % 4}`;

  const once: Record<Variant, (knex: Knex, stream: string, i: number) => Promise<void>> = {
    'plain INSERT': async (knex, stream, i) => {
      const e = event(i);
      await knex.raw('insert into plain (event_id, stream_id, type, data, metadata, occurred_at) values (?, ?, ?, ?, ?, ?)', [
        e.id,
        stream,
        e.type,
        JSON.stringify(e.data),
        JSON.stringify(e.metadata),
        e.occurredAt,
      ]);
    },
    'event store': async (_knex, stream, i) => {
      const { nextRevision } = await store.append(stream, [event(i)], revisions.get(stream) ?? 'no_stream');
      revisions.set(stream, nextRevision);
    },
    'baseline: global lock': async (knex, stream, i) => {
      revisions.set(stream, await lockedAppend(knex, 'locked_events', stream, [event(i)], revisions.get(stream) ?? 'no_stream'));
    },
    'crypto-shredding': async (_knex, stream, i) => {
      const { nextRevision } = await sealed.append(stream, [event(i)], revisions.get(stream) ?? 'no_stream');
      revisions.set(stream, nextRevision);
    },
    'crypto-shredding, personal': async (_knex, stream, i) => {
      // A user stream, so the change is the person's own (their key is made on their first append, then cached).
      const userStream = `user-${stream}`;
      const { nextRevision } = await sealed.append(userStream, [profileChange(i)], revisions.get(userStream) ?? 'no_stream');
      revisions.set(userStream, nextRevision);
    },
  };

  for (let run = 1; run <= RUNS; run++) {
    for (const writers of WRITERS) {
      for (const variant of orderOf(run)) {
        const cpu = serverCpuMeter(knex);
        const nodeBefore = process.cpuUsage();
        const statementsBefore = statements;
        const m = await loadFor(writers, SECONDS, (w, i) => once[variant](knex, streamOf(variant.slice(0, 5), run, writers, w, i), i));
        // The subscriber's reads count too: they follow the same events.
        const nodeUsed = process.cpuUsage(nodeBefore);
        const cost = { cpu: cpu() / m.count, node: (nodeUsed.user + nodeUsed.system) / m.count, statements: (statements - statementsBefore) / m.count };
        const key = `${variant}|${writers}`;
        results.set(key, [...(results.get(key) ?? []), m]);
        costs.set(key, [...(costs.get(key) ?? []), cost]);
        console.error(
          `run ${run}: ${variant}, ${writers} writers: ${fmt(m.rate, 0)} events/s, p50 ${fmt(m.p50)} ms, p99 ${fmt(m.p99)} ms, Postgres CPU ${fmt(cost.cpu, 0)} µs, node CPU ${fmt(cost.node, 0)} µs and ${fmt(cost.statements, 2)} statements per event`,
        );
      }
    }
  }
  await subscription.stop();

  // Reads: one user's stream of 20 profile changes, as a command reads it before deciding.
  const reader = `user-${randomUUID()}`;
  await sealed.append(reader, Array.from({ length: 20 }, (_, i) => profileChange(i)), 'no_stream');
  const plainReader = `user-${randomUUID()}`;
  await store.append(plainReader, Array.from({ length: 20 }, (_, i) => profileChange(i)), 'no_stream');
  const reads: Record<string, Measure[]> = { 'bare adapter, plain events': [], 'crypto-shredding, sealed events': [] };
  for (let run = 1; run <= RUNS; run++) {
    reads['bare adapter, plain events']!.push(await loadFor(1, SECONDS, () => store.readStream(plainReader).then(() => undefined)));
    reads['crypto-shredding, sealed events']!.push(await loadFor(1, SECONDS, () => sealed.readStream(reader).then(() => undefined)));
  }
  await store.close();

  console.log(`\nAppends of one event, ${SECONDS} s per measure, median of ${RUNS} runs (events/s, latency in ms):\n`);
  table(
    ['writers', ...VARIANTS.flatMap((v) => [`${v} events/s`, `${v} p50 / p99`])],
    WRITERS.map((writers) => [
      writers,
      ...VARIANTS.flatMap((v) => {
        const m = medianOf(results.get(`${v}|${writers}`)!);
        return [fmt(m.rate, 0), `${fmt(m.p50)} / ${fmt(m.p99)}${m.errors ? ` (${m.errors} errors)` : ''}`];
      }),
    ]),
  );
  const ratio = (writers: number) => medianOf(results.get(`event store|${writers}`)!).rate / medianOf(results.get(`plain INSERT|${writers}`)!).rate;
  if (VARIANTS.includes('event store') && VARIANTS.includes('plain INSERT')) {
    console.log(`\nThe event store beside plain INSERTs (events/s, the ratio of the medians: the machine's load moves both):\n`);
    table(['writers', 'event store / plain INSERT'], WRITERS.map((writers) => [writers, fmt(ratio(writers), 2)]));
  }
  console.log(
    `\nPer event, median of ${RUNS} runs: CPU of the pool's Postgres server processes and of this node process (µs), and statements (a live subscriber's reads included):\n`,
  );
  table(
    ['variant', ...WRITERS.map((w) => `${w} writers: Postgres / node CPU µs / statements`)],
    VARIANTS.map((v) => [
      v,
      ...WRITERS.map((w) => {
        const runs = costs.get(`${v}|${w}`)!;
        return `${fmt(median(runs.map((c) => c.cpu)), 0)} / ${fmt(median(runs.map((c) => c.node)), 0)} / ${fmt(median(runs.map((c) => c.statements)), 2)}`;
      }),
    ]),
  );
  console.log(`\nReads of a user's stream of 20 profile changes, one reader, median of ${RUNS} runs:\n`);
  table(['store', 'reads/s', 'p50 / p99'], Object.entries(reads).map(([name, runs]) => {
    const m = medianOf(runs);
    return [name, fmt(m.rate, 0), `${fmt(m.p50)} / ${fmt(m.p99)}`];
  }));
  console.log(`\nevents the subscriber followed: ${followed}`);
} finally {
  await db.cleanup();
}
