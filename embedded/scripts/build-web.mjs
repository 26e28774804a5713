// Builds the two web apps when their sources (or shared/) are newer than their last build, so `npm start`
// on a fresh clone builds once and later starts are immediate. The builds that are due run side by side
// (public-web's client and server bundles and the admin console): on a 2-core machine that is most of the
// time of the slowest instead of the sum. `--compress-later` skips the precompression (the server starting
// with `--build-web` runs it in the background once it answers: embedded/src/web-build.ts).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { newestMtime } from './newest-mtime.mjs';
import { precompress } from './precompress.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const compressLater = process.argv.includes('--compress-later');
/**
 * An app's sources: not its packages or builds, and not its directories' own times, which change as a first build
 * creates dist/ and dist-server/ beside them (later than the build it would then seem older than).
 */
const SOURCES_ONLY = { skip: new Set(['node_modules', 'dist', 'dist-server']), directories: false };

// Vite's own script run by this Node, not through npx, whose start costs half a second of CPU per build.
function viteBin(cwd) {
  const manifest = createRequire(path.join(cwd, 'package.json')).resolve('vite/package.json');
  return path.join(path.dirname(manifest), JSON.parse(fs.readFileSync(manifest, 'utf8')).bin.vite);
}

// The builds are what the site serves, so always production's, whatever NODE_ENV the start runs with: under
// NODE_ENV=development vite compiles JSX for React's development runtime, which the production React the
// server bundle carries does not have (the public pages then failed to load, and took the server down).
const buildEnv = { ...process.env, NODE_ENV: 'production' };

function vite(cwd, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [viteBin(cwd), 'build', ...args, '--logLevel', 'warn'], { cwd, stdio: 'inherit', env: buildEnv });
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`vite build ${args.join(' ')} in ${path.basename(cwd)} failed (${signal ?? code})`))));
  });
}

const builds = [];
const apps = [];
for (const app of ['public-web', 'admin-console']) {
  const dir = path.join(root, app);
  if (!fs.existsSync(path.join(dir, 'index.html'))) continue;
  apps.push(dir);
  const built = path.join(dir, 'dist', 'index.html');
  // The apps import shared/ (answer types, messages, limits): a change there is a change of the app.
  const sources = Math.max(newestMtime(dir, SOURCES_ONLY), newestMtime(path.join(root, 'shared'), SOURCES_ONLY));
  const serverBuilt = app !== 'public-web' || fs.existsSync(path.join(dir, 'dist-server', 'entry-server.js'));
  if (!fs.existsSync(built) || !serverBuilt || fs.statSync(built).mtimeMs < sources) {
    console.log(`Building ${app}...`);
    const started = Date.now();
    const done = () => console.log(`Built ${app} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    builds.push(vite(dir, []).then(done));
    // The public pages are rendered on the server too (public-web/server/public-pages.ts) from this bundle.
    if (app === 'public-web') builds.push(vite(dir, ['--ssr', 'src/ssr/entry-server.tsx']));
  }
}
const results = await Promise.allSettled(builds);
const failed = results.find((r) => r.status === 'rejected');
if (failed) {
  console.error(failed.reason instanceof Error ? failed.reason.message : failed.reason);
  process.exit(1);
}
if (!compressLater) for (const dir of apps) await precompress(path.join(dir, 'dist'));
