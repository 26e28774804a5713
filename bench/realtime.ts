/**
 * `npm run bench:realtime -- --pairs 200 --seconds 20 [--think 0]`
 *
 * Starts the embedded app in a child process on a temporary data directory, creates 2N users
 * (sign-up, e-mailed code, verify, sign in), connects each pair (request + accept), opens one
 * socket per user, then lets every pair exchange messages as a ping-pong for the given time:
 * each message goes through the full path (socket -> bus -> command -> event store ->
 * projection -> bus -> socket), each reply sent `--think` ms after the message arrived.
 * Prints delivered count, latency percentiles and errors; exits 1 if a message was lost.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { io, type Socket } from 'socket.io-client';

const { values } = parseArgs({
  options: {
    pairs: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '20' },
    port: { type: 'string', default: '3917' },
    /** Pause before each reply, in ms: 0 saturates (every pair always has a message in flight). */
    think: { type: 'string', default: '0' },
  },
});
const PAIRS = Number(values.pairs);
const SECONDS = Number(values.seconds);
const PORT = Number(values.port);
const THINK_MS = Number(values.think);
const BASE = `http://127.0.0.1:${PORT}`;

async function startServer() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'circuit-bench-'));
  const child = spawn(process.execPath, [...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : []), '--import', 'tsx', 'embedded/src/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, SEED: 'false', LOG_LEVEL: 'warn', SCRYPT_COST: '1024', NODE_ENV: 'development', LIMIT_CLIENT_REQUESTS: '1000000', LIMIT_CLIENT_FAILED_SIGNINS: '1000000', LIMIT_CODES_PER_ADDRESS: '100000', RATE_LIMIT_MESSAGES: '1000000' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${BASE}/readyz`)).ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function call(method: string, url: string, body?: unknown, cookie?: string) {
  const res = await fetch(`${BASE}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json().catch(() => ({}))) as { data?: { id?: string }; message?: string };
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${json.message ?? ''}`);
  return { json, cookie: res.headers.get('set-cookie')?.split(';')[0] };
}

interface BenchUser {
  id: string;
  cookie: string;
  socket?: Socket;
}

async function createUser(i: number): Promise<BenchUser> {
  const username = `bench_${i}_${Date.now().toString(36)}`;
  const email = `${username}@bench.local`;
  await call('POST', '/api/auth/signup', { username, email, password: 'bench123', firstName: 'Bench', lastName: `User${i}` });
  let code: string | undefined;
  for (let t = 0; t < 100 && !code; t++) {
    const { json } = await call('GET', `/dev/mailbox?to=${encodeURIComponent(email)}`);
    code = ((json as { data?: { text: string }[] }).data?.[0]?.text.match(/\b(\d{6})\b/) ?? [])[1];
    if (!code) await new Promise((r) => setTimeout(r, 50));
  }
  await call('POST', '/api/auth/verify-email', { email, otp: code });
  const login = await call('POST', '/api/auth/login', { identifier: username, password: 'bench123' });
  return { id: login.json.data!.id!, cookie: login.cookie! };
}

async function inBatches<T>(count: number, size: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < count; i += size) out.push(...(await Promise.all(Array.from({ length: Math.min(size, count - i) }, (_, j) => make(i + j)))));
  return out;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const server = await startServer();
try {
  const setupStarted = Date.now();
  const users = await inBatches(PAIRS * 2, 20, createUser);
  await inBatches(PAIRS, 20, async (p) => {
    const a = users[2 * p]!;
    const b = users[2 * p + 1]!;
    await call('POST', `/api/users/connect/${b.id}`, undefined, a.cookie);
    await call('POST', `/api/users/accept-connection/${a.id}`, undefined, b.cookie);
  });
  await inBatches(users.length, 50, async (i) => {
    const u = users[i]!;
    u.socket = io(BASE, { transports: ['websocket'], extraHeaders: { cookie: u.cookie }, reconnection: false });
    await new Promise<void>((resolve, reject) => {
      u.socket!.once('connect', () => resolve());
      u.socket!.once('connect_error', reject);
    });
  });
  console.log(`setup: ${users.length} users, ${PAIRS} connected pairs, ${users.length} sockets in ${((Date.now() - setupStarted) / 1000).toFixed(1)} s`);

  const latencies: number[] = [];
  let sent = 0;
  let errors = 0;
  const pending = new Map<string, number>();
  let running = true;

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
        if (running) setTimeout(() => running && send(me, other), THINK_MS);
      });
    });
  }
  function send(from: BenchUser, to: BenchUser) {
    const text = `m${sent++}-${from.id.slice(0, 8)}`;
    pending.set(text, performance.now());
    from.socket!.emit('private_message', { from: from.id, to: to.id, message: text, replyTo: null });
  }

  const started = Date.now();
  // With a think time, pairs start spread over it instead of all in one burst.
  for (let p = 0; p < PAIRS; p++) setTimeout(() => send(users[2 * p]!, users[2 * p + 1]!), Math.random() * THINK_MS);
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  running = false;
  // Let the messages in flight arrive.
  for (let i = 0; i < 100 && pending.size > 0; i++) await new Promise((r) => setTimeout(r, 100));
  const elapsed = (Date.now() - started) / 1000;

  latencies.sort((a, b) => a - b);
  const lost = pending.size;
  console.log(`pairs: ${PAIRS}, duration: ${SECONDS} s, think time: ${THINK_MS} ms`);
  console.log(`sent: ${sent}, delivered: ${latencies.length}, undelivered: ${lost}, errors: ${errors}`);
  console.log(`throughput: ${(latencies.length / elapsed).toFixed(0)} messages/s`);
  console.log(`latency ms: p50 ${percentile(latencies, 50).toFixed(1)}, p95 ${percentile(latencies, 95).toFixed(1)}, p99 ${percentile(latencies, 99).toFixed(1)}, max ${(latencies.at(-1) ?? NaN).toFixed(1)}`);
  for (const u of users) u.socket?.close();
  process.exitCode = lost > 0 || errors > 0 ? 1 : 0;
} finally {
  await server.stop();
}
