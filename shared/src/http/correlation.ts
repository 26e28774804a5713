import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import express, { type RequestHandler } from 'express';
import { context } from '@opentelemetry/api';
import type { Logger } from '../logger';
import { tracingEnabled } from '../tracing/tracing';
import { traceIdOf } from '../tracing/trace-context';

declare module 'http' {
  interface IncomingMessage {
    /** The correlation id of the request (requestLogging). */
    id?: string;
    /** A logger whose lines carry the request's id and route (requestLogging), made at its first use. */
    readonly log?: Logger;
  }
}

const CORRELATION_ID = /^[\w-]{8,64}$/;

/** What a request's logger carries, and the logger once something has logged through it. */
class RequestLog {
  private child?: Logger;

  constructor(
    private readonly logger: Logger,
    private readonly req: LoggedRequestFields,
  ) {}

  get(): Logger {
    return (this.child ??= this.logger.child({ req: this.req }));
  }
}

/** What every line of a request names: its correlation id, and its trace id when it is traced. */
interface LoggedRequestFields {
  id: string;
  traceId?: string;
  method: string;
  url: string;
}

const REQUEST_LOG = Symbol('request log');
type LoggedRequest = IncomingMessage & { [REQUEST_LOG]?: RequestLog };

// `req.log` is a getter of express's request prototype, not of each request: V8 turns an object given
// an accessor that differs from the one its shape knew (a new closure per request) into a dictionary,
// so every later property of a request (express's, the session's) was slow to add and to read.
Object.defineProperty(express.request, 'log', {
  configurable: true,
  get(this: LoggedRequest): Logger | undefined {
    return this[REQUEST_LOG]?.get();
  },
});

/**
 * A correlation id per request (X-Correlation-Id when a proxy set one), `req.log` carrying it, and
 * one line per answer. Leaner than pino-http on the busiest path: the request's child logger is made
 * only when something logs through it, and the answer's line only when its level is enabled.
 */
export function requestLogging(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers['x-correlation-id'];
    const id = typeof incoming === 'string' && CORRELATION_ID.test(incoming) ? incoming : crypto.randomUUID();
    const { method } = req;
    const url = loggedUrl(req.url);
    req.id = id;
    res.setHeader('X-Correlation-Id', id);
    // Beside the correlation id, the trace id of the request's span (httpTracing, mounted before): a log line leads to its trace.
    const traceId = tracingEnabled() ? traceIdOf(context.active()) : undefined;
    const fields: LoggedRequestFields = traceId ? { id, traceId, method, url } : { id, method, url };
    (req as LoggedRequest)[REQUEST_LOG] = new RequestLog(logger, fields);
    const started = performance.now();
    // 'close' comes once per answer: no once() wrapper needed.
    res.on('close', () => {
      const status = res.statusCode;
      // A 4xx is the client's affair (a signed-out /me answers 401 on every page): only repeated abuse (429) warns.
      const level = !res.writableFinished ? 'warn' : status >= 500 ? 'error' : status === 429 ? 'warn' : 'info';
      if (!logger.isLevelEnabled(level)) return;
      const ms = Math.round(performance.now() - started);
      const line = res.writableFinished ? `${method} ${url} ${status} ${ms} ms` : `${method} ${url} aborted after ${ms} ms`;
      logger[level]({ req: fields, res: { statusCode: status }, responseTime: ms }, line);
    });
    next();
  };
}

/**
 * What the logs keep of a request's address: the path, and the names of its query's parameters without their values,
 * so a search, an address or a code someone typed never reaches the logs (docs/personal-data.md).
 */
export function loggedUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const names = new Set(new URLSearchParams(url.slice(query + 1)).keys());
  return names.size > 0 ? `${url.slice(0, query)}?${[...names].join('&')}` : url.slice(0, query);
}

export function correlationIdOf(req: { id?: unknown }): string | undefined {
  return typeof req.id === 'string' ? req.id : undefined;
}
