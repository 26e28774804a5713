import crypto from 'node:crypto';
import type { RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from '../logger';

/** pino-http with a correlation id per request, taken from X-Correlation-Id when a proxy set one. */
export function requestLogging(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    genReqId: (req, res) => {
      const incoming = req.headers['x-correlation-id'];
      const id = typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : crypto.randomUUID();
      res.setHeader('X-Correlation-Id', id);
      return id;
    },
    // A 4xx is the client's affair (a signed-out /me answers 401 on every page): only repeated abuse (429) warns.
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode === 429 ? 'warn' : 'info'),
    customSuccessMessage: (req, res, responseTime) => `${req.method} ${req.url} ${res.statusCode} ${Math.round(responseTime)} ms`,
    customErrorMessage: (req, res) => `${req.method} ${req.url} ${res.statusCode} failed`,
    serializers: { req: (req: { method: string; url: string; id: string }) => ({ id: req.id, method: req.method, url: req.url }) },
  }) as unknown as RequestHandler;
}

export function correlationIdOf(req: { id?: unknown }): string | undefined {
  return typeof req.id === 'string' ? req.id : undefined;
}
