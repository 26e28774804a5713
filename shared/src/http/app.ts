import type { IncomingMessage } from 'node:http';
import express, { type Express, type Request, type RequestHandler, type Router } from 'express';
import proxyaddr from 'proxy-addr';
import type { Knex } from 'knex';
import type { Logger } from '../logger';
import { requestLogging } from './correlation';
import { errorHandler, notFoundApi } from './errors';
import { sameOriginOnly } from './same-origin';
import { rejectUnstorableText } from './reject-nul';
import { keepRawBody } from './raw-body';
import { httpMetrics, metricsRoute, type Metrics } from '../metrics/metrics';
import { httpTracing } from '../tracing/http-tracing';
import { middlewareInOrder } from './middleware-sequence';

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
  /** Adds HSTS to every answer (NODE_ENV=production: served over https behind the proxy); otherwise only to https requests. */
  production?: boolean;
  /** Lets the web app load Razorpay Checkout (its script and frames): only when Razorpay is configured. */
  razorpayCheckout?: boolean;
  /** The process's Prometheus metrics: served at /metrics, and every request timed by its route. */
  metrics?: Metrics;
}

/**
 * The policy of both web apps (and harmless on JSON): scripts only from our own files, never
 * inline; styles may be inline (React and MUI set them); images also from https (avatars, bios);
 * frames only the privacy-friendly YouTube and Vimeo players of hackathon projects' videos.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  'frame-src https://www.youtube-nocookie.com https://player.vimeo.com',
].join('; ');

/** The policy with Razorpay Checkout's script, frames and API allowed (Razorpay configured). */
export const CONTENT_SECURITY_POLICY_WITH_RAZORPAY = CONTENT_SECURITY_POLICY.replace("script-src 'self'", "script-src 'self' https://checkout.razorpay.com")
  .replace("connect-src 'self'", "connect-src 'self' https://api.razorpay.com https://lumberjack.razorpay.com")
  .replace('frame-src ', 'frame-src https://api.razorpay.com https://checkout.razorpay.com ');

/** The pin of every answer to a request that came over https, whatever NODE_ENV says. */
export const HSTS = { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } as const;

/** Hardening headers of every answer: HTTP routes, web apps, and the Socket.IO handshake. */
/**
 * Whether a request came over https as express's `req.secure` says it, for answers express does not
 * make (Socket.IO's handshake): its own TLS, or the X-Forwarded-Proto of a proxy `trustProxy` trusts.
 */
export function cameOverHttps(trustProxy: boolean | number | string): (req: IncomingMessage) => boolean {
  const trusted: (address: string, hop: number) => boolean =
    typeof trustProxy === 'string' ? proxyaddr.compile(trustProxy.split(',').map((s) => s.trim())) : typeof trustProxy === 'number' ? (_, hop) => hop < trustProxy : () => trustProxy;
  return (req) => {
    if ((req.socket as { encrypted?: boolean }).encrypted) return true;
    if (!trusted(req.socket.remoteAddress ?? '', 0)) return false;
    const proto = req.headers['x-forwarded-proto'];
    return (Array.isArray(proto) ? proto[0] : proto)?.split(',')[0]?.trim().toLowerCase() === 'https';
  };
}

export function baselineHeaders(options: { production: boolean; razorpayCheckout?: boolean }): Record<string, string> {
  return {
    // No MIME sniffing, no framing, no full referrers to other sites.
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Content-Security-Policy': options.razorpayCheckout ? CONTENT_SECURITY_POLICY_WITH_RAZORPAY : CONTENT_SECURITY_POLICY,
    // The camera for this site only: the check-in screen reads tickets' QR codes with it.
    'Permissions-Policy': 'camera=(self), microphone=(), geolocation=(), payment=(self), usb=(), interest-cohort=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    ...(options.production ? HSTS : {}),
  };
}

/**
 * express's `req.secure`, without its cost where the answer is known: a request with no X-Forwarded-Proto is
 * secure exactly when its own socket is TLS, whoever sent it, so only a request that carries the header has its
 * sender checked against `trust proxy` (which parsed the peer's address on every request).
 */
