import fs from 'node:fs';
import path from 'node:path';
import express from 'express';

/**
 * Serves a built single-page app: files as they are, every other path gets index.html.
 * Fingerprinted files under assets/ never change, so browsers keep them for a year without asking again;
 * everything else (index.html above all) is revalidated on each load. Text files go out as the brotli or
 * gzip copy written beside them at build time (embedded/scripts/build-web.mjs) when the browser accepts it.
 */
export function builtWebApp(dir: string): express.Router {
  const router = express.Router();
  if (!fs.existsSync(path.join(dir, 'index.html'))) return router;
  const root = path.resolve(dir);
  const cacheControl = (file: string) =>
    path.relative(root, file).startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache';
  const precompressed: [encoding: string, extension: string][] = [
    ['br', '.br'],
    ['gzip', '.gz'],
  ];

  function send(req: express.Request, res: express.Response, file: string): boolean {
    if (!file.startsWith(root + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) return false;
    res.setHeader('Cache-Control', cacheControl(file));
    res.setHeader('Vary', 'Accept-Encoding');
    const accepted = precompressed.find(([encoding, ext]) => req.acceptsEncodings(encoding) === encoding && fs.existsSync(file + ext));
    if (accepted) {
      res.type(path.extname(file));
      res.setHeader('Content-Encoding', accepted[0]);
      res.sendFile(file + accepted[1], { cacheControl: false });
    } else {
      res.sendFile(file, { cacheControl: false });
    }
    return true;
  }

  router.get('/{*path}', (req, res, next) => {
    let requested: string;
    try {
      requested = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const file = path.join(root, requested);
    if (requested !== '/' && path.basename(file) !== 'index.html' && send(req, res, file)) return;
    send(req, res, path.join(root, 'index.html'));
  });
  return router;
}
