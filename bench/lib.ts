/** Helpers shared by the bench scripts: percentiles, medians of repeated runs, a schema of its own on Postgres. */
import fs from 'node:fs';
import type { Knex } from 'knex';
import { createTestSchema, type TestSchema } from '@circuit/shared/testkit/postgres';

export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export interface Measure {
  /** Operations (or events) per second. */
  rate: number;
  p50: number;
  p99: number;
  count: number;
  errors: number;
}

/** Runs `workers` loops of `once` for `seconds`, timing each call. */
export async function loadFor(workers: number, seconds: number, once: (worker: number, i: number) => Promise<number | void>): Promise<Measure> {
  const latencies: number[] = [];
  let units = 0;
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      for (let i = 0; performance.now() < deadline; i++) {
        const t = performance.now();
        try {
          const n = await once(w, i);
          units += typeof n === 'number' ? n : 1;
          latencies.push(performance.now() - t);
        } catch (error) {
          errors++;
          if (errors <= 3) console.error(`  error: ${(error as Error).message}`);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { rate: units / elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99), count: latencies.length, errors };
}

/** The median of each field over several runs (each run measured on its own). */
export function medianOf(runs: Measure[]): Measure {
  return {
    rate: median(runs.map((r) => r.rate)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    count: median(runs.map((r) => r.count)),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
  };
}

export const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

/** Prints a Markdown table (the README's Performance section takes these as they are). */
export function table(header: string[], rows: (string | number)[][]): void {
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map(() => '---').join('|')}|`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
}

export function benchSchema(label: string, poolMax: number): Promise<TestSchema> {
  return createTestSchema({ url: BENCH_DATABASE_URL, label: `bench_${label}`, poolMax });
}

export function intArg(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

/**
 * The server processes behind a knex's pooled connections (node-postgres keeps each one's backend
 * pid): with cpuMicros, the Postgres CPU a measure cost, however busy the machine is otherwise.
 */
export function backendPids(knex: Knex): number[] {
  const pool = (knex.client as { pool?: { used: PooledConnection[]; free: PooledConnection[] } }).pool;
  return pool ? [...pool.used, ...pool.free].map((c) => c.resource.processID).filter((pid): pid is number => typeof pid === 'number') : [];
}
interface PooledConnection {
  resource: { processID?: number };
}

/** Starts counting the CPU of a knex's server processes; the function returned gives the µs used since. */
export function serverCpuMeter(knex: Knex): () => number {
  const before = new Map(backendPids(knex).map((pid) => [pid, cpuMicros(pid)]));
  return () =>
    backendPids(knex).reduce((sum, pid) => {
      const now = cpuMicros(pid);
      // A connection opened meanwhile counts from its start; one closed meanwhile is lost (pool connections live on through a measure).
      return Number.isFinite(now) ? sum + now - (before.get(pid) ?? 0) : sum;
    }, 0);
}

/** CPU time (user + system) a process has used so far, in µs, from /proc (Linux); NaN elsewhere. */
export function cpuMicros(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100;
  } catch {
    return NaN;
  }
}
