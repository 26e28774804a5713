/**
 * The app under benchmark: the embedded composition root in a child process (as `npm start` runs
 * it), on a temporary PGlite data directory or on a schema of its own on a real Postgres, plus the
 * HTTP helpers that sign bench users up and in.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { BENCH_DATABASE_URL, benchSchema } from './lib';
import { wholeAnswer } from './http-load';

export const ROOT = path.resolve(import.meta.dirname, '..');

export interface BenchServer {
  base: string;
  child: ChildProcess;
  /** The app's database (its own schema) when it runs on Postgres. */
  databaseUrl?: string;
  stop(): Promise<void>;
}

/** Polls `url` until it answers 200 (at most a minute). */
export async function waitReady(url: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not become ready`);
}

/** A port nobody listens on right now (other benches may run on the same machine). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * `database: 'postgres'` runs the app on BENCH_DATABASE_URL in a fresh schema (dropped at stop), or on
 * `databaseUrl` when given (a schema the bench filled and keeps). Without a port, a free one.
 */
export async function startServer(options: { port?: number; database: 'pglite' | 'postgres'; databaseUrl?: string; env?: Record<string, string> }): Promise<BenchServer> {
  const port = options.port ?? (await freePort());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'circuit-bench-'));
  const schema = options.database === 'postgres' && !options.databaseUrl ? await benchSchema('app', 2) : undefined;
  const env: Record<string, string> = {
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED: 'false',
    LOG_LEVEL: 'warn',
    SCRYPT_COST: '1024',
    NODE_ENV: 'development',
    // The bench's many users sign up and sign in from one address, and chat pairs send fast.
    LIMIT_CLIENT_REQUESTS: '1000000',
    LIMIT_CLIENT_FAILED_SIGNINS: '1000000',
    LIMIT_CODES_PER_ADDRESS: '100000',
    RATE_LIMIT_MESSAGES: '1000000',
    RATE_LIMIT_FOLLOWS: '1000000',
    RATE_LIMIT_WRITES: '1000000',
    ...options.env,
  };
  if (schema) {
    const url = new URL(BENCH_DATABASE_URL);
    url.searchParams.set('options', `-c search_path=${schema.schema}`);
    env.DATABASE_URL = url.toString();
  }
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [];
  // BENCH_STATEMENTS=file: the child counts its SQL statements (see count-statements.ts).
  // BENCH_PRELOAD=module: one's own module loaded into the child first (timers, counters for a run).
  const statements = [...(process.env.BENCH_STATEMENTS ? ['--import', './bench/count-statements.ts'] : []), ...(process.env.BENCH_PRELOAD ? ['--import', process.env.BENCH_PRELOAD] : [])];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', ...statements, 'embedded/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitReady(`${base}/readyz`);
  return {
    base,
    child,
    databaseUrl: env.DATABASE_URL,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
      await schema?.cleanup();
    },
  };
}

/**
 * CPU time (user + system, ms) the app's process has used so far, from /proc (Linux; undefined
 * elsewhere): divided by the operations of a run, it moves far less than latency on a shared machine.
 */
export function appCpuMs(server: BenchServer): number | undefined {
  return processCpuMs(server.child.pid);
}

/** appCpuMs of any child process (a baseline server beside the app). */
export function processCpuMs(pid: number | undefined): number | undefined {
  try {
    return cpuMsOf(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return undefined;
  }
}

/** The process name of a /proc/<pid>/stat line (between the first '(' and the last ')'). */
const commandOf = (stat: string) => stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));

/** utime + stime of a /proc/<pid>/stat line (fields 14 and 15, after the name), in ms: clock ticks of 10 ms. */
function cpuMsOf(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * CPU time of every local Postgres process so far (ms), when the server runs on this machine and
 * the platform tells it: beside the app's CPU, it shows where a write's work goes on shared cores.
 */
export function postgresCpuMs(): number | undefined {
  let total = 0;
  let seen = false;
  for (const pid of fs.readdirSync('/proc', { withFileTypes: true }).filter((d) => /^\d+$/.test(d.name))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid.name}/stat`, 'utf8');
      if (commandOf(stat) !== 'postgres') continue;
      total += cpuMsOf(stat);
      seen = true;
    } catch {
      // The process ended meanwhile.
    }
  }
  return seen ? total : undefined;
}

export interface Answer {
  status: number;
  json: { data?: Record<string, unknown> & { id?: string }; message?: string };
  cookie?: string;
}