export function secureRequest(req: Request): boolean {
  if (!req.headers['x-forwarded-proto']) return Boolean((req.socket as { encrypted?: boolean }).encrypted);
  return req.secure;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The one-click unsubscribe address of an e-mail's List-Unsubscribe header (command-service/src/notification-settings/). */
export const ONE_CLICK_UNSUBSCRIBE = /^\/api\/unsubscribe\/[^/]+$/;
export const JSON_ONLY_MESSAGE = 'Send the request body as JSON (Content-Type: application/json)';

/**
 * State-changing requests carry JSON, or multipart for an upload: the body types a cross-site
 * HTML form can send (urlencoded, text/plain) are refused, with 415. Multipart is let through
 * here; the service that has uploads refuses it on every other route (multipartOnlyOn).
 */
export const jsonBodiesOnly: RequestHandler = (req, res, next) => {
  const type = mediaTypeOf(req.headers['content-type']);
  if (SAFE_METHODS.has(req.method) || type === undefined) return next();
  if (type === 'application/json' || /^application\/[\w.-]+\+json$/.test(type) || type === 'multipart/form-data') return next();
  // A mail client's one-click unsubscribe (RFC 8058) posts a form; the route reads no body, only its token.
  if (type === 'application/x-www-form-urlencoded' && ONE_CLICK_UNSUBSCRIBE.test(req.path)) return next();
  res.status(415).json({ success: false, message: JSON_ONLY_MESSAGE });
};

/** The media type of a Content-Type header, lower case, without parameters (the header alone decides, body or not). */
function mediaTypeOf(header: string | undefined): string | undefined {
  const type = header?.split(';')[0]?.trim().toLowerCase();
  return type ? type : undefined;
}

/** Multipart (which a cross-site form can send too) only on the given upload paths; 415 elsewhere. */
export function multipartOnlyOn(uploadPaths: (string | RegExp)[]): RequestHandler {
  const uploads = new Set(uploadPaths.filter((p): p is string => typeof p === 'string'));
  // Paths with an id in them (a quiz's image) are given as patterns.
  const patterns = uploadPaths.filter((p): p is RegExp => p instanceof RegExp);
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || uploads.has(req.path) || patterns.some((p) => p.test(req.path)) || mediaTypeOf(req.headers['content-type']) !== 'multipart/form-data') return next();
    res.status(415).json({ success: false, message: JSON_ONLY_MESSAGE });
  };
}

/** The express app every service process builds: logging, JSON, sessions, CSRF guard, health, errors. */
export function createHttpApp(options: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy ?? 'loopback');
  const headers = Object.entries(baselineHeaders({ production: options.production ?? false, razorpayCheckout: options.razorpayCheckout ?? false }));
  app.use((req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    // A request that came over https (itself, or by the X-Forwarded-Proto of a proxy TRUST_PROXY trusts) is
    // pinned to https whatever NODE_ENV says; a developer's plain http://localhost never is.
    if (secureRequest(req)) res.setHeader('Strict-Transport-Security', HSTS['Strict-Transport-Security']);
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
  if (options.metrics) app.get('/metrics', metricsRoute(options.metrics));
  // After the health and metrics routes, which a scraper calls every few seconds: those are not traced.
  const tracing = httpTracing();
  const parseJson = express.json({ limit: '1mb', verify: keepRawBody });
  const bodies: RequestHandler = (req, res, next) => {
    // A read without a body (nearly every GET) has nothing to refuse or parse: body-parser is not entered.
    if (SAFE_METHODS.has(req.method) && req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) return next();
    jsonBodiesOnly(req, res, (err?: unknown) => (err ? next(err) : parseJson(req, res, next)));
  };
  // What every request after the probes goes through, in this order, as one layer (see middlewareInOrder).
  app.use(
    middlewareInOrder([
      ...(options.metrics ? [httpMetrics(options.metrics)] : []),
      ...(tracing ? [tracing] : []),
      requestLogging(options.log),
      bodies,
      rejectUnstorableText,
      options.session,
      sameOriginOnly(options.allowedOrigins),
    ]),
  );
  options.mount(app);
  app.use('/api', notFoundApi);
  if (options.fallback) app.use(options.fallback);
  app.use(errorHandler);
  return app;
}
