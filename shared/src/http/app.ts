import express, { type Express, type RequestHandler, type Router } from 'express';
import type { Knex } from 'knex';
import type { Logger } from '../logger';
import { requestLogging } from './correlation';
import { errorHandler, notFoundApi } from './errors';
import { sameOriginOnly } from './same-origin';
import { rejectUnstorableText } from './reject-nul';

export interface HttpAppOptions {
  log: Logger;
  session: RequestHandler;
  allowedOrigins: string[];
  /** Checked by /readyz. */
  knex: Knex;
  mount(app: Express): void;
  /** Express's `trust proxy`: whose X-Forwarded-For names the client (config TRUST_PROXY); default loopback. */
  trustProxy?: boolean | number | string;
  /** Mounted after the API's 404 (static web apps). */
  fallback?: Router | RequestHandler;
}

/** The express app every service process builds: logging, JSON, sessions, CSRF guard, health, errors. */
export function createHttpApp(options: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy ?? 'loopback');
  app.use((_req, res, next) => {
    // Baseline hardening for every answer: no MIME sniffing, no framing, no full referrers to other sites.
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    next();
  });
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    try {
      await options.knex.raw('select 1');
      res.json({ status: 'ready' });
    } catch {
      res.status(503).json({ status: 'not ready' });
    }
  });
  app.use(requestLogging(options.log));
  app.use(express.json({ limit: '1mb' }));
  app.use(express.urlencoded({ extended: false, limit: '1mb' }));
  app.use(rejectUnstorableText);
  app.use(options.session);
  app.use(sameOriginOnly(options.allowedOrigins));
  options.mount(app);
  app.use('/api', notFoundApi);
  if (options.fallback) app.use(options.fallback);
  app.use(errorHandler);
  return app;
}
