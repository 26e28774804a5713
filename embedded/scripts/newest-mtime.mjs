import fs from 'node:fs';
import path from 'node:path';

/**
 * The newest modification time of `file`, or of a directory and everything under it (0 when it does not exist),
 * which decides whether a build is older than its sources. Directories named in `skip` (built output, installed
 * packages) are not entered. A directory's own time counts (removing or renaming a source changes it) unless
 * `directories` is false: for a directory whose build output is created beside its sources, as it builds.
 */
export function newestMtime(file, { skip = new Set(), directories = true } = {}) {
  if (!fs.existsSync(file)) return 0;
  const stat = fs.statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = directories ? stat.mtimeMs : 0;
  for (const entry of fs.readdirSync(file)) {
    if (!skip.has(entry)) newest = Math.max(newest, newestMtime(path.join(file, entry), { skip, directories }));
  }
  return newest;
}