export function client(base: string) {
  async function call(method: string, url: string, body?: unknown, cookie?: string): Promise<Answer> {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json().catch(() => ({}))) as Answer['json'];
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${json.message ?? ''}`);
    // A sign-in sets the device cookie too: the session's is the one named circuit.sid.
    return { status: res.status, json, cookie: res.headers.getSetCookie().find((c) => c.startsWith('circuit.sid='))?.split(';')[0] };
  }

  /** Sign-up, the e-mailed code from the dev mailbox, verification, sign-in. */
  async function createUser(i: number): Promise<{ id: string; cookie: string; username: string }> {
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
    return { id: login.json.data!.id!, cookie: login.cookie!, username };
  }

  return { call, createUser };
}

export async function inBatches<T>(count: number, size: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < count; i += size) out.push(...(await Promise.all(Array.from({ length: Math.min(size, count - i) }, (_, j) => make(i + j)))));
  return out;
}

/** One kept-alive connection of leanClient's: at most one request on it at a time. */
interface Connection {
  socket: net.Socket;
  /** The request on its way, or none (idle). */
  current?: { resolve(a: { status: number; text: string }): void; reject(e: Error): void; received: boolean };
  /** Whether it answered a request before (a fresh one that fails is not retried). */
  reused: boolean;
  pending: Buffer;
}

/**
 * Requests over HTTP/1.1 on kept-alive TCP connections, for the measured loops: node:http's client
 * spent about a millisecond of CPU per POST on the two cores the app shares (0.17 of a core at the
 * community room's 200 POSTs a second). Each request is written in one piece and its answer read
 * by its status line and Content-Length (the app always sends one). Answers the status and the
 * body's text; a non-2xx answer rejects. A request on a kept-alive connection that the server
 * closed before answering (its idle timeout) is sent again once, on a fresh connection: the
 * measured requests carry an idempotency key of their own, so a repeat changes nothing.
 */
export function leanClient(base: string, maxConnections: number) {
  const target = new URL(base);
  const idle: Connection[] = [];
  let open = 0;
  let closed = false;
  const queue: (() => void)[] = [];

  function connect(): Connection {
    const socket = net.connect({ host: target.hostname, port: Number(target.port), noDelay: true });
    const conn: Connection = { socket, reused: false, pending: Buffer.alloc(0) };
    open++;
    socket.on('data', (chunk: Buffer) => onData(conn, chunk));
    const gone = (error?: Error) => {
      const at = idle.indexOf(conn);
      if (at >= 0) idle.splice(at, 1);
      const current = conn.current;
      conn.current = undefined;
      current?.reject(Object.assign(error ?? new Error('socket hang up'), { retriable: conn.reused && !current.received }));
    };
    socket.on('error', gone);
    socket.on('close', () => {
      open--;
      gone();
      queue.shift()?.();
    });
    return conn;
  }

  function onData(conn: Connection, chunk: Buffer): void {
    const current = conn.current;
    if (!current) return;
    current.received = true;
    conn.pending = conn.pending.length === 0 ? chunk : Buffer.concat([conn.pending, chunk]);
    let answer: ReturnType<typeof wholeAnswer>;
    try {
      answer = wholeAnswer(conn.pending);
    } catch (error) {
      return void conn.socket.destroy(error as Error);
    }
    if (!answer) return;
    const { head } = answer;
    const text = conn.pending.toString('utf8', answer.bodyStart, answer.end);
    conn.pending = conn.pending.subarray(answer.end);
    conn.current = undefined;
    conn.reused = true;
    if (/\r\nconnection:\s*close/i.test(head)) conn.socket.end();
    else release(conn);
    const status = Number(head.slice(9, 12));
    if (status >= 200 && status < 300) current.resolve({ status, text });
    else current.reject(new Error(`${status} ${text.slice(0, 200)}`));
  }

  function release(conn: Connection): void {
    const next = queue.shift();
    idle.push(conn);
    next?.();
  }

  /** An idle connection, a new one while fewer than the maximum are open, or the next one freed. */
  async function take(fresh: boolean): Promise<Connection> {
    for (;;) {
      if (closed) throw new Error('the client is closed');
      if (!fresh && idle.length > 0) return idle.pop()!;
      if (open < maxConnections || fresh) return connect();
      await new Promise<void>((resolve) => queue.push(resolve));
    }
  }

  async function request(method: string, path: string, cookie: string, body?: unknown, retried = false): Promise<{ status: number; text: string }> {
    const payload = Buffer.from(body === undefined ? '' : JSON.stringify(body));
    const conn = await take(retried);
    const head = `${method} ${path} HTTP/1.1\r\nHost: ${target.host}\r\nContent-Type: application/json\r\nContent-Length: ${payload.length}\r\nCookie: ${cookie}\r\n\r\n`;
    try {
      return await new Promise<{ status: number; text: string }>((resolve, reject) => {
        conn.current = { resolve, reject, received: false };
        conn.socket.write(Buffer.concat([Buffer.from(head, 'latin1'), payload]));
      });
    } catch (error) {
      if ((error as { retriable?: boolean }).retriable && !retried) return request(method, path, cookie, body, true);
      throw new Error(`${method} ${path}: ${(error as Error).message}`);
    }
  }

  return {
    request,
    close: () => {
      closed = true;
      for (const conn of idle.splice(0)) conn.socket.destroy();
    },
  };
}

/** With BENCH_STATEMENTS=file: the app's SQL statements (by text) since the last call (see count-statements.ts). */
export async function statementsSince(server: BenchServer): Promise<Record<string, number> | undefined> {
  const file = process.env.BENCH_STATEMENTS;
  if (!file) return undefined;
  fs.rmSync(file, { force: true });
  server.child.kill('SIGUSR2');
  for (let i = 0; i < 50 && !fs.existsSync(file); i++) await new Promise((r) => setTimeout(r, 20));
  await new Promise((r) => setTimeout(r, 20));
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, number>;
}

/**
 * On Postgres: waits until every projection has applied the whole feed and the feed has stopped
 * growing (the process managers are through what the setup caused: notifications, mails), so a
 * measure that follows sees the app at rest rather than working through the setup's backlog.
 */
export async function waitForQuietFeed(server: BenchServer): Promise<void> {
  if (!server.databaseUrl) return;
  const schema = new URL(server.databaseUrl).searchParams.get('options')?.split('=')[1] ?? 'public';
  let lastHead = '';
  for (let t = 0; ; t++) {
    const [behind, head] = spawnSync(
      'psql',
      [
        server.databaseUrl.split('?')[0]!,
        '-AtF,',
        '-c',
        `select (select count(*) from ${schema}.projection_checkpoints where position < (select max(position) from ${schema}.event_store_events)), (select max(position) from ${schema}.event_store_events)`,
      ],
      { encoding: 'utf8' },
    )
      .stdout.trim()
      .split(',');
    if (behind === '0' && head === lastHead) return;
    lastHead = head ?? '';
    if (t > 300) throw new Error(`${behind} projections still behind the feed, or the feed still growing, after 5 minutes`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}
