/**
 * `npm run bench:writes -- [--clients 20] [--seconds 10] [--runs 3] [--history 10000] [--warmup 5] [--database postgres|pglite]`
 *
 * Follow/unfollow toggles through HTTP, each client on a pair of its own, every answer sent once
 * the read models include the change (read-your-writes). Measured on a fresh history, then again
 * after `--history` earlier toggles of the same pairs: the figures must not fall as history grows
 * (each command reads only what it has not folded yet; a follow's notification is appended
 * without reading the followee's notifications). Each figure is the median of `--runs` runs.
 */
import { parseArgs } from 'node:util';
import { appCpuMs, postgresCpuMs, startServer } from './app';
import { followToggles } from './follow-toggles';
import { fmt, intArg, loadFor, median, medianOf, table, type Measure } from './lib';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '10' },
    runs: { type: 'string', default: '3' },
    history: { type: 'string', default: '10000' },
    /** Default: a free port. */
    port: { type: 'string' },
    database: { type: 'string', default: 'postgres' },
    /** Seconds of unmeasured toggles before the first measure. */
    warmup: { type: 'string', default: '5' },
  },
});
const CLIENTS = intArg(values.clients, 20);
const SECONDS = intArg(values.seconds, 10);
const RUNS = intArg(values.runs, 3);
const HISTORY = Number(values.history) || 0;
const DATABASE = values.database === 'pglite' ? 'pglite' : 'postgres';
const WARMUP = Number(values.warmup) || 0;

const server = await startServer({ port: values.port ? Number(values.port) : undefined, database: DATABASE });
const toggles = await followToggles(server, CLIENTS).catch(async (error: unknown) => {
  await server.stop();
  throw error;
});
try {
  const { toggle } = toggles;

  /** The app's CPU per write of each run (ms), when the platform tells it. */
  const cpuPerWrite = new Map<string, number[]>();
  const measure = async (label: string): Promise<Measure> => {
    const runs: Measure[] = [];
    for (let r = 1; r <= RUNS; r++) {
      const cpuBefore = appCpuMs(server);
      const pgCpuBefore = postgresCpuMs();
      const loadCpuBefore = process.cpuUsage();
      const m = await loadFor(CLIENTS, SECONDS, (c) => toggle(c));
      const loadCpu = process.cpuUsage(loadCpuBefore);
      const cpuAfter = appCpuMs(server);
      const pgCpuAfter = postgresCpuMs();
      const pgCpu = pgCpuBefore === undefined || pgCpuAfter === undefined || m.count === 0 ? undefined : (pgCpuAfter - pgCpuBefore) / m.count;
      const cpu = cpuBefore === undefined || cpuAfter === undefined || m.count === 0 ? undefined : (cpuAfter - cpuBefore) / m.count;
      if (cpu !== undefined) cpuPerWrite.set(label, [...(cpuPerWrite.get(label) ?? []), cpu]);
      const loadPerWrite = m.count === 0 ? 0 : (loadCpu.user + loadCpu.system) / 1000 / m.count;
      console.error(
        `${label}, run ${r}: ${fmt(m.rate, 0)} writes/s, p50 ${fmt(m.p50)} ms, p99 ${fmt(m.p99)} ms, errors ${m.errors}${cpu === undefined ? '' : `, app CPU ${fmt(cpu, 2)} ms per write`}, load generator ${fmt(loadPerWrite, 2)} ms per write${pgCpu === undefined ? '' : `, local Postgres ${fmt(pgCpu, 2)} ms per write`}`,
      );
      runs.push(m);
    }
    return medianOf(runs);
  };

  // Warm-up, not measured: the server's first requests compile code and fill caches.
  await loadFor(CLIENTS, WARMUP, (c) => toggle(c));
  const fresh = await measure('fresh pairs');
  let done = 0;
  const historyStarted = performance.now();
  if (HISTORY > 0) {
    // The same pairs, toggled as fast as the clients can: only the size of the history matters here.
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, c) => {
        while (done < HISTORY) {
          done++;
          await toggle(c);
        }
      }),
    );
    console.error(`history: ${done} toggles in ${((performance.now() - historyStarted) / 1000).toFixed(0)} s`);
  }
  const afterLabel = `after ${done} earlier toggles`;
  const after = await measure(afterLabel);
  const cpuOf = (label: string) => (cpuPerWrite.has(label) ? fmt(median(cpuPerWrite.get(label)!), 2) : 'n/a');

  console.log(`\nFollow/unfollow through HTTP on ${DATABASE}, ${CLIENTS} clients, read-your-writes, ${SECONDS} s per run after ${WARMUP} s of warm-up, median of ${RUNS} runs:\n`);
  table(
    ['history', 'writes/s', 'p50 ms', 'p99 ms', 'errors', 'app CPU ms per write'],
    [
      ['fresh pairs', fmt(fresh.rate, 0), fmt(fresh.p50), fmt(fresh.p99), fresh.errors, cpuOf('fresh pairs')],
      [`after ${done} toggles of the same pairs`, fmt(after.rate, 0), fmt(after.p50), fmt(after.p99), after.errors, cpuOf(afterLabel)],
    ],
  );
  console.log(`\nafter / fresh: writes/s ${fmt((100 * after.rate) / fresh.rate, 0)} %, p99 ${fmt((100 * after.p99) / fresh.p99, 0)} %; answers 202 (read models not caught up in time): ${toggles.accepted()}`);
} finally {
  toggles.close();
  await server.stop();
}
