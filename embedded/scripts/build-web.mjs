// Builds the two web apps when their sources (or shared/) are newer than their last build, so `npm start`
// on a fresh clone builds once and later starts are immediate.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '../..');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'dist-server') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of a build, once, at the highest
 * levels: the server sends them as they are (embedded/src/compose.ts), so no request pays for compressing.
 */
function precompress(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      precompress(full);
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name)) continue;
    const source = fs.readFileSync(full);
    const mtime = fs.statSync(full).mtimeMs;
    const fresh = (copy) => fs.existsSync(copy) && fs.statSync(copy).mtimeMs >= mtime;
    if (!fresh(`${full}.br`)) {
      fs.writeFileSync(
        `${full}.br`,
        zlib.brotliCompressSync(source, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length },
        }),
      );
    }
    if (!fresh(`${full}.gz`)) fs.writeFileSync(`${full}.gz`, zlib.gzipSync(source, { level: 9 }));
  }
}

for (const app of ['public-web', 'admin-console']) {
  const dir = path.join(root, app);
  if (!fs.existsSync(path.join(dir, 'index.html'))) continue;
  const built = path.join(dir, 'dist', 'index.html');
  // The apps import shared/ (answer types, messages, limits): a change there is a change of the app.
  const sources = Math.max(newestMtime(dir), newestMtime(path.join(root, 'shared')));
  const serverBuilt = app !== 'public-web' || fs.existsSync(path.join(dir, 'dist-server', 'entry-server.js'));
  if (!fs.existsSync(built) || !serverBuilt || fs.statSync(built).mtimeMs < sources) {
    console.log(`Building ${app}...`);
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: dir, stdio: 'inherit' });
    // The public pages are rendered on the server too (embedded/src/web/public-pages.ts) from this bundle.
    if (app === 'public-web') execFileSync('npx', ['vite', 'build', '--ssr', 'src/ssr/entry-server.tsx', '--logLevel', 'warn'], { cwd: dir, stdio: 'inherit' });
  }
  precompress(path.join(dir, 'dist'));
}
