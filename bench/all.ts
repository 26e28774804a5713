/**
 * `npm run bench`: every benchmark in turn, on Postgres (BENCH_DATABASE_URL, default the local test
 * database; each in a schema of its own), each printing its figures beside its baseline:
 * appends (beside plain INSERTs and the former global-lock append), writes (fresh pairs beside the
 * same after 10,000 toggles), reads (beside plain express serving the same bytes), realtime (1,000
 * chatting pairs with think time, then saturated), projection rebuilds of 55,000 events, and the
 * chat flood (one user flooding, another's latency), the hackathon and event lists on 10,000 listings each, one community room of 200 participants posting a message a second each, a quiz-start burst (1,000 participants fetch questions and submit within a minute), check-in at the door (1,000 scans in a minute from 5 devices), one realtime process holding 10,000 sockets with a 1,000-member room (beside an idle process and a 10-member room), private chat through the three services as processes of their own on the Postgres bus, and the first and later starts of `npm start` (beside a start without the demo). `npm run bench:web` (Lighthouse) and `npm run bench:scale` (a million events, about an hour) run on their own.
 * Extra arguments go to every script (for example `-- --runs 1`; the three that measure once take no `--runs`).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const extra = process.argv.slice(2);
const parts: [string, string[]][] = [
  ['appends', []],
  ['writes', []],
  ['reads', []],
  ['realtime', ['--database', 'postgres', '--pairs', '1000', '--think', '2000', '--seconds', '20', '--runs', '3', '--saturate', '10']],
  ['rebuild', []],
  ['flood', []],
  ['hackathons', []],
  ['events', []],
  ['community', []],
  ['quiz-burst', []],
  ['check-in', []],
  ['realtime-scale', []],
  ['cluster-chat', []],
  ['start', []],
];

/** These measure once by nature (a flood, one busy room, one burst) and take no `--runs`. */
const MEASURE_ONCE = new Set(['flood', 'community', 'quiz-burst', 'check-in', 'realtime-scale']);

/** The extra arguments for one script: `--runs N` (or `--runs=N`) left out where it means nothing. */
function extraFor(name: string): string[] {
  if (!MEASURE_ONCE.has(name)) return extra;
  return extra.filter((arg, i) => arg !== '--runs' && !arg.startsWith('--runs=') && extra[i - 1] !== '--runs');
}

let failed = 0;
for (const [name, args] of parts) {
  console.log(`\n## bench:${name}\n`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', `bench/${name}.ts`, ...args, ...extraFor(name)], { cwd: ROOT, stdio: 'inherit' });
  if (run.status !== 0) {
    failed++;
    console.log(`bench:${name} exited with ${run.status ?? run.signal}`);
  }
}
process.exitCode = failed > 0 ? 1 : 0;
