import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from '@circuit/shared/logger';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SCRIPTS = path.join(ROOT, 'embedded/scripts');

/** The built web apps' folders that the server sends files from (embedded/src/compose.ts). */
export const WEB_DIST_DIRS = [path.join(ROOT, 'public-web/dist'), path.join(ROOT, 'admin-console/dist')];

function run(script: string, args: string[], stdio: 'inherit' | 'ignore'): { child: ChildProcess; exited: Promise<void> } {
  const child = spawn(process.execPath, [path.join(SCRIPTS, script), ...args], { cwd: ROOT, stdio });
  const exited = new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${script} ${args.join(' ')} stopped (${signal ?? `exit code ${code}`})`))));
  });
  return { child, exited };
}

/**
 * Builds the web apps that are out of date (embedded/scripts/build-web.mjs) in a child process, so the builds
 * run beside the start (opening the database, the seed) instead of before it; the compressed copies are left to
 * `precompressInBackground`. Resolves once the apps are built, rejects when a build failed.
 */
export function buildWebApps(): Promise<void> {
  const { child, exited } = run('build-web.mjs', ['--compress-later'], 'inherit');
  // Below the server's priority: the start's critical path is this process's one thread (creating the database,
  // the seed), which the builds' threads slowed by half on two cores; they still have every idle cycle, and are
  // done before the seed. Set before the script starts its vite processes, which inherit it.
  lowerPriority(child, 10);
  return exited;
}

function lowerPriority(child: ChildProcess, niceness: number): void {
  try {
    if (child.pid) os.setPriority(child.pid, niceness);
  } catch {
    // Not allowed here (some containers): the child runs at the server's priority.
  }
}

/**
 * Writes the brotli and gzip copies of the built files (embedded/scripts/precompress.mjs) in a child process
 * at the lowest CPU priority, after the site answers: the server sends a file as it is until its copy exists.
 * Answers a function that stops it (a copy is renamed into place whole, so stopping half-way leaves none broken).
 */
export function precompressInBackground(log: Logger): () => void {
  const started = Date.now();
  const { child, exited } = run('precompress.mjs', WEB_DIST_DIRS, 'ignore');
  lowerPriority(child, 19);
  let stopped = false;
  exited.then(
    () => log.debug({ ms: Date.now() - started }, 'compressed copies of the web apps written'),
    (err: unknown) => {
      if (!stopped) log.warn({ err }, 'writing the compressed copies of the web apps failed; the files go out uncompressed');
    },
  );
  return () => {
    stopped = true;
    child.kill();
  };
}
