/**
 * `npm run bench:scale -- [--events 1000000] [--listings 10000] [--connections 50] [--seconds 5] [--runs 3]
 *                         [--clients 20] [--rebuild-runs 1] [--load-minutes 10] [--keep]`
 *
 * A season-sized history (command-service/src/seed/scale-history.ts: per million events about 100,000
 * users, 10,000 hackathons, 5,000 events, 2,000 quizzes, 300,000 registrations with teams and
 * payments, 200,000 messages, follows and notifications) appended to a schema of its own on the
 * Postgres at BENCH_DATABASE_URL, then, each printed with its target (issue 37) and a baseline
 * measured in the same run:
 * 1. a rebuild of every projection, in events/s, beside a pass that only reads the feed (through
 *    crypto-shredding) without applying it;
 * 2. the embedded app starting on the built history: until /readyz answers and until a real read
 *    does, beside the same start on an empty schema;
 * 3. a list, a detail, a search and a dashboard read at `--connections` connections, p99 on the big
 *    history beside the same reads on a store of `--listings` listings only (`npm run seed:listings`),
 *    and a plain express app serving the big history's answers from memory; median of `--runs`;
 * 4. a command with read-your-writes (follow/unfollow, as bench:writes), p99 on both stores;
 * 5. the embedded process's memory (RSS) at rest on both stores, after the start and after the loads above,
 *    and sampled every 5 s over `--load-minutes` of that write load on the big one: start, max, end and the slope.
 * The schemas are dropped at the end (`--keep` keeps the big one and prints its URL).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import knexLib, { type Knex } from 'knex';
import { createLogger } from '@circuit/shared/logger';
import { PostgresEventStore } from '@circuit/shared/adapters/event-store/postgres-event-store';
import { withPersonalData } from '@circuit/shared/personal-data/personal-data';
import { migrateAllReadModels } from '@circuit/projection-service/projection-service';
import { allProjections } from '@circuit/projection-service/projections';
import { ProjectionRunner } from '@circuit/projection-service/runner/projection-runner';
import { migrateProcessManagers } from '@circuit/command-service/process-managers/checkpoints';
import { scaleHistory, scaleShape } from '@circuit/command-service/seed/scale-history';
import { ROOT, client, freePort, startServer, waitForQuietFeed, waitReady, type BenchServer } from './app';
import { followToggles } from './follow-toggles';
import { httpLoad } from './http-load';
import { BENCH_DATABASE_URL, benchSchema, fmt, intArg, loadFor, median, medianOf, table, type Measure } from './lib';
import { loadHistory } from '@circuit/command-service/seed/load-scale-history';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '1000000' },
    listings: { type: 'string', default: '10000' },
    connections: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '5' },
    runs: { type: 'string', default: '3' },
    clients: { type: 'string', default: '20' },
    'rebuild-runs': { type: 'string', default: '1' },
    'load-minutes': { type: 'string', default: '10' },
    seed: { type: 'string', default: '42' },
    keep: { type: 'boolean', default: false },
    /** A schema kept by an earlier run (--keep): its history is measured again without writing or rebuilding it. */
    history: { type: 'string' },
  },
});
const EVENTS = intArg(values.events, 1_000_000);
const LISTINGS = intArg(values.listings, 10_000);
const CONNECTIONS = intArg(values.connections, 50);
const SECONDS = intArg(values.seconds, 5);
const RUNS = intArg(values.runs, 3);
const CLIENTS = intArg(values.clients, 20);
const REBUILD_RUNS = intArg(values['rebuild-runs'], 1);
const LOAD_MINUTES = Number(values['load-minutes']) > 0 ? Number(values['load-minutes']) : 10;
const SEED = intArg(values.seed, 42);

/**
 * The process managers that begin at the start of the feed on their first start (firstStart:
 * 'beginning'). A deployment that wrote this history has them at its head; the bench puts them
 * there, so the start measured is a restart, not a first start working through a year of reactions.
 * The others begin at the head by themselves.
 */
const PROCESS_MANAGERS_FROM_THE_BEGINNING = ['reminder_schedule', 'erasure', 'quiz_open_attempts', 'notifications', 'event_roster_dues', 'upload_uses'];

