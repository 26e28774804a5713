import type { Request, RequestHandler } from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The Prometheus metrics of one process (docs/operations.md#metrics): the runtime's own (memory, event loop, GC),
 * HTTP latency per route, events appended, commands handled, rate-limit refusals, open sockets, payment outcomes and
 * mails sent. Each service adds the gauges it alone can read (the projection service its lag, the command service
 * the bus and reminder backlogs) to the same registry. In the embedded mode one process holds them all.
 */
export interface Metrics {
  readonly registry: Registry;
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  readonly eventsAppended: Counter<'type'>;
  readonly appendDuration: Histogram;
  readonly rateLimited: Counter<'where'>;
  readonly openSockets: Gauge;
  readonly commands: Counter<'command' | 'outcome'>;
  readonly payments: Counter<'purpose' | 'outcome'>;
  readonly mails: Counter<'outcome'>;
  readonly mailsInFlight: Gauge;
}

export function createMetrics(service: string): Metrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry, prefix: 'circuit_' });
  return {
    registry,
    httpDuration: new Histogram({
      name: 'circuit_http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status class',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    eventsAppended: new Counter({ name: 'circuit_events_appended_total', help: 'Events appended to the event store by this process, by type', labelNames: ['type'] as const, registers: [registry] }),
    appendDuration: new Histogram({ name: 'circuit_append_duration_seconds', help: 'Appends to the event store (one call, any number of events)', buckets: [0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25], registers: [registry] }),
    rateLimited: new Counter({ name: 'circuit_rate_limited_total', help: 'Requests and socket events refused by a rate limit', labelNames: ['where'] as const, registers: [registry] }),
    openSockets: new Gauge({ name: 'circuit_open_sockets', help: 'Socket.IO connections open on this process', registers: [registry] }),
    commands: new Counter({ name: 'circuit_commands_total', help: 'Commands decided, by command type and outcome (ok, refused, conflict, error)', labelNames: ['command', 'outcome'] as const, registers: [registry] }),
    payments: new Counter({ name: 'circuit_payments_total', help: 'Payment outcomes recorded, by purpose (captured, duplicate, failed, refunded, refund_refused)', labelNames: ['purpose', 'outcome'] as const, registers: [registry] }),
    mails: new Counter({ name: 'circuit_mails_total', help: 'Mails handed to the mailer, by outcome (sent: the mail server accepted it; failed)', labelNames: ['outcome'] as const, registers: [registry] }),
    mailsInFlight: new Gauge({ name: 'circuit_mails_in_flight', help: 'Mails handed to the mailer and not yet accepted or failed', registers: [registry] }),
  };
}

/**
 * A read that the gauges of one scrape share: the registry collects every metric at once, so the gauges fed by one
 * query start it while it is under way and get its answer; the next scrape reads afresh.
 */
export function readPerScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let underWay: Promise<T> | undefined;
  return () =>
    (underWay ??= read().finally(() => {
      underWay = undefined;
    }));
}

/**
 * Times every request by its route pattern (`/api/hackathons/:username`), never its path, so an id does not make a
 * series of its own; a request no route answered counts as `unmatched`.
 */
export function httpMetrics(metrics: Metrics): RequestHandler {
  return (req, res, next) => {
    // The timer startTimer makes, without its two closures and merged label objects per request.
    const started = performance.now();
    res.on('finish', () => {
      const route = routePatternOf(req) ?? 'unmatched';
      metrics.httpDuration.observe({ method: req.method, route, status: `${Math.floor(res.statusCode / 100)}xx` }, (performance.now() - started) / 1000);
      if (res.statusCode === 429) metrics.rateLimited.inc({ where: route });
    });
    next();
  };
}

/** The pattern of the route that answered a request (`/api/hackathons/:username`), once it has; undefined when none did. */
export function routePatternOf(req: Request): string | undefined {
  const pattern = (req.route as { path?: unknown } | undefined)?.path;
  return typeof pattern === 'string' ? `${req.baseUrl}${pattern}` : undefined;
}

/** `GET /metrics` in Prometheus's text format. The proxy in front keeps it from the internet (deploy/nginx.conf). */
export function metricsRoute(metrics: Metrics): RequestHandler {
  return async (_req, res, next) => {
    try {
      res.setHeader('Content-Type', metrics.registry.contentType);
      res.end(await metrics.registry.metrics());
    } catch (error) {
      next(error);
    }
  };
}
