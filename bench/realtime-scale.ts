/**
 * `npm run bench:realtime-scale -- [--sockets 10000] [--room 1000] [--small-room 10] [--posters 5] [--rate 1]
 *   [--seconds 15] [--rounds 3] [--warmup 5] [--clients 4] [--concurrency 50] [--settle 10] [--redis] [--snapshot]`
 *
 * Issue 37, realtime at size: one realtime process holding `--sockets` signed-in sockets within 1 GB, and a
 * community room of `--room` members delivering at p99 within 250 ms.
 *
 * The services run as production runs them, each a process of its own on one Postgres schema
 * (BENCH_DATABASE_URL): the projection service, the command service and the realtime service
 * (realtime-service/src/main.ts), the command side's announcements reaching the realtime service over
 * the bus (LISTEN/NOTIFY here; Kafka in the compose file). So "one realtime process" is that process
 * alone: the memory printed is its own, not the command side's or the projections'. With `--redis`
 * it also runs on Redis (REDIS_URL, default 127.0.0.1:6379) as in production: the socket slots and
 * the Socket.IO Redis adapter. The realtime process runs with --expose-gc and bench/realtime-scale-probe.ts
 * preloaded, which collects garbage and answers process.memoryUsage() when the bench asks.
 *
 * The users: signing 10,000 people up through the commands would take most of an hour, so their
 * accounts are appended straight to the event store (UserRegistered, as sign-up and verification
 * record them, the way chat-send-failover.int.spec.ts does), the rooms' hackathons through
 * appendListedHackathon, and the rooms' members through the hackathons' roster streams
 * (HackathonParticipantRegistered, what the register command appends); their sessions are written
 * into the session store and their cookies signed with the services' SESSION_SECRET
 * (signedInCookies, shared/src/testkit/session-cookie.ts). The projection service projects them all
 * before any socket opens; everything after that goes through the services as a browser's would:
 * the sockets' handshakes read the sessions, `join_community` checks the membership in the read
 * models, and the posts are POST /api/community/{id}/messages to the command service.
 *
 * Then:
 * 1. Memory: the realtime process's RSS (VmRSS of /proc/<pid>/status) and heap after a forced garbage
 *    collection, idle with 0 sockets (the baseline beside it), then with every socket open
 *    (`--clients` load-generator processes, bench/realtime-scale-client.ts, each opening its share
 *    `--concurrency` at a time), every member in its room and the process settled (its CPU quiet).
 *    The server's own count of open sockets (circuit_open_sockets on its /metrics) is printed too.
 * 2. Delivery: `--posters` members of a room post `--rate` messages a second each, in turn, for
 *    `--seconds`; rounds alternate between the small room (`--small-room` members, the baseline) and
 *    the big room (`--room` members), after `--warmup` seconds of the same posts in each that are not
 *    measured. Every member's socket should receive every message once: latency from the start of
 *    the POST (in this process) to its arrival at each receiver (in a load generator; both read the
 *    machine's monotonic clock). p50 / p99 over every delivery of every measured round, and the
 *    median over the rounds of each round's p99; the spread from a message's first receiver to its
 *    last (the fan-out's own share, without the POST's way through the command service and the bus);
 *    lost and duplicated deliveries; the realtime process's CPU per delivery (all it spent during
 *    the round, pings included, over the deliveries).
 * With BENCH_CPU_PROF=dir the realtime process writes a CPU profile there when it stops.
 * With `--snapshot` a heap snapshot of the realtime process is written with every socket open (its
 * path printed), to see what a socket costs.
 * Exits 1 if a delivery was lost or duplicated, a POST failed or a socket did not open.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PostgresEventStore } from '@circuit/shared/adapters/event-store/postgres-event-store';
import { toNewEvents } from '@circuit/shared/commands/decider';
import { userStream } from '@circuit/shared/events/accounts';
import { hackathonRosterStream } from '@circuit/shared/events/hackathon-registrations';
import { signedInCookies } from '@circuit/shared/testkit/session-cookie';
import { appendListedHackathon } from '@circuit/command-service/hackathon-registrations/hackathon-fixtures';
import { ROOT, freePort, inBatches, leanClient, waitReady } from './app';
import { benchSchema, cpuMicros, fmt, intArg, median, percentile, table } from './lib';
import type { ClientOrder, Opened, Receipts, Status } from './realtime-scale-client';

const { values } = parseArgs({
  options: {
    sockets: { type: 'string', default: '10000' },
    room: { type: 'string', default: '1000' },
    'small-room': { type: 'string', default: '10' },
    posters: { type: 'string', default: '5' },
    /** Messages per poster per second. */
    rate: { type: 'string', default: '1' },
    seconds: { type: 'string', default: '15' },
    rounds: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '5' },
    clients: { type: 'string', default: '4' },
    concurrency: { type: 'string', default: '50' },
    /** Seconds at least between the last socket joining and the memory sample. */
    settle: { type: 'string', default: '10' },
    redis: { type: 'boolean', default: false },
    snapshot: { type: 'boolean', default: false },
  },
});
const SOCKETS = intArg(values.sockets, 10_000);
const ROOM = intArg(values.room, 1000);
const SMALL_ROOM = intArg(values['small-room'], 10);
const POSTERS = intArg(values.posters, 5);
const RATE = Number(values.rate) > 0 ? Number(values.rate) : 1;
const SECONDS = intArg(values.seconds, 15);
const ROUNDS = intArg(values.rounds, 3);
const WARMUP = Number(values.warmup) >= 0 ? Number(values.warmup) : 5;
const CLIENTS = intArg(values.clients, 4);
const CONCURRENCY = intArg(values.concurrency, 50);
const SETTLE = Number(values.settle) >= 0 ? Number(values.settle) : 10;
if (ROOM + SMALL_ROOM > SOCKETS) throw new Error('--room and --small-room are members among --sockets: they must fit');
if (POSTERS > SMALL_ROOM) throw new Error('--posters must not exceed --small-room');

