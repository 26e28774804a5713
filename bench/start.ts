/**
 * How long `npm start` takes until the seeded site answers: the home page rendered with a seeded hackathon on
 * it and GET /api/hackathons listing the seeded ones. Three cases, each the median of several runs:
 *
 * - fresh: a copy of the working tree as a fresh clone has it (no web builds, the files' times all new, an
 *   empty tsx compile cache) on a new DATA_DIR: web builds, compiling, creating the database, the seed;
 * - built: the web apps already built, a new DATA_DIR (creating the database and the seed);
 * - later: a start on the `built` case's DATA_DIR (nothing built, nothing seeded).
 *
 * Beside them, measured in the same run: `plain`, a start with the seed switched off (SEED=false) on a new
 * DATA_DIR with the builds present, what the start costs without the demo data; and with `--against <git ref>`,
 * the same three cases on a copy of that commit, run alternately with this tree's. Each start's process tree
 * is stopped with SIGINT once measured; the server's RSS is read a few seconds after it answered.
 *
 * npm run bench:start [-- --runs 3] [--against <ref>] [--keep]
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fmt, intArg, median, table } from './lib';

const ROOT = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const arg = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const RUNS = intArg(arg('--runs'), 3);
const AGAINST = arg('--against');
const TIMEOUT_MS = 600_000;
const BUILD_OUTPUTS = ['public-web/dist', 'public-web/dist-server', 'admin-console/dist'];

interface Start {
  readyMs: number;
  rssMb: number;
  /** The server's own account of its start (embedded/src/main.ts): ms per phase, and the seed's steps. */
  phases: string;
}

/** A copy of a tree (the working tree's files git knows of, or a commit's) with node_modules hard-linked. */
function copyOf(label: string, ref?: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `circuit-start-${label}-`));
  if (ref) {
    execFileSync('sh', ['-c', `git -C "${ROOT}" archive "${ref}" | tar -x -C "${dir}"`]);
  } else {
    const files = execFileSync('git', ['-C', ROOT, 'ls-files', '-z', '--cached', '--others', '--exclude-standard'], { maxBuffer: 64 << 20 })
      .toString()
      .split('\0')
      .filter((f) => f && fs.existsSync(path.join(ROOT, f)));
    for (const file of files) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.copyFileSync(path.join(ROOT, file), path.join(dir, file));
    }
  }
  // As `npm ci` leaves it (not timed): the workspaces' links in node_modules are relative, so they point into the copy.
  execFileSync('cp', ['-al', path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules')]);
  // A workspace's own versions of a package (shared/node_modules/@opentelemetry/*) live beside it.
  for (const workspace of fs.readdirSync(ROOT)) {
    const own = path.join(ROOT, workspace, 'node_modules');
    if (workspace !== 'node_modules' && fs.existsSync(own) && fs.existsSync(path.join(dir, workspace))) execFileSync('cp', ['-al', own, path.join(dir, workspace, 'node_modules')]);
  }
  return dir;
}

function descendants(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const visit = (parent: number) => {
    for (const [child, ppid] of parents) if (ppid === parent) (found.push(child), visit(child));
  };
  visit(pid);
  return found;
}

const rssKb = (pid: number) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
};

/** Both answer, with the seeded hackathons in them (or, with the seed switched off, an empty list and the page). */
async function answers(port: number, seeded: boolean): Promise<boolean> {
  try {
    const api = await fetch(`http://127.0.0.1:${port}/api/hackathons`, { signal: AbortSignal.timeout(5000) });
    if (!api.ok) return false;
    const body = (await api.json()) as { data?: { title?: string }[] };
    const titles = (body.data ?? []).map((h) => h.title).filter((t): t is string => Boolean(t));
    if (seeded && titles.length === 0) return false;
    const home = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(5000) });
    const html = await home.text();
    // The seeded hackathons are rendered into the home page on the server (public-web/server/public-pages.ts).
    return home.ok && html.includes('data-ssr') && (!seeded || titles.some((t) => html.includes(escapeHtml(t))));
  } catch {
    return false;
  }
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

let nextPort = 3400 + (process.pid % 400);

