import { context, trace } from '@opentelemetry/api';
import type { RequestHandler } from 'express';
import { routePatternOf } from '../metrics/metrics';
import { failed, SpanKind, startSpan, tracingEnabled } from './tracing';
import { contextFromHeaders } from './trace-context';

/**
 * A server span per request, named by its route pattern (`POST /api/users/follow/:id`) once the route is known, with
 * its status code; a `traceparent` header (a proxy's, another service's) makes it part of that trace. The rest of the
 * request runs in the span's context, the request and answer streams' listeners too (the JSON body is read in them),
 * so the spans and appends of its handler are its children. Tracing off: the middleware is not mounted at all.
 */
export function httpTracing(): RequestHandler | undefined {
  if (!tracingEnabled()) return undefined;
  return (req, res, next) => {
    const parent = contextFromHeaders(req.headers, context.active());
    const span = startSpan(req.method, { kind: SpanKind.SERVER, parent, attributes: { 'http.request.method': req.method, 'url.path': req.path } });
    if (!span) return next();
    const ctx = trace.setSpan(parent, span);
    context.bind(ctx, req);
    context.bind(ctx, res);
    res.on('close', () => {
      const route = routePatternOf(req);
      if (route) {
        span.updateName(`${req.method} ${route}`);
        span.setAttribute('http.route', route);
      }
      span.setAttribute('http.response.status_code', res.statusCode);
      if (!res.writableFinished) span.setAttribute('circuit.aborted', true);
      if (res.statusCode >= 500) failed(span, new Error(`HTTP ${res.statusCode}`));
      span.end();
    });
    context.with(ctx, next);
  };
}
