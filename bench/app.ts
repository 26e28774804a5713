/**
 * The app under benchmark: the embedded composition root in a child process (as `npm start` runs
 * it), on a temporary PGlite data directory or on a schema of its own on a real Postgres, plus the
 * HTTP helpers that sign bench users up and in.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { BENCH_DATABASE_URL, benchSchema } from './lib';

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

/** `database: 'postgres'` runs the app on BENCH_DATABASE_URL in a fresh schema (dropped at stop). Without a port, a free one. */
export async function startServer(options: { port?: number; database: 'pglite' | 'postgres'; env?: Record<string, string> }): Promise<BenchServer> {
  const port = options.port ?? (await freePort());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'circuit-bench-'));
  const schema = options.database === 'postgres' ? await benchSchema('app', 2) : undefined;
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
  try {
    return cpuMsOf(fs.readFileSync(`/proc/${server.child.pid}/stat`, 'utf8'));
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
    return { status: res.status, json, cookie: res.headers.get('set-cookie')?.split(';')[0] };
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

/**
 * Requests over node:http on kept-alive connections, for the measured loops: fetch spends several
 * times more CPU per request, on the same two cores as the app. Answers the status and the body's
 * text; a non-2xx answer rejects.
 */
export function leanClient(base: string, connections: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  function request(method: string, path: string, cookie: string, body?: unknown, retried = false): Promise<{ status: number; text: string }> {
    const payload = body === undefined ? '' : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = http.request(
        `${base}${path}`,
        // The retry goes on a connection of its own: the next kept-alive one may be closing too.
        { method, agent: retried ? false : agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), cookie } },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            if (status >= 200 && status < 300) resolve({ status, text });
            else reject(new Error(`${method} ${path}: ${status} ${text.slice(0, 200)}`));
          });
          res.on('error', reject);
        },
      );
      // A kept-alive connection the server had just closed (its idle timeout): sent again once, on a fresh one.
      req.on('error', (error: NodeJS.ErrnoException) => {
        if (req.reusedSocket && error.code === 'ECONNRESET' && !retried) resolve(request(method, path, cookie, body, true));
        else reject(error);
      });
      req.end(payload);
    });
  }
  return { request, close: () => agent.destroy() };
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