async function start(tree: string, dataDir: string, env: Record<string, string> = {}): Promise<Start> {
  const port = nextPort++;
  const started = performance.now();
  const child: ChildProcess = spawn('npm', ['start'], {
    cwd: tree,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info', NODE_ENV: 'development', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true, // its own process group, stopped as one
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  const phases: string[] = [];
  let pending = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const lines = (pending + chunk.toString()).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (line.startsWith('Bundled') || line.startsWith('Built')) phases.push(line);
      const logged = /"loadedMs":(\d+),"phases":(\{[^}]*\})|"phases":(\{[^}]*\}),"msg":"demo seed steps/.exec(line);
      if (logged) phases.push(logged[1] ? `loaded ${logged[1]} ${logged[2]}` : `seed ${logged[3]}`);
    }
  });
  try {
    while (!(await answers(port, env.SEED !== 'false'))) {
      if (exited) throw new Error(`npm start in ${tree} stopped before answering`);
      if (performance.now() - started > TIMEOUT_MS) throw new Error(`npm start in ${tree} did not answer in ${TIMEOUT_MS / 1000} s`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const readyMs = performance.now() - started;
    await new Promise((r) => setTimeout(r, 3000)); // at rest: the start's garbage collected, requests done
    const rssMb = Math.max(...descendants(child.pid!).map(rssKb)) / 1024;
    return { readyMs, rssMb, phases: phases.join('; ') };
  } finally {
    if (!exited) {
      process.kill(-child.pid!, 'SIGINT');
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => (exited ? resolve() : process.kill(-child.pid!, 'SIGKILL')), 30_000);
        child.once('exit', () => (clearTimeout(force), resolve()));
        if (exited) (clearTimeout(force), resolve());
      });
    }
  }
}

/** Back to a fresh clone's state: no builds, every source file's time new (as a checkout sets them). */
function unbuild(tree: string): void {
  for (const out of BUILD_OUTPUTS) fs.rmSync(path.join(tree, out), { recursive: true, force: true });
  execFileSync('sh', ['-c', `find . -path ./node_modules -prune -o -type f -exec touch {} +`], { cwd: tree });
}

interface Cases {
  fresh: Start[];
  built: Start[];
  later: Start[];
  plain: Start[];
}

async function runCases(tree: string, label: string, cases: Cases, run: number): Promise<void> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), `circuit-start-data-${label.replace(/\W+/g, '-')}-`));
  unbuild(tree);
  // A fresh clone on a machine that never ran it: tsx's compile cache (under the temporary folder) empty too.
  const tmp = path.join(scratch, 'tmp');
  fs.mkdirSync(tmp);
  const record = (name: keyof Cases, s: Start) => {
    cases[name].push(s);
    console.log(`  ${label} run ${run} ${name}: ${fmt(s.readyMs / 1000)} s, rss ${fmt(s.rssMb, 0)} MB (load ${os.loadavg()[0]!.toFixed(1)}) ${s.phases}`);
  };
  record('fresh', await start(tree, path.join(scratch, 'fresh'), { TMPDIR: tmp }));
  record('built', await start(tree, path.join(scratch, 'built')));
  record('later', await start(tree, path.join(scratch, 'built')));
  record('plain', await start(tree, path.join(scratch, 'plain'), { SEED: 'false' }));
  if (!args.includes('--keep')) fs.rmSync(scratch, { recursive: true, force: true });
}

const empty = (): Cases => ({ fresh: [], built: [], later: [], plain: [] });
const trees: { label: string; dir: string; cases: Cases }[] = [{ label: 'this tree', dir: copyOf('tree'), cases: empty() }];
if (AGAINST) trees.push({ label: AGAINST, dir: copyOf('against', AGAINST), cases: empty() });

console.log(`npm start until the seeded home page and GET /api/hackathons answer; ${RUNS} runs, ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
try {
  for (let run = 1; run <= RUNS; run++) {
    // Alternated, so a busier minute of the machine weighs on both trees alike.
    for (const tree of run % 2 ? trees : [...trees].reverse()) await runCases(tree.dir, tree.label, tree.cases, run);
  }
} finally {
  if (!args.includes('--keep')) for (const tree of trees) fs.rmSync(tree.dir, { recursive: true, force: true });
}

const row = (label: string, name: string, starts: Start[]) => [label, name, fmt(median(starts.map((s) => s.readyMs)) / 1000), starts.map((s) => fmt(s.readyMs / 1000)).join(', '), fmt(median(starts.map((s) => s.rssMb)), 0)];
table(
  ['tree', 'start', 'ready, median (s)', 'runs (s)', 'RSS at rest (MB)'],
  trees.flatMap((t) => [
    row(t.label, 'fresh clone (builds, new DATA_DIR)', t.cases.fresh),
    row(t.label, 'built, new DATA_DIR (seed)', t.cases.built),
    row(t.label, 'later start', t.cases.later),
    row(t.label, 'plain: built, SEED=false', t.cases.plain),
  ]),
);
console.log(`load after: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