const SESSION_SECRET = 'a-realtime-scale-bench-secret-of-enough-length';
const MB = 1024 * 1024;
const nowMs = () => Number(process.hrtime.bigint()) / 1e6;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const loadAverage = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(', ');

interface Service {
  name: string;
  child: ChildProcess;
  base: string;
}

function startService(name: string, entry: string, env: NodeJS.ProcessEnv, port: number, nodeArgs: string[] = []): Service {
  const child = spawn(process.execPath, ['--import', 'tsx', ...nodeArgs, entry], {
    cwd: ROOT,
    env: { ...env, PORT: String(port) },
    stdio: nodeArgs.length > 0 ? ['ignore', 'inherit', 'inherit', 'ipc'] : ['ignore', 'inherit', 'inherit'],
  });
  return { name, child, base: `http://127.0.0.1:${port}` };
}

async function stopService(service: Service): Promise<void> {
  const { child } = service;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** VmRSS and VmHWM (the peak) of a process, in bytes, from /proc. */
function residentOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

interface MemorySample {
  rss: number;
  peak: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  collected: boolean;
}

/** Asks the probe in the realtime process for a collection and its memoryUsage, then reads its RSS. */
function askProbe<T>(child: ChildProcess, message: string, key: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the realtime process did not answer ${message}`)), 60_000);
    const onMessage = (answer: Record<string, unknown>) => {
      if (!(key in answer)) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(answer as T);
    };
    child.on('message', onMessage);
    child.send(message);
  });
}

async function sampleMemory(realtime: Service): Promise<MemorySample> {
  const samples: MemorySample[] = [];
  // Three samples a second apart, the median of each field: one collection can leave a little behind.
  for (let i = 0; i < 3; i++) {
    const { memory, collected } = await askProbe<{ memory: NodeJS.MemoryUsage; collected: boolean }>(realtime.child, 'memory', 'memory');
    const { rss, peak } = residentOf(realtime.child.pid!);
    samples.push({ rss, peak, heapUsed: memory.heapUsed, heapTotal: memory.heapTotal, external: memory.external, collected });
    await sleep(1000);
  }
  const med = (f: (s: MemorySample) => number) => median(samples.map(f));
  return { rss: med((s) => s.rss), peak: Math.max(...samples.map((s) => s.peak)), heapUsed: med((s) => s.heapUsed), heapTotal: med((s) => s.heapTotal), external: med((s) => s.external), collected: samples.every((s) => s.collected) };
}

/** Waits `atLeast` seconds, then until the process spends under a tenth of a core over two seconds (at most a minute more). */
async function settle(pid: number, atLeast: number): Promise<void> {
  await sleep(atLeast * 1000);
  for (let i = 0; i < 30; i++) {
    const before = cpuMicros(pid);
    await sleep(2000);
    if (cpuMicros(pid) - before < 200_000) return;
  }
}

/** The server's own count of open sockets (circuit_open_sockets on its /metrics). */
async function openSocketsOf(realtime: Service): Promise<number> {
  const text = await (await fetch(`${realtime.base}/metrics`)).text();
  return Number(/^circuit_open_sockets(?:\{[^}]*\})? (\d+)/m.exec(text)?.[1] ?? NaN);
}

/** A load-generator process, answering its orders in turn. */
function startClient(): { child: ChildProcess; ask<T>(order: ClientOrder, answer: string): Promise<T> } {
  const child = fork(path.join(ROOT, 'bench/realtime-scale-client.ts'), [], { cwd: ROOT, execArgv: ['--import', 'tsx'], serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return {
    child,
    ask: <T>(order: ClientOrder, answer: string) =>
      new Promise<T>((resolve, reject) => {
        const onMessage = (message: { type: string }) => {
          if (message.type !== answer) return;
          child.off('message', onMessage);
          child.off('exit', onExit);
          resolve(message as T);
        };
        const onExit = () => reject(new Error('a load generator exited'));
        child.on('message', onMessage);
        child.once('exit', onExit);
        child.send(order);
      }),
  };
}

const mb = (bytes: number) => fmt(bytes / MB, 0);

console.log(`machine load (1, 5, 15 min): ${loadAverage()}`);
// The realtime process holds a descriptor per socket, and inherits this process's limit.
const openFiles = Number(/^Max open files\s+(\d+)/m.exec(fs.readFileSync('/proc/self/limits', 'utf8'))?.[1] ?? Infinity);
if (openFiles < SOCKETS + 500) console.error(`warning: ${openFiles} open files allowed (ulimit -n): ${SOCKETS} sockets need about ${SOCKETS + 500}`);
const schema = await benchSchema('rt_scale', 6);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'circuit-rt-scale-'));
const schemaUrl = (() => {
  const u = new URL(schema.url);
  u.searchParams.set('options', `-c search_path=${schema.schema}`);
  return u.toString();
})();
const baseEnv: NodeJS.ProcessEnv = { ...process.env };
for (const name of ['KAFKA_BROKERS', 'EVENTSTORE_URL', 'REDIS_URL', 'PORT', 'SMTP_URL']) delete baseEnv[name];
const env: NodeJS.ProcessEnv = {
  ...baseEnv,
  DATABASE_URL: schemaUrl,
  DATA_DIR: dataDir,
  SEED: 'false',
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  SESSION_SECRET,
  // Five posters from one address post faster than a person would; the limits are not what is measured.
  LIMIT_CLIENT_REQUESTS: '1000000',
  RATE_LIMIT_MESSAGES: '1000000',
  RATE_LIMIT_WRITES: '1000000',
  ...(values.redis ? { REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' } : {}),
};

const services: Service[] = [];
const clients: ReturnType<typeof startClient>[] = [];
let failed = false;
try {
  // --- The users, the two rooms and their members, appended as the commands record them. ---
  const setupStarted = Date.now();
  const [projectionPort, commandPort, realtimePort] = await Promise.all([freePort(), freePort(), freePort()]);
  const projection = startService('projection-service', 'projection-service/src/main.ts', env, projectionPort);
  services.push(projection);
  await waitReady(`${projection.base}/readyz`);
  const store = await PostgresEventStore.create(schema.knex, { listen: false });
  const at = new Date().toISOString();
  const users = Array.from({ length: SOCKETS }, () => crypto.randomUUID());
  await inBatches(users.length, 25, async (i) => {
    const userId = users[i]!;
    const data = { userId, username: `scale_${i}_${userId.slice(0, 6)}`, email: `${userId}@bench.local`, firstName: 'Scale', lastName: `User${i}`, passwordHash: null, role: 'user', emailVerified: true, registeredAt: at };
    await store.append(userStream(userId), toNewEvents([{ type: 'UserRegistered', data }], { userId }, at), 'no_stream');
  });
  // The big room's members are spread over the users (and so over the load generators); the small room's come after them.
  const bigMembers = Array.from({ length: ROOM }, (_, k) => Math.floor((k * SOCKETS) / ROOM));
  const taken = new Set(bigMembers);
  const smallMembers = users.map((_, i) => i).filter((i) => !taken.has(i)).slice(0, SMALL_ROOM);
  const rooms = [
    { label: `small room (${SMALL_ROOM} members)`, members: smallMembers, hackathonId: '' },
    { label: `big room (${ROOM} members)`, members: bigMembers, hackathonId: '' },
  ];
  for (const room of rooms) {
    const { hackathonId } = await appendListedHackathon(store, { createdBy: users[room.members[0]!]!, maxParticipants: room.members.length + 10 });
    room.hackathonId = hackathonId;
    const profile = { college: 'Bench College', collegeYear: '2' };
    // One append per hundred registrations on the roster stream, in order, as many register commands would.
    for (let from = 0; from < room.members.length; from += 100) {
      const events = room.members.slice(from, from + 100).map((i) => ({ type: 'HackathonParticipantRegistered', data: { hackathonId, userId: users[i]!, profile, at, fee: 'free' } }));
      await store.append(hackathonRosterStream(hackathonId), toNewEvents(events, {}, at), from === 0 ? 'no_stream' : 'any');
    }
  }
  await store.close();
  console.error(`  events appended after ${fmt((Date.now() - setupStarted) / 1000, 1)} s`);
  const cookies = await signedInCookies(schema.knex, SESSION_SECRET, users, 25);
  console.error(`  sessions written after ${fmt((Date.now() - setupStarted) / 1000, 1)} s`);
  const count = async (tableName: string) => Number((await schema.knex(tableName).count<{ n: string }[]>('* as n'))[0]!.n);
  for (let t = 0; (await count('users')) < SOCKETS || (await count('hackathon_participants')) < ROOM + SMALL_ROOM; t++) {
    if (t > 600) throw new Error('the users and the rooms never reached the read models');
    await sleep(500);
  }
  const command = startService('command-service', 'command-service/src/main.ts', env, commandPort);
  const realtime = startService('realtime-service', 'realtime-service/src/main.ts', env, realtimePort, ['--expose-gc', '--import', './bench/realtime-scale-probe.ts', ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [])]);
  services.push(command, realtime);
  await Promise.all([waitReady(`${command.base}/readyz`), waitReady(`${realtime.base}/readyz`)]);
  console.log(`setup: ${SOCKETS} users with sessions, rooms of ${SMALL_ROOM} and ${ROOM} members, in the read models, in ${fmt((Date.now() - setupStarted) / 1000, 1)} s`);

  // --- Memory idle, then with every socket open. ---
  await settle(realtime.child.pid!, 3);
  const idle = await sampleMemory(realtime);
  console.log(`realtime process idle: RSS ${mb(idle.rss)} MB, heap used ${mb(idle.heapUsed)} MB${idle.collected ? '' : ' (no forced GC: run without --expose-gc)'}`);

  const roomOf = new Map<number, string>();
  for (const i of bigMembers) roomOf.set(i, rooms[1]!.hackathonId);
  for (const i of smallMembers) roomOf.set(i, rooms[0]!.hackathonId);
  for (let c = 0; c < CLIENTS; c++) clients.push(startClient());
  const openStarted = Date.now();
  const cpuBeforeOpen = cpuMicros(realtime.child.pid);
  const opened = await Promise.all(
    clients.map((client, c) =>
      client.ask<Opened>(
        {
          type: 'open',
          base: realtime.base,
          concurrency: Math.max(1, Math.round(CONCURRENCY / CLIENTS)),
          sockets: users.map((_, i) => i).filter((i) => i % CLIENTS === c).map((i) => ({ cookie: cookies[i]!, room: roomOf.get(i) })),
        },
        'opened',
      ),
    ),
  );
  const openSeconds = (Date.now() - openStarted) / 1000;
  const openCpu = (cpuMicros(realtime.child.pid) - cpuBeforeOpen) / 1e6;
  const connected = opened.reduce((s, o) => s + o.connected, 0);
  const joined = opened.reduce((s, o) => s + o.joined, 0);
  const openFailed = opened.reduce((s, o) => s + o.failed, 0);
  for (const error of opened.flatMap((o) => o.errors).slice(0, 5)) console.error(`  socket failed: ${error}`);
  console.log(`opened ${connected} / ${SOCKETS} sockets (${joined} joined to a room, ${openFailed} failed) in ${fmt(openSeconds, 1)} s: ${fmt(connected / openSeconds, 0)} a second, ${fmt((openCpu * 1e3) / Math.max(1, connected), 2)} ms of the realtime process's CPU each`);
  if (openFailed > 0) failed = true;

  await settle(realtime.child.pid!, SETTLE);
  // What holding the sockets costs at rest: Engine.IO's pings (every 25 s per socket), the heartbeat.
  const restCpuBefore = cpuMicros(realtime.child.pid);
  await sleep(10_000);
  const restCpu = (cpuMicros(realtime.child.pid) - restCpuBefore) / 10e6;
  const serverCount = await openSocketsOf(realtime);
  const loaded = await sampleMemory(realtime);
  const statuses = await Promise.all(clients.map((c) => c.ask<Status>({ type: 'status' }, 'status')));
  const dropped = statuses.reduce((s, x) => s + x.dropped, 0);
  if (values.snapshot) console.log(`heap snapshot: ${(await askProbe<{ snapshot: string }>(realtime.child, 'snapshot', 'snapshot')).snapshot} (in ${ROOT})`);
  console.log(`\nMemory of the one realtime process (realtime-service/src/main.ts), after a forced GC, median of 3 samples:\n`);
  const perSocket = (bytes: number) => fmt(bytes / Math.max(1, connected) / 1024, 1);
  table(
    ['', 'open sockets (server count)', 'RSS MB', 'peak RSS MB', 'heap used MB', 'heap total MB', 'external MB', 'target'],
    [
      ['idle (baseline)', 0, mb(idle.rss), mb(idle.peak), mb(idle.heapUsed), mb(idle.heapTotal), mb(idle.external), ''],
      [`${connected} sockets`, `${serverCount}`, mb(loaded.rss), mb(loaded.peak), mb(loaded.heapUsed), mb(loaded.heapTotal), mb(loaded.external), 'RSS < 1024 MB'],
      ['per socket (KB)', '', perSocket(loaded.rss - idle.rss), '', perSocket(loaded.heapUsed - idle.heapUsed), '', perSocket(loaded.external - idle.external), ''],
    ],
  );
  console.log(`sockets dropped by the server meanwhile: ${dropped}; the realtime process at rest with them: ${fmt(restCpu * 100, 1)} % of a core`);
  if (dropped > 0 || serverCount !== connected) failed = true;

  // --- Delivery in the small and the big room, alternated. ---
  const poster = leanClient(command.base, 64);
  const maxMessages = Math.ceil((ROUNDS + 1) * 2 * (SECONDS + WARMUP) * POSTERS * RATE) + 100;
  const sentAt = new Float64Array(maxMessages).fill(NaN);
  /** The room (0 small, 1 big) of each measured message, and its round; -1: a warm-up message. */
  const roomOfMessage = new Int8Array(maxMessages).fill(-1);
  const roundOfMessage = new Int16Array(maxMessages).fill(-1);
  let nextMessage = 0;
  let postErrors = 0;
  const postLatencies: number[][] = [[], []];
  const phaseCpu: { deliveriesExpected: number; cpuSeconds: number }[] = [
    { deliveriesExpected: 0, cpuSeconds: 0 },
    { deliveriesExpected: 0, cpuSeconds: 0 },
  ];

  /** The room's posters post in turn, POSTERS * RATE messages a second in all, for `seconds`. */
  async function postInto(r: 0 | 1, seconds: number, round: number): Promise<void> {
    const room = rooms[r]!;
    const interval = 1000 / (POSTERS * RATE);
    const begin = performance.now();
    const inFlight: Promise<void>[] = [];
    for (let k = 0; performance.now() - begin < seconds * 1000; k++) {
      const n = nextMessage++;
      const author = users[room.members[k % POSTERS]!]!;
      const cookie = cookies[room.members[k % POSTERS]!]!;
      inFlight.push(
        (async () => {
          const t = nowMs();
          sentAt[n] = t;
          if (round >= 0) {
            roomOfMessage[n] = r;
            roundOfMessage[n] = round;
          }
          try {
            await poster.request('POST', `/api/community/${room.hackathonId}/messages`, cookie, { message: `scale ${n}`, clientMessageId: crypto.randomUUID() });
            if (round >= 0) postLatencies[r]!.push(nowMs() - t);
          } catch (error) {
            roomOfMessage[n] = -1;
            sentAt[n] = NaN;
            if (++postErrors <= 3) console.error(`  POST by ${author} failed: ${(error as Error).message}`);
          }
        })(),
      );
      await sleep(Math.max(0, begin + (k + 1) * interval - performance.now()));
    }
    await Promise.all(inFlight);
    await deliveriesArrived();
  }

  /** Waits until the load generators' receipts stop growing for two seconds (at most a minute): the room's last deliveries have arrived. */
  async function deliveriesArrived(): Promise<void> {
    let last = -1;
    for (let t = 0; t < 60; t++) {
      await sleep(t === 0 ? 500 : 2000);
      const statuses = await Promise.all(clients.map((c) => c.ask<Status>({ type: 'status' }, 'status')));
      const received = statuses.reduce((sum, x) => sum + x.received, 0);
      if (received === last) return;
      last = received;
    }
  }

  console.log(`\nposting: ${POSTERS} members of each room post ${RATE} message(s) a second each, ${SECONDS} s per round, ${ROUNDS} round(s) per room alternated, after ${WARMUP} s of warm-up in each`);
  if (WARMUP > 0) for (const r of [0, 1] as const) await postInto(r, WARMUP, -1);
  await Promise.all(clients.map((c) => c.ask<Receipts>({ type: 'collect' }, 'receipts')));
  for (let round = 0; round < ROUNDS; round++) {
    for (const r of [0, 1] as const) {
      const first = nextMessage;
      const cpu = cpuMicros(realtime.child.pid);
      await postInto(r, SECONDS, round);
      phaseCpu[r]!.cpuSeconds += (cpuMicros(realtime.child.pid) - cpu) / 1e6;
      let posted = 0;
      for (let n = first; n < nextMessage; n++) if (roomOfMessage[n] === r) posted++;
      phaseCpu[r]!.deliveriesExpected += posted * rooms[r]!.members.length;
      console.error(`  round ${round + 1}, ${rooms[r]!.label}: ${posted} posts (machine load ${loadAverage()})`);
    }
  }
  const collected = await Promise.all(clients.map((c) => c.ask<Receipts>({ type: 'collect' }, 'receipts')));
  poster.close();
  const droppedInRooms = (await Promise.all(clients.map((c) => c.ask<Status>({ type: 'status' }, 'status')))).reduce((sum, x) => sum + x.dropped, 0) - dropped;

  // Each receiver's receipts, by room: latency of the first receipt, duplicates beyond it.
  const seen = new Set<string>();
  const latencies: number[][] = [[], []];
  const perRound: number[][][] = [Array.from({ length: ROUNDS }, () => []), Array.from({ length: ROUNDS }, () => [])];
  let duplicates = 0;
  /** The first and the last arrival of each message at its room's sockets: the spread is the fan-out's own time. */
  const firstAt = new Float64Array(maxMessages).fill(Infinity);
  const lastAt = new Float64Array(maxMessages).fill(-Infinity);
  collected.forEach((receipts, c) => {
    for (let k = 0; k < receipts.message.length; k++) {
      const n = receipts.message[k]!;
      const r = roomOfMessage[n];
      if (r === undefined || r < 0) continue;
      const key = `${c}:${receipts.socket[k]}:${n}`;
      if (seen.has(key)) {
        duplicates++;
        continue;
      }
      seen.add(key);
      firstAt[n] = Math.min(firstAt[n]!, receipts.at[k]!);
      lastAt[n] = Math.max(lastAt[n]!, receipts.at[k]!);
      const latency = receipts.at[k]! - sentAt[n]!;
      latencies[r]!.push(latency);
      perRound[r]![roundOfMessage[n]!]!.push(latency);
    }
  });
  console.log(`\nDelivery from the start of the POST to each member's socket, ${ROUNDS} measured round(s) of ${SECONDS} s per room:\n`);
  const rows = ([0, 1] as const).map((r) => {
    const all = latencies[r]!.sort((a, b) => a - b);
    const expected = phaseCpu[r]!.deliveriesExpected;
    const roundP99 = perRound[r]!.map((l) => percentile(l.sort((a, b) => a - b), 99));
    const posts = postLatencies[r]!.sort((a, b) => a - b);
    const spreads: number[] = [];
    for (let n = 0; n < nextMessage; n++) if (roomOfMessage[n] === r && Number.isFinite(firstAt[n]!)) spreads.push(lastAt[n]! - firstAt[n]!);
    spreads.sort((a, b) => a - b);
    return [
      rooms[r]!.label,
      `${all.length} / ${expected}`,
      expected - all.length,
      `${fmt(percentile(all, 50))} / ${fmt(percentile(all, 99))}`,
      `${fmt(median(roundP99))} (${roundP99.map((p) => fmt(p, 0)).join(', ')})`,
      `${fmt(percentile(spreads, 50))} / ${fmt(percentile(spreads, 99))}`,
      `${fmt(percentile(posts, 50))} / ${fmt(percentile(posts, 99))}`,
      fmt((phaseCpu[r]!.cpuSeconds * 1e6) / Math.max(1, all.length), 1),
      r === 1 ? 'p99 < 250 ms' : '',
    ];
  });
  table(['', 'delivered / expected', 'lost', 'delivery p50 / p99 ms', 'p99 median of rounds (each) ms', 'first to last receiver p50 / p99 ms', 'POST p50 / p99 ms', 'realtime CPU µs per delivery', 'target'], rows);
  console.log(`duplicates: ${duplicates}, POST errors: ${postErrors}, sockets dropped by the server while the rooms posted: ${droppedInRooms}`);
  if (duplicates > 0 || postErrors > 0 || droppedInRooms > 0 || rows.some((row) => row[2] !== 0)) failed = true;
  console.log(`\nmachine load (1, 5, 15 min): ${loadAverage()}`);
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await Promise.all(
    clients.map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.child.exitCode !== null) return resolve();
          c.child.once('exit', () => resolve());
          c.child.send({ type: 'close' } satisfies ClientOrder);
          setTimeout(() => c.child.kill('SIGKILL'), 5000).unref();
        }),
    ),
  );
  for (const service of [...services].reverse()) await stopService(service);
  await schema.cleanup();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
