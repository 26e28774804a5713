// Writes a brotli (.br) and a gzip (.gz) copy beside every text file of a build, at the highest levels: the
// server sends them as they are (public-web/server/built-web-app.ts), so no request pays for compressing.
// `npm run build:web` runs it after the builds; `npm start` runs it (this file, with the apps' dist folders as
// arguments) in the background once the site answers, since brotli 11 over the bundles is some 10 s of CPU
// that would otherwise delay the first start. Until a copy exists the server sends the file as it is.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { pathToFileURL } from 'node:url';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const ENCODERS = [
  ['.gz', (source) => gzip(source, { level: 9 })],
  [
    '.br',
    (source) =>
      brotli(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
  ],
];

function textFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return textFiles(full);
    return COMPRESSIBLE.test(entry.name) ? [full] : [];
  });
}

/** Compresses what has no up-to-date copy yet; a copy is written under another name and renamed, so a reader never sees half of one. */
export async function precompress(dir) {
  for (const file of textFiles(dir)) {
    const mtime = fs.statSync(file).mtimeMs;
    const stale = ENCODERS.filter(([ext]) => !fs.existsSync(file + ext) || fs.statSync(file + ext).mtimeMs < mtime);
    if (stale.length === 0) continue;
    const source = fs.readFileSync(file);
    for (const [ext, encode] of stale) {
      const partial = `${file}${ext}.partial`;
      fs.writeFileSync(partial, await encode(source));
      fs.renameSync(partial, file + ext);
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const dir of process.argv.slice(2)) await precompress(path.resolve(dir));
}
