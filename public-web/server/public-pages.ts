import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import express from 'express';
import type { Logger } from '@circuit/shared/logger';

/** What the server bundle (built from public-web/src/ssr/entry-server.tsx) exports. */
type PageRenderer = Pick<typeof import('../src/ssr/entry-server'), 'isServerRendered' | 'renderPage'>;

export interface PublicPagesOptions {
  /** The built web app (index.html is the template). */
  dist: string;
  /** The built server bundle's entry. */
  serverEntry: string;
  /** The site's public address: the base of the URL a page is rendered for. */
  publicUrl: string;
  log: Logger;
  /** Where the page's API requests go; default this server itself, on the address the request came in on. */
  apiOrigin?: string;
}

/** The address this request reached the server on, to send the render's own API requests to the same server. */
function ownOrigin(req: express.Request): string {
  const address = req.socket.localAddress ?? '127.0.0.1';
  const host = address.includes(':') && !address.startsWith('::ffff:') ? `[${address}]` : address.replace(/^::ffff:/, '');
  return `http://${host}:${req.socket.localPort}`;
}

/** A page's HTML compressed as the browser accepts it (the built files are compressed at build time; a page is new each time). */
function sendHtml(req: express.Request, res: express.Response, status: number, html: string): void {
  res.status(status).type('html').setHeader('Cache-Control', 'no-cache');
  res.setHeader('Vary', 'Accept-Encoding');
  const body = Buffer.from(html, 'utf8');
  if (req.acceptsEncodings('br') === 'br') {
    res.setHeader('Content-Encoding', 'br');
    res.send(zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }));
  } else if (req.acceptsEncodings('gzip') === 'gzip') {
    res.setHeader('Content-Encoding', 'gzip');
    res.send(zlib.gzipSync(body, { level: 6 }));
  } else {
    res.send(body);
  }
}

/**
 * The public pages rendered on the server (docs/architecture.md, "Public pages"): a request for one gets the
 * page's HTML, head tags and data; every other path, a page whose data a signed-out visitor may not see,
 * and any failure of the render go on to the single-page app's shell, as before. Without a server build
 * (`npm run build:web` makes one) nothing is rendered here.
 */
export function publicPages(options: PublicPagesOptions): express.Router {
  const router = express.Router();
  const templateFile = path.join(options.dist, 'index.html');
  if (!fs.existsSync(templateFile) || !fs.existsSync(options.serverEntry)) return router;
  const template = fs.readFileSync(templateFile, 'utf8');
  // A server bundle that does not load (a broken or mismatched build) leaves every page to the shell, and says so once.
  const renderer = (import(pathToFileURL(options.serverEntry).href) as Promise<PageRenderer>).catch((error: unknown) => {
    options.log.error({ err: error, serverEntry: options.serverEntry }, 'the public pages\' server bundle did not load; every page goes out as the app shell (npm run build:web)');
    return undefined;
  });

  router.get('/{*path}', async (req, res, next) => {
    try {
      const pages = await renderer;
      if (!pages || !req.accepts('html') || !pages.isServerRendered(req.path)) return next();
      const page = await pages.renderPage(template, new URL(req.originalUrl, options.publicUrl), { apiOrigin: options.apiOrigin ?? ownOrigin(req) });
      if (page.kind === 'redirect') return res.redirect(page.status, page.location);
      if (page.kind === 'not-rendered') {
        // The shell, with the status the data had: a listing in review is a 404 to a signed-out visitor and to a crawler.
        res.status(page.status);
        return next();
      }
      sendHtml(req, res, page.status, page.html);
    } catch (error) {
      options.log.error({ err: error, path: req.path }, 'server render failed; the page goes out as the app shell');
      next();
    }
  });
  return router;
}
