/**
 * `npm run bench:realtime -- --pairs 200 --seconds 20 [--think 0] [--database pglite|postgres] [--warmup 5] [--client lean|socket.io]`
 *
 * Starts the embedded app in a child process (on a temporary PGlite data directory, or on a schema
 * of its own on Postgres with `--database postgres`), creates 2N users
 * (sign-up, e-mailed code, verify, sign in), connects each pair (request + accept), opens one
 * socket per user, then lets every pair exchange messages as a ping-pong for the given time:
 * each message goes through the full path (socket -> bus -> command -> event store ->
 * projection -> bus -> socket), each reply sent `--think` ms after the message arrived.
 * On Postgres it first waits until the setup's events are through (notifications of the
 * connection requests), then ping-pongs `--warmup` seconds unmeasured before the measured runs.
 * The sockets speak Socket.IO over bare WebSockets (`--client lean`, bench/lean-socket.ts) unless
 * `--client socket.io`: 2,000 socket.io-client sockets spent the load generator's share of the two
 * cores the app runs on.
 * Prints delivered count, latency percentiles and errors; exits 1 if a message was lost.
 */
import { parseArgs } from 'node:util';
import { io } from 'socket.io-client';
import { LeanSocket } from './lean-socket';
import { client, inBatches, startServer, statementsSince, waitForQuietFeed } from './app';
import { cpuMicros, fmt, intArg, median, percentile } from './lib';

const { values } = parseArgs({
  options: {
    pairs: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '20' },
    /** Default: a free port. */
    port: { type: 'string' },
    /** Pause before each reply, in ms: 0 saturates (every pair always has a message in flight). */
    think: { type: 'string', default: '0' },
    /** pglite (the embedded default) or postgres (BENCH_DATABASE_URL, a schema of its own). */
    database: { type: 'string', default: 'pglite' },
    runs: { type: 'string', default: '1' },
    /** lean (bare WebSockets speaking Socket.IO, bench/lean-socket.ts) or socket.io (socket.io-client). */
    client: { type: 'string', default: 'lean' },
    /** Seconds of the same ping-pong before the measured runs, not measured (the first seconds warm the app up). */
    warmup: { type: 'string', default: '5' },
    /** After the runs with think time, as many saturated runs of this many seconds (0: none). */
    saturate: { type: 'string', default: '0' },
  },
});
const PAIRS = Number(values.pairs);
const SECONDS = Number(values.seconds);
const THINK_MS = Number(values.think);
const DATABASE = values.database === 'postgres' ? 'postgres' : 'pglite';
const RUNS = intArg(values.runs, 1);
const SATURATE = Number(values.saturate) || 0;
const WARMUP = Number(values.warmup) || 0;
if (values.client !== 'lean' && values.client !== 'socket.io') throw new Error('--client is lean or socket.io');
const CLIENT = values.client;

/** What the bench needs of a user's socket, whichever client speaks for it. */
interface ChatSocket {
  on(event: 'message_error' | 'private_message', handler: (m: never) => void): void;
  emit(event: 'private_message', payload: unknown): void;
  close(): void;
}