const log = (line: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const seconds = (since: number) => (performance.now() - since) / 1000;
const urlOf = (schema: string) => {
  const url = new URL(BENCH_DATABASE_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
};

/** The resident memory of a process now, in MB (Linux /proc). */
function rssMb(pid: number | undefined): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
}

/** Least squares slope of (minutes, MB) samples: MB per minute. */
function slope(samples: { minute: number; mb: number }[]): number {
  const n = samples.length;
  const mx = samples.reduce((s, p) => s + p.minute, 0) / n;
  const my = samples.reduce((s, p) => s + p.mb, 0) / n;
  const num = samples.reduce((s, p) => s + (p.minute - mx) * (p.mb - my), 0);
  const den = samples.reduce((s, p) => s + (p.minute - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

/** The time until `url` first answers 200 (polled every 20 ms). */
async function firstAnswer(url: string, started: number): Promise<number> {
  for (;;) {
    try {
      if ((await fetch(url)).ok) return seconds(started);
    } catch {
      /* not yet */
    }
    if (seconds(started) > 300) throw new Error(`${url} did not answer in 5 minutes`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Starts the embedded app; answers it with the seconds until /readyz and until a real read (the hackathon list) answered. */
async function timedStart(databaseUrl?: string): Promise<{ server: BenchServer; ready: number; answered: number }> {
  const started = performance.now();
  const server = await startServer({ database: 'postgres', databaseUrl });
  const ready = seconds(started);
  const answered = await firstAnswer(`${server.base}/api/hackathons?limit=16`, started);
  return { server, ready, answered };
}

const LIST = '/api/hackathons?search=hack&location=online&country=India&limit=16';
/** The four reads on one app, for a signed-in viewer: the paths, and the viewer's cookie. */
async function readsOf(server: BenchServer): Promise<{ paths: Record<string, string>; cookie: string }> {
  const viewer = await client(server.base).createUser(9999);
  const list = (await (await fetch(`${server.base}/api/hackathons?limit=1`)).json()) as { data?: { username?: string }[] };
  const slug = list.data?.[0]?.username;
  if (!slug) throw new Error(`no hackathon listed on ${server.base}: ${JSON.stringify(list).slice(0, 200)}`);
  return {
    cookie: viewer.cookie,
    paths: {
      list: LIST,
      detail: `/api/hackathons/${slug}`,
      'user search': '/api/users/search/by?q=bench&page=1&limit=10',
      dashboard: '/api/dashboard/counts',
    },
  };
}

/** Seeds `count` accepted hackathons into the app's schema and waits until they are listed and the feed is quiet. */
async function seedListings(server: BenchServer, count: number): Promise<void> {
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'command-service/src/seed/seed-listings.ts', '--hackathons', String(count)], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: server.databaseUrl!, LOG_LEVEL: 'warn' },
    stdio: 'inherit',
  });
  if (seeded.status !== 0) throw new Error('seed:listings failed');
  for (let t = 0; ; t++) {
    // A kept-alive connection the app has just closed fails a fetch now and then: the next poll asks again.
    const listed = await fetch(`${server.base}/api/hackathons?limit=1`)
      .then(async (res) => ((await res.json()) as { total?: number }).total ?? 0)
      .catch(() => 0);
    if (listed >= count) break;
    if (t > 600) throw new Error(`only ${listed} of ${count} hackathons listed after 5 minutes`);
    await new Promise((r) => setTimeout(r, 500));
  }
  await waitForQuietFeed(server);
}

/** What autovacuum does a minute after a bulk load: fresh statistics for the planner. */
function analyze(databaseUrl: string): void {
  const schema = new URL(databaseUrl).searchParams.get('options')!.split('=')[1]!;
  // Table by table: a bare ANALYZE would go through every schema of the shared database.
  const tables = `select tablename from pg_tables where schemaname = '${schema}'`;
  spawnSync('psql', [databaseUrl.split('?')[0]!, '-qc', `do $$ declare t record; begin for t in ${tables} loop execute format('analyze %I.%I', '${schema}', t.tablename); end loop; end $$`], { stdio: 'inherit' });
}

/** RSS sampled once a second for `count` seconds: the median, in MB. */
async function restingRss(server: BenchServer, count = 10): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    samples.push(rssMb(server.child.pid));
    await new Promise((r) => setTimeout(r, 1000));
  }
  return median(samples);
}

/** The feed read alone (the rebuild's baseline): at most this many events, enough for a steady rate. */
const READ_SAMPLE = 200_000;

/** Writes the history into the big schema, rebuilds every projection on it (printing both), and puts the process managers at its head. */
async function writeAndRebuild(): Promise<number> {
  // 1. The history.
  const shape = scaleShape(EVENTS);
  log(`writing a history of about ${EVENTS} events to ${big.schema}...`);
  await migrateAllReadModels(big.knex);
  const loadStarted = performance.now();
  let reported = 0;
  const written = await loadHistory(BENCH_DATABASE_URL, big.schema, scaleHistory({ events: EVENTS, seed: SEED }), (n) => {
    if (n - reported >= 100_000) log(`  ${(reported = n)} events, ${fmt(n / seconds(loadStarted), 0)} events/s`);
  });
  const loadSeconds = seconds(loadStarted);
  analyze(bigUrl);
  console.log(`\nHistory: ${written} events written in ${fmt(loadSeconds)} s (${fmt(written / loadSeconds, 0)} events/s, through crypto-shredding, synchronous_commit off):\n`);
  table(
    ['users', 'hackathons', 'events', 'quizzes', 'registrations', 'teams', 'messages', 'follows', 'connections'],
    [[shape.user, shape.hackathon, shape.event, shape.quiz, shape.hackathonRegistration + shape.eventRegistration + shape.quizRegistration, shape.team, shape.message, shape.follow, shape.connection]],
  );

  // 2. Rebuild of every projection, beside reading the feed alone.
  const store = await withPersonalData(await PostgresEventStore.create(big.knex, { listen: false }), big.knex, {});
  const readStarted = performance.now();
  let read = 0;
  for (let after = 0n; read < READ_SAMPLE; ) {
    const page = await store.readAll(after, 10_000);
    if (page.length === 0) break;
    read += page.length;
    after = page.at(-1)!.position;
  }
  const readRate = read / seconds(readStarted);
  log(`read the feed (first ${read} events), ${fmt(readRate, 0)} events/s`);
  const rates: number[] = [];
  for (let run = 1; run <= REBUILD_RUNS; run++) {
    const started = performance.now();
    const replayed = await new ProjectionRunner(big.knex, store, allProjections, undefined, createLogger('bench', 'warn')).rebuild();
    rates.push(replayed / seconds(started));
    log(`rebuild ${run}: ${replayed} events in ${fmt(seconds(started))} s = ${fmt(rates.at(-1)!, 0)} events/s`);
  }
  analyze(bigUrl);
  // A deployment that wrote this history has every process manager at its head (see PROCESS_MANAGERS_FROM_THE_BEGINNING).
  await migrateProcessManagers(big.knex);
  const head = (await store.headPosition()).toString();
  await big.knex('process_manager_checkpoints').insert(PROCESS_MANAGERS_FROM_THE_BEGINNING.map((name) => ({ name, position: head }))).onConflict('name').merge();
  await store.close();
  console.log(`\nRebuild of every projection (${allProjections.length}) on Postgres, ${written} events, median of ${REBUILD_RUNS}:\n`);
  table(['', 'events/s', 'target'], [['rebuild of every projection', fmt(median(rates), 0), '>= 100,000'], [`reading the feed alone (baseline; its first ${read} events)`, fmt(readRate, 0), '']]);
  figures.push(`rebuild ${fmt(median(rates), 0)} events/s (feed read alone ${fmt(readRate, 0)})`);

  return written;
}

const big = values.history ? await keptSchema(values.history) : await benchSchema('scale', 10);
const bigUrl = urlOf(big.schema);

/** A schema of an earlier run, to measure again (never dropped here). */
async function keptSchema(schema: string): Promise<{ schema: string; knex: Knex; cleanup(): Promise<void> }> {
  const knex = knexLib({ client: 'pg', connection: { connectionString: BENCH_DATABASE_URL, options: `-c search_path=${schema}` }, pool: { min: 0, max: 10 } });
  return { schema, knex, cleanup: () => knex.destroy() };
}
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'circuit-bench-scale-'));
const servers: BenchServer[] = [];
let plain: ReturnType<typeof spawn> | undefined;
const figures: string[] = [];
try {
  let written = 0;
  if (values.history) written = Number((await big.knex('event_store_events').count<{ n: string }[]>({ n: '*' }))[0]!.n);
  else written = await writeAndRebuild();
  // 3. The embedded app starting on it, beside a start on an empty schema.
  log('starting the embedded app on the history...');
  const bigStart = await timedStart(bigUrl);
  servers.push(bigStart.server);
  const bigApp = bigStart.server;
  log(`ready in ${fmt(bigStart.ready)} s, first list answered at ${fmt(bigStart.answered)} s; starting one on an empty schema...`);
  const smallStart = await timedStart();
  servers.push(smallStart.server);
  const smallApp = smallStart.server;
  console.log(`\nThe embedded app starting (spawn to answer), on Postgres:\n`);
  table(
    ['', `on the history (${written} events)`, 'on an empty schema (baseline)', 'target'],
    [
      ['/readyz answers', `${fmt(bigStart.ready)} s`, `${fmt(smallStart.ready)} s`, ''],
      ['GET /api/hackathons answers', `${fmt(bigStart.answered)} s`, `${fmt(smallStart.answered)} s`, '<= 10 s'],
    ],
  );
  figures.push(`start ${fmt(bigStart.answered)} s (empty ${fmt(smallStart.answered)} s)`);

  log(`seeding ${LISTINGS} listings into the small store...`);
  await seedListings(smallApp, LISTINGS);
  analyze(smallApp.databaseUrl!);
  await waitForQuietFeed(bigApp);
  await waitForQuietFeed(smallApp);
  // At rest as a started process is, before any load: after one, the heap the load grew stays until V8 collects it.
  const [bigStarted, smallStarted] = await Promise.all([restingRss(bigApp), restingRss(smallApp)]);

  // The writers (their users are the ones the user search finds on both stores), then the readers.
  const bigToggles = await followToggles(bigApp, CLIENTS);
  const smallToggles = await followToggles(smallApp, CLIENTS);
  const bigReads = await readsOf(bigApp);
  const smallReads = await readsOf(smallApp);
  const answers: Record<string, { body: string; contentType: string }> = {};
  for (const [name, p] of Object.entries(bigReads.paths)) {
    for (const [app, reads] of [[bigApp, bigReads], [smallApp, smallReads]] as const) {
      const res = await fetch(`${app.base}${reads.paths[name]}`, { headers: { cookie: reads.cookie } });
      if (res.status !== 200) throw new Error(`${reads.paths[name]}: ${res.status} ${await res.text()}`);
      const body = Buffer.from(await res.arrayBuffer());
      if (app === bigApp) answers[p.split('?')[0]!] = { body: body.toString('base64'), contentType: res.headers.get('content-type') ?? 'application/json' };
    }
  }
  const file = path.join(tmp, 'answers.json');
  fs.writeFileSync(file, JSON.stringify(answers));
  const plainPort = await freePort();
  plain = spawn(process.execPath, ['--import', 'tsx', 'bench/plain-server.ts', file, String(plainPort)], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  const plainBase = `http://127.0.0.1:${plainPort}`;
  await waitReady(`${plainBase}/readyz`);

  // 4. Reads at CONNECTIONS connections.
  const reads = new Map<string, Measure[]>();
  for (let r = 1; r <= RUNS; r++) {
    for (const name of Object.keys(bigReads.paths)) {
      for (const [side, base, p, cookie] of [
        ['big', bigApp.base, bigReads.paths[name]!, bigReads.cookie],
        ['small', smallApp.base, smallReads.paths[name]!, smallReads.cookie],
        ['plain', plainBase, bigReads.paths[name]!, bigReads.cookie],
      ] as const) {
        const m = await httpLoad(`${base}${p}`, CONNECTIONS, SECONDS, { cookie });
        log(`run ${r}, ${name}, ${side}: ${fmt(m.rate, 0)} requests/s, p50 ${fmt(m.p50)} ms, p99 ${fmt(m.p99)} ms, errors ${m.errors}`);
        reads.set(`${name}|${side}`, [...(reads.get(`${name}|${side}`) ?? []), m]);
      }
    }
  }
  console.log(`\nReads, signed in, ${CONNECTIONS} keep-alive connections, ${SECONDS} s per run, median of ${RUNS} runs (p50 / p99 ms):\n`);
  table(
    ['read', `${written} events`, `${LISTINGS} listings`, 'plain express, same bytes', 'p99 history / listings', 'target'],
    Object.keys(bigReads.paths).map((name) => {
      const [b, s, p] = (['big', 'small', 'plain'] as const).map((side) => medianOf(reads.get(`${name}|${side}`)!));
      figures.push(`${name} p99 ${fmt(b!.p99)} ms vs ${fmt(s!.p99)} ms`);
      return [`${name}: ${bigReads.paths[name]!.split('?')[0]}`, `${fmt(b!.p50)} / ${fmt(b!.p99)}`, `${fmt(s!.p50)} / ${fmt(s!.p99)}`, `${fmt(p!.p50)} / ${fmt(p!.p99)}`, fmt(b!.p99 / s!.p99, 2), '<= 1.5'];
    }),
  );
  plain.kill('SIGTERM');

  // 5. A command with read-your-writes.
  const writes = new Map<string, Measure[]>();
  for (const [side, toggles] of [['big', bigToggles], ['small', smallToggles]] as const) {
    await loadFor(CLIENTS, 5, (c) => toggles.toggle(c));
    for (let r = 1; r <= RUNS; r++) {
      const m = await loadFor(CLIENTS, SECONDS * 2, (c) => toggles.toggle(c));
      log(`writes run ${r}, ${side}: ${fmt(m.rate, 0)} writes/s, p50 ${fmt(m.p50)} ms, p99 ${fmt(m.p99)} ms, errors ${m.errors}`);
      writes.set(side, [...(writes.get(side) ?? []), m]);
    }
  }
  const [wb, ws] = [medianOf(writes.get('big')!), medianOf(writes.get('small')!)];
  console.log(`\nFollow/unfollow through HTTP with read-your-writes, ${CLIENTS} clients, ${SECONDS * 2} s per run after 5 s of warm-up, median of ${RUNS} runs:\n`);
  table(
    ['store', 'writes/s', 'p50 ms', 'p99 ms', 'errors', 'answers 202'],
    [
      [`${written} events`, fmt(wb.rate, 0), fmt(wb.p50), fmt(wb.p99), wb.errors, bigToggles.accepted()],
      [`${LISTINGS} listings`, fmt(ws.rate, 0), fmt(ws.p50), fmt(ws.p99), ws.errors, smallToggles.accepted()],
    ],
  );
  console.log(`\np99 history / listings: ${fmt(wb.p99 / ws.p99, 2)} (target <= 1.5)`);
  figures.push(`command p99 ${fmt(wb.p99)} ms vs ${fmt(ws.p99)} ms`);

  // 6. Memory: at rest on both, then over a write load on the big one (the small one stopped: it would share the cores).
  await waitForQuietFeed(bigApp);
  await waitForQuietFeed(smallApp);
  const [bigRest, smallRest] = await Promise.all([restingRss(bigApp), restingRss(smallApp)]);
  smallToggles.close();
  await smallApp.stop();
  servers.splice(servers.indexOf(smallApp), 1);
  log(`at rest: ${fmt(bigRest, 0)} MB on the history, ${fmt(smallRest, 0)} MB on the listings; ${LOAD_MINUTES} minutes of writes...`);
  const samples: { minute: number; mb: number }[] = [];
  const loadStarted_ = performance.now();
  const sampler = setInterval(() => {
    samples.push({ minute: seconds(loadStarted_) / 60, mb: rssMb(bigApp.child.pid) });
    if (samples.length % 12 === 0) log(`  ${fmt(samples.at(-1)!.minute)} min: ${fmt(samples.at(-1)!.mb, 0)} MB`);
  }, 5000);
  samples.push({ minute: 0, mb: rssMb(bigApp.child.pid) });
  const load = await loadFor(CLIENTS, LOAD_MINUTES * 60, (c) => bigToggles.toggle(c));
  clearInterval(sampler);
  samples.push({ minute: seconds(loadStarted_) / 60, mb: rssMb(bigApp.child.pid) });
  const mbs = samples.map((s) => s.mb);
  const lastHalf = samples.filter((s) => s.minute >= LOAD_MINUTES / 2);
  console.log(`\nMemory (RSS) of the embedded process, MB:\n`);
  table(
    ['', `${written} events`, `${LISTINGS} listings (baseline)`, 'target'],
    [
      ['at rest after the start', fmt(bigStarted, 0), fmt(smallStarted, 0), '<= 400'],
      ['at rest after the reads and writes above', fmt(bigRest, 0), fmt(smallRest, 0), ''],
      [`over ${LOAD_MINUTES} min of writes (${load.count} writes, ${fmt(load.rate, 0)}/s): start / max / end`, `${fmt(mbs[0]!, 0)} / ${fmt(Math.max(...mbs), 0)} / ${fmt(mbs.at(-1)!, 0)}`, '', 'flat'],
      ['slope over the whole load / its second half, MB per minute', `${fmt(slope(samples), 2)} / ${fmt(lastHalf.length > 2 ? slope(lastHalf) : NaN, 2)}`, '', '~0'],
    ],
  );
  figures.push(`RSS at rest ${fmt(bigStarted, 0)} MB after the start, ${fmt(bigRest, 0)} MB after the load (listings ${fmt(smallStarted, 0)} / ${fmt(smallRest, 0)} MB), over ${LOAD_MINUTES} min ${fmt(mbs[0]!, 0)} / ${fmt(Math.max(...mbs), 0)} / ${fmt(mbs.at(-1)!, 0)} MB, slope ${fmt(slope(samples), 2)} MB/min`);
  bigToggles.close();
  console.log(`\nbench:scale, ${written} events: ${figures.join('; ')}`);
} finally {
  plain?.kill('SIGTERM');
  for (const server of servers) await server.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
  if (values.keep) {
    console.error(`kept: ${bigUrl}`);
    await big.knex.destroy();
  } else await big.cleanup();
}
