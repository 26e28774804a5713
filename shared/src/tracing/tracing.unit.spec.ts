import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { context, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import express from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppendResult, EventStore, NewEvent } from '../ports/event-store';
import { requestLogging } from '../http/correlation';
import { inBatchSpan } from './batch-spans';
import { processing, publishing } from './bus-spans';
import { httpTracing } from './http-tracing';
import { contextFromTraceparent, traceparentOf } from './trace-context';
import { TracedEventStore } from './traced-event-store';
import { inSpan, startTracing, tracesEndpoint, tracingEnabled, type Tracing } from './tracing';

const TRACEPARENT = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
const spanIdOf = (traceparent: string | undefined) => traceparent?.split('-')[2];

/** An event store that keeps what it was asked to append. */
function recordingStore(): EventStore & { appended: NewEvent[][] } {
  const appended: NewEvent[][] = [];
  const unused = () => Promise.reject(new Error('not used'));
  return {
    appended,
    append: async (_stream, events): Promise<AppendResult> => {
      appended.push(events);
      return { nextRevision: events.length - 1, position: 7n };
    },
    readStream: unused,
    readAll: unused,
    subscribe: () => ({ stop: async () => undefined }),
    headPosition: async () => 0n,
    close: async () => undefined,
  };
}

const event = (id: string, metadata: NewEvent['metadata'] = {}, occurredAt = new Date().toISOString()): NewEvent => ({ id, type: 'Something', data: {}, metadata, occurredAt });