async function openSocket(base: string, cookie: string): Promise<ChatSocket> {
  if (CLIENT === 'lean') {
    const lean = await LeanSocket.connect(base, cookie);
    return { on: (event, handler) => lean.on(event, (m) => handler(m as never)), emit: (event, payload) => lean.emit(event, payload), close: () => lean.close() };
  }
  const socket = io(base, { transports: ['websocket'], extraHeaders: { cookie }, reconnection: false });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

interface BenchUser {
  id: string;
  cookie: string;
  socket?: ChatSocket;
}

const server = await startServer({ port: values.port ? Number(values.port) : undefined, database: DATABASE });
const BASE = server.base;
const { call, createUser } = client(BASE);
try {
  const setupStarted = Date.now();
  const users: BenchUser[] = await inBatches(PAIRS * 2, 20, createUser);
  await inBatches(PAIRS, 20, async (p) => {
    const a = users[2 * p]!;
    const b = users[2 * p + 1]!;
    await call('POST', `/api/users/connect/${b.id}`, undefined, a.cookie);
    await call('POST', `/api/users/accept-connection/${a.id}`, undefined, b.cookie);
  });
  await inBatches(users.length, 50, async (i) => {
    const u = users[i]!;
    u.socket = await openSocket(BASE, u.cookie);
  });
  console.log(`setup: ${users.length} users, ${PAIRS} connected pairs, ${users.length} sockets in ${((Date.now() - setupStarted) / 1000).toFixed(1)} s`);
  // The setup's connection requests and acceptances are still being notified: measure the chat, not that backlog.
  await waitForQuietFeed(server);

  let errors = 0;
  let sent = 0;
  const pending = new Map<string, number>();
  let latencies: number[] = [];
  let running = false;
  /** The phase a reply belongs to: a reply scheduled in one phase is never sent in the next (two chains per pair). */
  let phaseNumber = 0;
  let think = THINK_MS;

  for (let p = 0; p < PAIRS; p++) {
    const pair = [users[2 * p]!, users[2 * p + 1]!];
    pair.forEach((me, side) => {
      const other = pair[1 - side]!;
      me.socket!.on('message_error', () => {
        errors++;
      });
      me.socket!.on('private_message', (m: { from: string; message: string }) => {
        if (m.from !== other.id) return; // the echo of my own send
        const started = pending.get(m.message);
        if (started === undefined) return;
        pending.delete(m.message);
        latencies.push(performance.now() - started);
        const replyPhase = phaseNumber;
        if (running) setTimeout(() => running && replyPhase === phaseNumber && send(me, other), think);
      });
    });
  }
  function send(from: BenchUser, to: BenchUser) {
    const text = `m${sent++}-${from.id.slice(0, 8)}`;
    pending.set(text, performance.now());
    from.socket!.emit('private_message', { from: from.id, to: to.id, message: text, replyTo: null });
  }

  /** One measured phase: every pair ping-pongs for `seconds`, replying `thinkMs` after each message. */
  async function phase(thinkMs: number, seconds: number) {
    think = thinkMs;
    latencies = [];
    const sentBefore = sent;
    const errorsBefore = errors;
    await statementsSince(server);
    const appCpuBefore = cpuMicros(server.child.pid);
    const benchCpuBefore = process.cpuUsage();
    phaseNumber++;
    running = true;
    const started = Date.now();
    // With a think time, pairs start spread over it instead of all in one burst.
    const startPhase = phaseNumber;
    for (let p = 0; p < PAIRS; p++) setTimeout(() => running && startPhase === phaseNumber && send(users[2 * p]!, users[2 * p + 1]!), Math.random() * thinkMs);
    await new Promise((r) => setTimeout(r, seconds * 1000));
    running = false;
    // Let the messages in flight arrive.
    for (let i = 0; i < 100 && pending.size > 0; i++) await new Promise((r) => setTimeout(r, 100));
    const elapsed = (Date.now() - started) / 1000;
    const benchCpu = process.cpuUsage(benchCpuBefore);
    // CPU per delivered message: what a message costs the app (and this client), steadier than latency on a shared machine.
    const appCpuMs = (cpuMicros(server.child.pid) - appCpuBefore) / 1000 / Math.max(1, latencies.length);
    const benchCpuMs = (benchCpu.user + benchCpu.system) / 1000 / Math.max(1, latencies.length);
    latencies.sort((x, y) => x - y);
    const result = {
      sent: sent - sentBefore,
      delivered: latencies.length,
      lost: pending.size,
      errors: errors - errorsBefore,
      rate: latencies.length / elapsed,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      max: latencies.at(-1) ?? NaN,
      appCpuMs,
    };
    pending.clear();
    const statements = await statementsSince(server);
    if (statements) {
      const n = Math.max(1, latencies.length);
      const rows = Object.entries(statements).sort((x, y) => y[1] - x[1]);
      console.log(`  SQL statements per message: ${(rows.reduce((sum, [, c]) => sum + c, 0) / n).toFixed(2)}`);
      for (const [sql, c] of rows.slice(0, 15)) console.log(`  ${(c / n).toFixed(2).padStart(6)}  ${sql}`);
    }
    console.log(
      `think ${thinkMs} ms, ${seconds} s: sent ${result.sent}, delivered ${result.delivered}, undelivered ${result.lost}, errors ${result.errors}, ` +
        `${result.rate.toFixed(0)} messages/s, latency ms p50 ${result.p50.toFixed(1)}, p95 ${result.p95.toFixed(1)}, p99 ${result.p99.toFixed(1)}, max ${result.max.toFixed(1)}; ` +
        `CPU ms per message: app ${appCpuMs.toFixed(2)}, bench client ${benchCpuMs.toFixed(2)}`,
    );
    return result;
  }

  console.log(`database: ${DATABASE}, pairs: ${PAIRS}, ${RUNS} run(s) of ${SECONDS} s, think time: ${THINK_MS} ms${SATURATE ? `, then ${RUNS} saturated run(s) of ${SATURATE} s` : ''}`);
  if (WARMUP > 0) {
    console.log(`warm-up (not measured):`);
    await phase(THINK_MS, WARMUP);
  }
  const runs: Awaited<ReturnType<typeof phase>>[] = [];
  for (let r = 0; r < RUNS; r++) runs.push(await phase(THINK_MS, SECONDS));
  const saturated: Awaited<ReturnType<typeof phase>>[] = [];
  for (let r = 0; SATURATE > 0 && r < RUNS; r++) saturated.push(await phase(0, SATURATE));

  const row = (label: string, list: typeof runs) =>
    `| ${label} | ${list.reduce((n, x) => n + x.sent, 0)} | ${list.reduce((n, x) => n + x.delivered, 0)} | ${list.reduce((n, x) => n + x.lost + x.errors, 0)} | ${median(list.map((x) => x.rate)).toFixed(0)} msg/s | ${fmt(median(list.map((x) => x.p50)))} ms | ${fmt(median(list.map((x) => x.p95)))} ms | ${fmt(median(list.map((x) => x.p99)))} ms | ${fmt(median(list.map((x) => x.appCpuMs)), 2)} ms |`;
  console.log(`\nChat on ${DATABASE}, ${PAIRS} pairs, median of ${RUNS} run(s) (totals for counts):\n`);
  console.log('| run | sent | delivered | lost or failed | throughput | p50 | p95 | p99 | app CPU per message |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  console.log(row(`${SECONDS} s, ${THINK_MS} ms think time`, runs));
  if (saturated.length > 0) console.log(row(`${SATURATE} s, saturated (no think time)`, saturated));
  for (const u of users) u.socket?.close();
  const lost = [...runs, ...saturated].some((x) => x.lost > 0 || x.errors > 0);
  process.exitCode = lost ? 1 : 0;
} finally {
  await server.stop();
}
