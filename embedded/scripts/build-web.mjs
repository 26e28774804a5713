// Builds the two web apps when their sources are newer than their last build, so `npm start`
// on a fresh clone builds once and later starts are immediate.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

for (const app of ['public-web', 'admin-console']) {
  const dir = path.join(root, app);
  if (!fs.existsSync(path.join(dir, 'index.html'))) continue;
  const built = path.join(dir, 'dist', 'index.html');
  if (fs.existsSync(built) && fs.statSync(built).mtimeMs >= newestMtime(dir)) continue;
  console.log(`Building ${app}...`);
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: dir, stdio: 'inherit' });
}
