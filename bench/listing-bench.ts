/**
 * One list endpoint (GET /api/events or /api/hackathons: first page, a search term and filters) and a signed-out
 * visitor's detail of its first listing on a catalogue of seeded accepted listings (`npm run seed:listings` into the
 * app's own schema on Postgres), side by side in the same run with a plain express app serving the very same bytes
 * from memory. Prints requests/s, p50 and p99 of both and
 * their ratio; each figure the median of `--runs` runs. bench/events.ts and bench/hackathons.ts name the list.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT, freePort, startServer, waitForQuietFeed, waitReady } from './app';
import { httpLoad } from './http-load';
import { fmt, intArg, medianOf, table, type Measure } from './lib';

export interface ListingBench {
  /** The list's path segment and table name. */
  kind: 'events' | 'hackathons';
  /** The request measured. */
  query: string;
  /** seed-listings arguments that seed `count` listings of this kind only. */
  seedArgs(count: number): string[];
}

export async function runListingBench({ kind, query: QUERY, seedArgs }: ListingBench): Promise<void> {
  const { values } = parseArgs({
    options: {
      [kind]: { type: 'string', default: '10000' },
      connections: { type: 'string', default: '50' },
      seconds: { type: 'string', default: '5' },
      runs: { type: 'string', default: '3' },
    },
  });
  const COUNT = intArg(values[kind] as string | undefined, 10_000);
  const CONNECTIONS = intArg(values.connections as string | undefined, 50);
  const SECONDS = intArg(values.seconds as string | undefined, 5);
  const RUNS = intArg(values.runs as string | undefined, 3);

  const server = await startServer({ database: 'postgres' });
  const plainPort = await freePort();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `circuit-bench-${kind}-`));
  let plain: ReturnType<typeof spawn> | undefined;
  try {
    console.error(`seeding ${COUNT} ${kind}...`);
    const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'command-service/src/seed/seed-listings.ts', ...seedArgs(COUNT)], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: server.databaseUrl!, LOG_LEVEL: 'warn' },
      stdio: 'inherit',
    });
    if (seeded.status !== 0) throw new Error('seed:listings failed');
    // The app's projection follows the feed: wait until the whole catalogue is listed.
    for (let t = 0; ; t++) {
      const total = ((await (await fetch(`${server.base}/api/${kind}?country=India&limit=1`)).json()) as { total: number }).total;
      const all = ((await (await fetch(`${server.base}/api/${kind}?country=International&limit=1`)).json()) as { total: number }).total + total;
      if (all >= COUNT) break;
      if (t > 600) throw new Error(`only ${all} of ${COUNT} ${kind} listed after 5 minutes`);
      await new Promise((r) => setTimeout(r, 500));
    }

    // Every projection the list's cached answer is keyed by (reviews, users...) must be through the load too: one
    // still catching up moves its checkpoint all through the runs, and every request would miss the cache.
    await waitForQuietFeed(server);

    // What autovacuum does a minute after a bulk load: fresh statistics for the planner.
    const schema = new URL(server.databaseUrl!).searchParams.get('options')?.split('=')[1] ?? 'public';
    spawnSync('psql', [server.databaseUrl!.split('?')[0]!, '-qc', `analyze ${schema}.${kind}`], { stdio: 'inherit' });
    const res = await fetch(`${server.base}${QUERY}`);
    const body = Buffer.from(await res.arrayBuffer());
    const listed = JSON.parse(body.toString()) as { total: number; data: { username: string }[] };
    const matches = listed.total;
    // A signed-out visitor's detail of the list's first listing, by the username its page links to.
    const DETAIL = `/api/${kind}/${listed.data[0]!.username}`;
    const detail = await fetch(`${server.base}${DETAIL}`);
    if (detail.status !== 200) throw new Error(`${DETAIL}: ${detail.status}`);
    const answer = async (response: Response) => ({ body: Buffer.from(await response.arrayBuffer()).toString('base64'), contentType: response.headers.get('content-type') ?? 'application/json' });
    const file = path.join(tmp, 'answers.json');
    fs.writeFileSync(file, JSON.stringify({ [`/api/${kind}`]: { body: body.toString('base64'), contentType: res.headers.get('content-type') ?? 'application/json' }, [DETAIL]: await answer(detail) }));
    plain = spawn(process.execPath, ['--import', 'tsx', 'bench/plain-server.ts', file, String(plainPort)], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
    const plainBase = `http://127.0.0.1:${plainPort}`;
    await waitReady(`${plainBase}/readyz`);

    const results = new Map<string, Measure[]>();
    for (let r = 1; r <= RUNS; r++) {
      for (const read of [QUERY, DETAIL]) {
        for (const [side, base] of [['app', server.base], ['plain', plainBase]] as const) {
          const m = await httpLoad(`${base}${read}`, CONNECTIONS, SECONDS);
          console.error(`run ${r}, ${read}, ${side}: ${fmt(m.rate, 0)} requests/s, p50 ${fmt(m.p50)} ms, p99 ${fmt(m.p99)} ms, errors ${m.errors}`);
          results.set(`${read}|${side}`, [...(results.get(`${read}|${side}`) ?? []), m]);
        }
      }
    }
    for (const [read, title] of [
      [QUERY, `GET ${QUERY} (${matches} matches)`],
      [DETAIL, `GET ${DETAIL} (a signed-out visitor's detail)`],
    ] as const) {
      const app = medianOf(results.get(`${read}|app`)!);
      const ref = medianOf(results.get(`${read}|plain`)!);
      console.log(`\n${title} on ${COUNT} ${kind}, Postgres, ${CONNECTIONS} keep-alive connections, ${SECONDS} s per run, median of ${RUNS} runs:\n`);
      table(
        ['', 'requests/s', 'p50 / p99 ms'],
        [
          ['app', fmt(app.rate, 0), `${fmt(app.p50)} / ${fmt(app.p99)}`],
          ['plain express, same bytes', fmt(ref.rate, 0), `${fmt(ref.p50)} / ${fmt(ref.p99)}`],
          ['app / plain', `${fmt((100 * app.rate) / ref.rate, 0)} %`, ''],
        ],
      );
    }
  } finally {
    plain?.kill('SIGTERM');
    fs.rmSync(tmp, { recursive: true, force: true });
    await server.stop();
  }
}
