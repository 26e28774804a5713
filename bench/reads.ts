/**
 * `npm run bench:reads -- [--connections 20] [--seconds 5] [--runs 3] [--database postgres|pglite]`
 *
 * Authenticated reads against the embedded app (child process, on Postgres by default), side by
 * side in the same run with a plain express app (another child process) serving the very same
 * bytes from memory: the profile of a user by username, and a user search. Each answer is read in
 * full and must be 200. A small in-process load generator (keep-alive connections, each with one
 * request in flight) measures both the same way. Each figure is the median of `--runs` runs.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT, client, freePort, inBatches, startServer, waitReady } from './app';
import { cpuMicros, fmt, intArg, loadFor, medianOf, table, type Measure } from './lib';

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '5' },
    runs: { type: 'string', default: '3' },
    database: { type: 'string', default: 'postgres' },
  },
});
const CONNECTIONS = intArg(values.connections, 20);
const SECONDS = intArg(values.seconds, 5);
const RUNS = intArg(values.runs, 3);
const DATABASE = values.database === 'pglite' ? 'pglite' : 'postgres';

const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

/** One GET, read to the end; resolves with the body, rejects on anything but 200. */
function get(url: string, cookie?: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: cookie ? { cookie } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => (res.statusCode === 200 ? resolve(Buffer.concat(chunks)) : reject(new Error(`${url}: ${res.statusCode}`))));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

const server = await startServer({ database: DATABASE });
const plainPort = await freePort();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'circuit-bench-reads-'));
let plain: ReturnType<typeof spawn> | undefined;
try {
  const { createUser } = client(server.base);
  // Some users to find, then the viewer whose session makes every request.
  const users = await inBatches(30, 10, createUser);
  const viewer = users[0]!;
  const target = users[1]!;
  const paths = {
    'user by username': `/api/users/username/${target.username}`,
    'user search': `/api/users/search/by?q=bench&page=1&limit=10`,
  };

  const answers: Record<string, { body: string; contentType: string }> = {};
  for (const p of Object.values(paths)) {
    const res = await fetch(`${server.base}${p}`, { headers: { cookie: viewer.cookie } });
    if (res.status !== 200) throw new Error(`${p}: ${res.status}`);
    answers[p.split('?')[0]!] = { body: Buffer.from(await res.arrayBuffer()).toString('base64'), contentType: res.headers.get('content-type') ?? 'application/json' };
  }
  const file = path.join(tmp, 'answers.json');
  fs.writeFileSync(file, JSON.stringify(answers));
  plain = spawn(process.execPath, ['--import', 'tsx', 'bench/plain-server.ts', file, String(plainPort)], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  const plainBase = `http://127.0.0.1:${plainPort}`;
  await waitReady(`${plainBase}/readyz`);

  const results = new Map<string, Measure[]>();
  for (let r = 1; r <= RUNS; r++) {
    for (const [name, p] of Object.entries(paths)) {
      for (const [side, base] of [['app', server.base], ['plain express', plainBase]] as const) {
        const pid = side === 'app' ? server.child.pid : plain.pid;
        const cpuBefore = cpuMicros(pid);
        const m = await loadFor(CONNECTIONS, SECONDS, async () => void (await get(`${base}${p}`, viewer.cookie)));
        // The server's own CPU per answer: what the request path costs, however busy the machine is.
        const cpu = (cpuMicros(pid) - cpuBefore) / m.count;
        console.error(`run ${r}: ${name}, ${side}: ${fmt(m.rate, 0)} requests/s, p50 ${fmt(m.p50)} ms, p99 ${fmt(m.p99)} ms, errors ${m.errors}, server CPU ${fmt(cpu, 0)} µs per request`);
        const key = `${name}|${side}`;
        results.set(key, [...(results.get(key) ?? []), m]);
      }
    }
  }

  console.log(`\nAuthenticated GETs on ${DATABASE}, ${CONNECTIONS} keep-alive connections, ${SECONDS} s per run, median of ${RUNS} runs:\n`);
  table(
    ['request', 'app requests/s', 'app p50 / p99 ms', 'plain express requests/s', 'plain p50 / p99 ms', 'app / plain'],
    Object.keys(paths).map((name) => {
      const app = medianOf(results.get(`${name}|app`)!);
      const ref = medianOf(results.get(`${name}|plain express`)!);
      return [name, fmt(app.rate, 0), `${fmt(app.p50)} / ${fmt(app.p99)}`, fmt(ref.rate, 0), `${fmt(ref.p50)} / ${fmt(ref.p99)}`, `${fmt((100 * app.rate) / ref.rate, 0)} %`];
    }),
  );
} finally {
  plain?.kill('SIGTERM');
  agent.destroy();
  fs.rmSync(tmp, { recursive: true, force: true });
  await server.stop();
}
