/**
 * `npm run bench:flood -- [--messages 2000] [--sockets 1] [--seconds 10] [--concurrency 4]`
 *
 * One user floods chat messages while another keeps reading and writing over HTTP; the point is
 * that the flood is refused cheaply (per-user limits) and the other user is not slowed down.
 * Starts the embedded app in a child process on a temporary data directory (default limits:
 * 30 messages per 10 s, 20 sockets per user), then:
 *  1. measures the bystander's request latency alone (baseline),
 *  2. floods `--messages` private messages from the flooder's `--sockets` sockets, as fast as the
 *     sockets take them, and measures the bystander's latency meanwhile,
 *  3. prints both, how often the flooder was told (rate_limited: a few times per window, the rest
 *     is dropped; far over the allowance the socket is closed), how many messages were stored, and how many of 30
 *     more sockets for the flooder were accepted (the cap).
 * Exits 1 if the bystander's p99 during the flood is 100 ms or more, or if the flood was not limited.
 */
import { parseArgs } from 'node:util';
import { io, type Socket } from 'socket.io-client';
import { client, startServer } from './app';

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '2000' },
    sockets: { type: 'string', default: '1' },
    seconds: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '4' },
    port: { type: 'string' },
  },
});
const MESSAGES = Number(values.messages);
const SOCKETS = Number(values.sockets);
const SECONDS = Number(values.seconds);
const CONCURRENCY = Number(values.concurrency);
const P99_BUDGET_MS = 100;

interface BenchUser {
  id: string;
  username: string;
  cookie: string;
}

async function socketOf(user: BenchUser): Promise<Socket> {
  const socket = io(BASE, { transports: ['websocket'], extraHeaders: { cookie: user.cookie }, reconnection: false, forceNew: true });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** The bystander's requests, `CONCURRENCY` at a time, until `until()` says stop: a read and a write in turn. */
async function measure(bystander: BenchUser, friend: BenchUser, until: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  const slowest = new Map<string, number>();
  let n = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (!until()) {
        const i = n++;
        const started = performance.now();
        const kind = i % 20 === 19 ? 'POST mark-read' : i % 2 === 0 ? 'GET username' : 'GET unread-count';
        // A write now and then, as a person reading their messages makes (well within the per-user write allowance).
        if (i % 20 === 19) await call('POST', `/api/users/messages/mark-read/${friend.id}`, undefined, bystander.cookie);
        else await call('GET', i % 2 === 0 ? `/api/users/username/${friend.username}` : '/api/users/unread-count', undefined, bystander.cookie);
        const took = performance.now() - started;
        latencies.push(took);
        slowest.set(kind, Math.max(slowest.get(kind) ?? 0, took));
      }
    }),
  );
  console.log(`  slowest by kind: ${[...slowest].map(([k, v]) => `${k} ${v.toFixed(0)} ms`).join(', ')}`);
  return latencies.sort((a, b) => a - b);
}

const summary = (l: number[]) =>
  `${l.length} requests, p50 ${percentile(l, 50).toFixed(1)} ms, p95 ${percentile(l, 95).toFixed(1)} ms, p99 ${percentile(l, 99).toFixed(1)} ms, max ${(l.at(-1) ?? NaN).toFixed(1)} ms`;

// The app's own default limits (30 messages per 10 s, 20 sockets per user) are what is measured.
const server = await startServer({ port: values.port ? Number(values.port) : undefined, database: 'pglite', env: { RATE_LIMIT_MESSAGES: '30' } });
const BASE = server.base;
const { call, createUser } = client(BASE);
const open: Socket[] = [];
try {
  const [flooder, target, bystander, friend] = [await createUser(1), await createUser(2), await createUser(3), await createUser(4)];
  for (const [a, b] of [
    [flooder, target],
    [bystander, friend],
  ] as const) {
    await call('POST', `/api/users/connect/${b.id}`, undefined, a.cookie);
    await call('POST', `/api/users/accept-connection/${a.id}`, undefined, b.cookie);
  }

  const baselineEnd = Date.now() + (SECONDS * 1000) / 2;
  const baseline = await measure(bystander, friend, () => Date.now() > baselineEnd);
  console.log(`bystander alone:        ${summary(baseline)}`);

  const floodSockets = await Promise.all(Array.from({ length: SOCKETS }, () => socketOf(flooder)));
  open.push(...floodSockets, await socketOf(target));
  let refused = 0;
  let failed = 0;
  let cutOff = 0;
  for (const s of floodSockets) {
    s.on('rate_limited', () => refused++);
    s.on('message_error', () => failed++);
    s.on('disconnect', () => cutOff++);
  }
  const floodEnd = Date.now() + SECONDS * 1000;
  const flooding = (async () => {
    for (let i = 0; i < MESSAGES; i++) {
      floodSockets[i % SOCKETS]!.emit('private_message', { to: target.id, message: `flood ${i}`, replyTo: null });
      // Yield now and then so the sends leave while the bystander is measured.
      if (i % 100 === 99) await new Promise((r) => setImmediate(r));
    }
  })();
  const during = await measure(bystander, friend, () => Date.now() > floodEnd);
  await flooding;
  console.log(`bystander during flood: ${summary(during)}`);

  const chat = (await call('GET', `/api/users/${flooder.id}/chat?limit=100`, undefined, target.cookie)).json as unknown as { data: unknown[] };
  console.log(
    `flood: ${MESSAGES} messages over ${SOCKETS} sockets; rate_limited events: ${refused}; message_error events: ${failed}; sockets closed by the server: ${cutOff}; stored: ${chat.data.length}`,
  );

  // The socket cap: connections beyond SOCKETS_PER_USER are refused.
  const extra = await Promise.allSettled(Array.from({ length: 30 }, () => socketOf(flooder)));
  for (const r of extra) if (r.status === 'fulfilled') open.push(r.value);
  const refusedSockets = extra.filter((r) => r.status === 'rejected');
  console.log(`socket cap: ${SOCKETS + extra.length - refusedSockets.length} of ${SOCKETS + extra.length} sockets accepted for one user (${refusedSockets[0] && refusedSockets[0].status === 'rejected' ? String((refusedSockets[0].reason as Error).message) : 'none refused'})`);

  const p99 = percentile(during, 99);
  const ok = p99 < P99_BUDGET_MS && refused > 0 && chat.data.length < MESSAGES;
  console.log(ok ? `OK: p99 ${p99.toFixed(1)} ms < ${P99_BUDGET_MS} ms and the flood was limited` : `FAILED: p99 ${p99.toFixed(1)} ms (budget ${P99_BUDGET_MS} ms), refused ${refused}`);
  process.exitCode = ok ? 0 : 1;
} finally {
  for (const s of open) s.close();
  await server.stop();
}
