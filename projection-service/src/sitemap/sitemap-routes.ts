import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Router, type Response } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { notFound } from '@circuit/shared/commands/domain-errors';
import { robotsTxt } from './robots-txt';
import { sitemapDocument, type SitemapFile } from './sitemap-document';
import { sitemapSections } from './sitemap-sections';

export interface SitemapRouteOptions {
  /** The web app's public URL (config PUBLIC_URL): every address given out is on it. */
  publicUrl: string;
  /** Pages per sitemap file before /sitemap.xml becomes an index (default the protocol's 50,000; tests use a few). */
  perFile?: number;
  /** Rows per database read (default 1,000). */
  batch?: number;
}

/** A split file's name: /sitemaps/1.xml and on. */
const FileName = z
  .string()
  .regex(/^[1-9]\d{0,8}\.xml$/)
  .transform((name) => Number.parseInt(name, 10));

const NO_SUCH_SITEMAP = 'No such sitemap';
// Crawlers fetch these often; an hour behind the read models is fresh enough for them.
const CACHE = { 'Cache-Control': 'public, max-age=3600' };

/**
 * GET /robots.txt, /sitemap.xml and /sitemaps/<n>.xml for search engines: the public pages of the
 * web app as the read models list them. Outside /api, so the proxy routes them here by path
 * (deploy/nginx.conf, docs/operations.md#the-proxy-in-front).
 */
export function sitemapRoutes(knex: Knex, options: SitemapRouteOptions): Router {
  const origin = options.publicUrl.replace(/\/+$/, '');
  const robots = robotsTxt(origin);
  const router = Router();

  /** Streamed as the rows are read: a file of 50,000 addresses is never held whole. */
  async function send(res: Response, file: SitemapFile): Promise<void> {
    const document = sitemapDocument(origin, await sitemapSections(knex, options.batch), file, options.perFile);
    if (!document) throw notFound(NO_SUCH_SITEMAP);
    res.set({ 'Content-Type': 'application/xml; charset=utf-8', ...CACHE });
    await pipeline(Readable.from(document), res);
  }

  router.get('/robots.txt', (_req, res) => {
    res.set({ 'Content-Type': 'text/plain; charset=utf-8', ...CACHE }).send(robots);
  });
  router.get('/sitemap.xml', (_req, res) => send(res, 'root'));
  router.get('/sitemaps/:file', async (req, res) => {
    const file = FileName.safeParse(req.params.file);
    if (!file.success) throw notFound(NO_SUCH_SITEMAP);
    await send(res, file.data);
  });
  return router;
}