/** A tiny OTLP/HTTP receiver: every POST body it got, by path. */
async function otlpReceiver() {
  const posts: { path: string; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      posts.push({ path: req.url ?? '', body });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { posts, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('tracing endpoint', () => {
  it('is the traces endpoint as given, or /v1/traces under the general one, or none', () => {
    expect(tracesEndpoint({})).toBeUndefined();
    expect(tracesEndpoint({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' })).toBe('http://collector:4318/v1/traces');
    expect(tracesEndpoint({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://tempo:4318/otlp/v1/traces' })).toBe('http://tempo:4318/otlp/v1/traces');
  });
});

describe('tracing with no endpoint configured', () => {
  it('starts nothing: no provider, no context manager, no middleware, and every helper just runs its function', async () => {
    const tracing = startTracing('test-service', {});
    expect(tracing.enabled).toBe(false);
    expect(tracingEnabled()).toBe(false);
    expect(httpTracing()).toBeUndefined();
    const seen = await inSpan('anything', {}, async (span) => {
      await new Promise((r) => setTimeout(r, 1));
      return { recording: span.isRecording(), active: trace.getActiveSpan(), traceparent: traceparentOf(context.active()) };
    });
    expect(seen).toEqual({ recording: false, active: undefined, traceparent: undefined });
    // Events go to the store as they came: the very same array, no traceparent.
    const inner = recordingStore();
    const events = [event('e1', { userId: 'u' })];
    await new TracedEventStore(inner).append('s', events, 'any');
    expect(inner.appended[0]).toBe(events);
    expect(await publishing('kafka', 't', async (traceparent) => traceparent)).toBeUndefined();
    expect(await processing('kafka', 't', TRACEPARENT, () => trace.getActiveSpan())).toBeUndefined();
    expect(await inBatchSpan('projection batch', [[{ metadata: { traceparent: TRACEPARENT }, occurredAt: new Date().toISOString() }]], {}, async () => trace.getActiveSpan())).toBeUndefined();
  });

  it('sends nothing anywhere, where the same work with the endpoint set reaches the collector as OTLP JSON', async () => {
    const receiver = await otlpReceiver();
    try {
      const work = () => inSpan('the work', {}, async () => new TracedEventStore(recordingStore()).append('s', [event('e1')], 'any'));
      const off = startTracing('test-service', {});
      await work();
      await off.shutdown();
      await new Promise((r) => setTimeout(r, 50));
      expect(receiver.posts).toEqual([]);

      const on = startTracing('test-service', { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url });
      expect(on.enabled).toBe(true);
      await work();
      await on.shutdown();
      expect(tracingEnabled()).toBe(false);
      expect(receiver.posts.map((p) => p.path)).toEqual(['/v1/traces']);
      const body = JSON.parse(receiver.posts[0]!.body) as { resourceSpans: { resource: { attributes: { key: string; value: { stringValue?: string } }[] }; scopeSpans: { spans: { name: string }[] }[] }[] };
      const resource = body.resourceSpans[0]!;
      expect(resource.resource.attributes).toContainEqual({ key: 'service.name', value: { stringValue: 'test-service' } });
      expect(resource.scopeSpans.flatMap((s) => s.spans.map((span) => span.name)).sort()).toEqual(['eventstore.append', 'the work']);
    } finally {
      await receiver.close();
    }
  });
});

describe('tracing on', () => {
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing;
  beforeAll(() => {
    tracing = startTracing('test-service', {}, { exporter });
  });
  afterEach(() => exporter.reset());
  afterAll(() => tracing.shutdown());

  const spans = () => exporter.getFinishedSpans();
  const named = (name: string): ReadableSpan => {
    const found = spans().find((s) => s.name === name);
    if (!found) throw new Error(`no span ${name} among ${spans().map((s) => s.name).join(', ')}`);
    return found;
  };

  it('writes the append span’s traceparent into every appended event, inside the trace of the command', async () => {
    const inner = recordingStore();
    await inSpan('command Follow', {}, () => new TracedEventStore(inner).append('s', [event('e1', { correlationId: 'c' }), event('e2')], 'any'));
    const command = named('command Follow');
    const append = named('eventstore.append');
    expect(append.spanContext().traceId).toBe(command.spanContext().traceId);
    expect(append.parentSpanContext?.spanId).toBe(command.spanContext().spanId);
    const stored = inner.appended[0]!;
    expect(stored.map((e) => e.metadata?.correlationId)).toEqual(['c', undefined]);
    for (const e of stored) expect(e.metadata?.traceparent).toBe(`00-${append.spanContext().traceId}-${append.spanContext().spanId}-01`);
  });

  it('continues a trace across the bus: the handler runs in a process span whose parent is the publish span', async () => {
    let carried: string | undefined;
    await inSpan('request', {}, () => publishing('kafka', 'chat.delivered', async (traceparent) => void (carried = traceparent)));
    expect(carried).toBeDefined();
    // Elsewhere (another process): only the string came along.
    const activeInHandler = await context.with(context.active(), () => processing('kafka', 'chat.delivered', carried, () => trace.getActiveSpan()?.spanContext()));
    const publish = named('publish chat.delivered');
    const handled = named('process chat.delivered');
    expect(spanIdOf(carried)).toBe(publish.spanContext().spanId);
    expect(handled.spanContext().traceId).toBe(publish.spanContext().traceId);
    expect(handled.parentSpanContext?.spanId).toBe(publish.spanContext().spanId);
    expect(activeInHandler?.spanId).toBe(handled.spanContext().spanId);
  });

  it('gives a batch a span of its own linked to each trace it holds, and a span in each recent trace', async () => {
    const other = '00-1af7651916cd43dd8448eb211c80319c-c7ad6b7169203331-01';
    const old = '00-2af7651916cd43dd8448eb211c80319c-d7ad6b7169203331-01';
    const batch = [
      { metadata: { traceparent: TRACEPARENT }, occurredAt: new Date().toISOString() },
      { metadata: { traceparent: TRACEPARENT }, occurredAt: new Date().toISOString() },
      { metadata: { traceparent: other }, occurredAt: new Date().toISOString() },
      { metadata: { traceparent: old }, occurredAt: new Date(Date.now() - 10 * 60_000).toISOString() },
      { metadata: {}, occurredAt: new Date().toISOString() },
    ];
    await inSpan('unrelated caller', {}, () => inBatchSpan('projection batch', [batch, batch], { 'circuit.projections': ['users'] }, async () => undefined));
    const span = named('projection batch');
    expect(span.parentSpanContext).toBeUndefined();
    expect(span.attributes['circuit.events']).toBe(5);
    expect(span.links.map((l) => l.context.traceId).sort()).toEqual([TRACEPARENT, other, old].map((tp) => tp.split('-')[1]).sort());
    const applied = spans().filter((s) => s.name === 'projection batch apply');
    expect(applied.map((s) => `${s.spanContext().traceId}/${s.parentSpanContext?.spanId}`).sort()).toEqual([TRACEPARENT, other].map((tp) => `${tp.split('-')[1]}/${spanIdOf(tp)}`).sort());
    for (const s of applied) expect(s.links.map((l) => l.context.spanId)).toEqual([span.spanContext().spanId]);
  });

  it("makes a server span per request named by its route, in the caller's trace, active through the body's parsing, and logs its trace id", async () => {
    const lines: { req?: { id?: string; traceId?: string } }[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(JSON.parse(chunk.toString('utf8')) as (typeof lines)[number]);
        done();
      },
    });
    const app = express();
    app.use(httpTracing()!);
    app.use(requestLogging(pino({ level: 'info' }, sink)));
    app.use(express.json());
    app.post('/things/:id', async (req, res) => {
      await inSpan('inside', {}, async () => undefined);
      res.status(201).json({ got: req.body as unknown });
    });
    const answer = await request(app).post('/things/42').set('traceparent', TRACEPARENT).send({ a: 1 });
    expect(answer.status).toBe(201);
    await new Promise((r) => setTimeout(r, 10));
    const server = named('POST /things/:id');
    expect(server.spanContext().traceId).toBe('0af7651916cd43dd8448eb211c80319c');
    expect(server.parentSpanContext?.spanId).toBe('b7ad6b7169203331');
    expect(server.attributes).toMatchObject({ 'http.route': '/things/:id', 'http.response.status_code': 201, 'http.request.method': 'POST' });
    expect(named('inside').parentSpanContext?.spanId).toBe(server.spanContext().spanId);
    expect(lines.at(-1)?.req).toMatchObject({ traceId: '0af7651916cd43dd8448eb211c80319c' });
    expect(lines.at(-1)?.req?.id).toBeTruthy();
  });

  it('starts a trace of its own for a request without a traceparent', async () => {
    const app = express();
    app.use(httpTracing()!);
    app.get('/plain', (_req, res) => void res.json({}));
    await request(app).get('/plain');
    await new Promise((r) => setTimeout(r, 10));
    expect(named('GET /plain').parentSpanContext).toBeUndefined();
    expect(contextFromTraceparent('garbage')).toBe(contextFromTraceparent(undefined));
  });
});
