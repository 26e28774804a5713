/**
 * `npm run bench:reads -- [--seconds 8] [--concurrency 20]`
 *
 * What a session cookie costs a read: GET /api/users/username/<name> without a cookie, then with a
 * signed-in user's cookie, each for `--seconds` at `--concurrency` requests in flight, against the
 * embedded app in a child process. Prints requests per second, p50/p99 and how many answers carried
 * a Set-Cookie (a session written back on every request shows up there).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '8' },
    concurrency: { type: 'string', default: '20' },
    port: { type: 'string', default: '3949' },
  },
});
const SECONDS = Number(values.seconds);
const CONCURRENCY = Number(values.concurrency);
const BASE = `http://127.0.0.1:${values.port}`;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'circuit-reads-'));
const child = spawn(process.execPath, ['--import', 'tsx', 'embedded/src/main.ts'], {
  cwd: path.resolve(import.meta.dirname, '..'),
  env: { ...process.env, PORT: String(values.port), DATA_DIR: dataDir, SEED: 'false', LOG_LEVEL: 'warn', SCRYPT_COST: '1024', NODE_ENV: 'development', RATE_LIMIT_ATTEMPTS: '100000', RATE_LIMIT_MAILS: '100000' },
  stdio: ['ignore', 'inherit', 'inherit'],
});

async function post(url: string, body: unknown) {
  const res = await fetch(`${BASE}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`POST ${url}: ${res.status}`);
  return res;
}

async function run(url: string, cookie?: string) {
  const latencies: number[] = [];
  let withCookie = 0;
  const end = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < end) {
        const started = performance.now();
        const res = await fetch(`${BASE}${url}`, { headers: cookie ? { cookie } : {} });
        await res.arrayBuffer();
        if (res.headers.get('set-cookie')) withCookie++;
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)]!.toFixed(1);
  return `${(latencies.length / SECONDS).toFixed(0)} req/s, p50 ${at(50)} ms, p99 ${at(99)} ms, answers with Set-Cookie: ${withCookie} of ${latencies.length}`;
}

try {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${BASE}/readyz`)).ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const username = `reader_${Date.now().toString(36)}`;
  const email = `${username}@bench.local`;
  await post('/api/auth/signup', { username, email, password: 'bench123', firstName: 'Bench', lastName: 'Reader' });
  let code: string | undefined;
  for (let t = 0; t < 100 && !code; t++) {
    const mails = (await (await fetch(`${BASE}/dev/mailbox?to=${encodeURIComponent(email)}`)).json()) as { data?: { text: string }[] };
    code = /\b(\d{6})\b/.exec(mails.data?.[0]?.text ?? '')?.[1];
    if (!code) await new Promise((r) => setTimeout(r, 50));
  }
  await post('/api/auth/verify-email', { email, otp: code });
  const cookie = (await post('/api/auth/login', { identifier: username, password: 'bench123' })).headers.get('set-cookie')!.split(';')[0]!;
  const url = `/api/users/username/${username}`;
  await run(url); // warm-up
  console.log(`GET ${url.replace(username, '<name>')} x${CONCURRENCY}, ${SECONDS} s each`);
  console.log(`  no cookie:   ${await run(url)}`);
  console.log(`  with cookie: ${await run(url, cookie)}`);
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
