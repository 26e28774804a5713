import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { z } from 'zod';
import { PostgresEventStore } from '@circuit/shared/adapters/event-store/postgres-event-store';
import { toNewEvents } from '@circuit/shared/commands/decider';
import { userStream } from '@circuit/shared/events/accounts';
import { testKafkaBrokers } from '@circuit/shared/testkit/kafka-broker';
import { createTestSchema, testDatabaseUrl, type TestSchema } from '@circuit/shared/testkit/postgres';
import { listeningPort, schemaUrl, serviceEnv, startService, stopService, type Service } from '@circuit/shared/testkit/service-processes';
import { signedInCookie } from '@circuit/shared/testkit/session-cookie';
import { available, describeWhen, unavailable, type Requirement } from '@circuit/shared/testkit/skip';
import { waitFor } from '@circuit/shared/testkit/wait';

/**
 * One command's trace across the cluster (docs/operations.md#traces): the projection, command and realtime services
 * run as processes of their own on one schema, and send their spans over OTLP/HTTP (JSON) to a receiver in this test.
 * User A follows user B over HTTP with a traceparent of the test's; B's socket gets the notification. The spans of
 * that one trace id must come from all three services: the command service's request and append, the projection
 * service's batch (through the traceparent the follow event keeps in its metadata), and the realtime service's socket
 * emit (the notifications process manager continues the trace from the event's metadata, the bus carries it on).
 */
const SESSION_SECRET = 'a-trace-test-secret-of-enough-length';

const OtlpJson = z.object({
  resourceSpans: z.array(
    z.object({
      resource: z.object({ attributes: z.array(z.object({ key: z.string(), value: z.object({ stringValue: z.string().optional() }) })) }),
      scopeSpans: z.array(
        z.object({
          spans: z.array(
            z.object({
              traceId: z.string(),
              spanId: z.string(),
              parentSpanId: z.string().optional(),
              name: z.string(),
              links: z.array(z.object({ traceId: z.string(), spanId: z.string() })).optional(),
            }),
          ),
        }),
      ),
    }),
  ),
});

interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  links: { traceId: string; spanId: string }[];
}

/** A minimal OTLP/HTTP collector: POST /v1/traces with JSON, every span kept with its service's name. */
async function otlpReceiver() {
  const spans: ReceivedSpan[] = [];
  const problems: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const parsed = req.method === 'POST' && req.url === '/v1/traces' && /json/.test(req.headers['content-type'] ?? '') ? OtlpJson.safeParse(JSON.parse(body)) : undefined;
      if (!parsed?.success) {
        problems.push(`${req.method} ${req.url} ${req.headers['content-type']}: ${parsed?.error.message ?? 'not OTLP JSON'}`);
        res.writeHead(400).end();
        return;
      }
      for (const rs of parsed.data.resourceSpans) {
        const service = rs.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue ?? '?';
        for (const ss of rs.scopeSpans) for (const s of ss.spans) spans.push({ service, traceId: s.traceId, spanId: s.spanId, parentSpanId: s.parentSpanId || undefined, name: s.name, links: s.links ?? [] });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { spans, problems, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

type Setup = Requirement<{ databaseUrl: string; label: string; env: NodeJS.ProcessEnv }>;

function traceSuite(title: string, requirement: Setup) {
  describeWhen(title, requirement, ({ databaseUrl, label, env: busEnv }) => {
    let schema: TestSchema;
    let url: string;
    let dataDir: string;
    let receiver: Awaited<ReturnType<typeof otlpReceiver>>;
    const services: Service[] = [];
    const clients: Socket[] = [];

    beforeAll(async () => {
      schema = await createTestSchema({ url: databaseUrl, label: 'trace' });
      url = schemaUrl(databaseUrl, schema.schema);
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'circuit-trace-'));
      receiver = await otlpReceiver();
    });

    afterAll(async () => {
      for (const c of clients) c.close();
      await Promise.all(services.map(stopService));
      await receiver?.close();
      await schema?.cleanup();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it(`follows one follow command from HTTP through the append, the projection and the socket emit, in one trace (${label} bus)`, async () => {
      const env = serviceEnv({ databaseUrl: url, dataDir, sessionSecret: SESSION_SECRET }, { ...busEnv, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url });
      const projection = await startService('projection-service', 'projection-service/src/main.ts', env);
      const command = await startService('command-service', 'command-service/src/main.ts', env);
      const realtime = await startService('realtime-service', 'realtime-service/src/main.ts', env);
      services.push(projection, command, realtime);

      const [a, b] = [randomUUID(), randomUUID()];
      const at = new Date().toISOString();
      const store = await PostgresEventStore.create(schema.knex, { listen: false });
      try {
        for (const [i, id] of [a, b].entries()) {
          const data = { userId: id, username: `t${i}${id.slice(0, 8)}`, email: `${id}@x.test`, firstName: 'F', lastName: 'L', passwordHash: null, role: 'user', emailVerified: true, registeredAt: at };
          await store.append(userStream(id), toNewEvents([{ type: 'UserRegistered', data }], {}, at), 'no_stream');
        }
      } finally {
        await store.close();
      }
      await Promise.all([projection.logged(/projection service listening/), command.logged(/^leading$/), command.logged(/command service listening/), realtime.logged(/realtime service listening/)]);
      await waitFor(async () => Number((await schema.knex('users').whereIn('id', [a, b]).count<{ n: string }[]>('* as n'))[0]!.n) === 2, { timeoutMs: 30_000, message: 'both users in the read models' });

      // B listens on a socket, as a browser tab would.
      const notified: unknown[] = [];
      const socket = io(`http://127.0.0.1:${listeningPort(realtime, 'realtime service listening')}`, { transports: ['websocket'], extraHeaders: { cookie: await signedInCookie(schema.knex, SESSION_SECRET, b) }, reconnection: false, forceNew: true });
      clients.push(socket);
      socket.on('new_notification', (n: unknown) => notified.push(n));
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });

      // The caller's trace context: the request joins it.
      const traceId = randomBytes(16).toString('hex');
      const callerSpanId = randomBytes(8).toString('hex');
      const answer = await fetch(`http://127.0.0.1:${listeningPort(command, 'command service listening')}/api/users/follow/${b}`, {
        method: 'POST',
        headers: { cookie: await signedInCookie(schema.knex, SESSION_SECRET, a), traceparent: `00-${traceId}-${callerSpanId}-01`, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(answer.ok, await answer.clone().text()).toBe(true);
      await waitFor(() => notified.length > 0, { timeoutMs: 30_000, message: "B's notification on its socket" });

      // The follow event keeps the trace context of its append.
      const followed = await schema.knex('event_store_events').where({ type: 'UserFollowed' }).select('metadata');
      expect(followed).toHaveLength(1);
      expect(String((followed[0]!.metadata as { traceparent?: unknown }).traceparent)).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));

      // Spans come in batches (every 5 s): wait until each service's part of the trace is there.
      const inTrace = () => receiver.spans.filter((s) => s.traceId === traceId);
      const has = (service: string, name: string) => inTrace().some((s) => s.service === service && s.name === name);
      const expected: [string, string][] = [
        ['command-service', 'POST /api/users/follow/:id'],
        ['command-service', 'eventstore.append'],
        ['command-service', 'process-manager notifications'],
        ['projection-service', 'projection batch apply'],
        ['realtime-service', 'process notifications'],
        ['realtime-service', 'socket emit new_notification'],
      ];
      await waitFor(() => expected.every(([service, name]) => has(service, name)), {
        timeoutMs: 60_000,
        intervalMs: 200,
        message: () => `spans of trace ${traceId}; got ${JSON.stringify(inTrace().map((s) => `${s.service}: ${s.name}`))}, problems ${JSON.stringify(receiver.problems)}`,
      });

      const spans = inTrace();
      const byId = new Map(spans.map((s) => [s.spanId, s]));
      /** The names from a span up to the root of the trace, through every process. */
      const ancestry = (span: ReceivedSpan): string[] => {
        const names: string[] = [];
        for (let s: ReceivedSpan | undefined = span; s; s = s.parentSpanId ? byId.get(s.parentSpanId) : undefined) names.push(`${s.service}: ${s.name}`);
        return names;
      };
      const request = spans.find((s) => s.name === 'POST /api/users/follow/:id')!;
      expect(request.parentSpanId).toBe(callerSpanId);
      expect(new Set(spans.map((s) => s.service))).toEqual(new Set(['command-service', 'projection-service', 'realtime-service']));
      // The socket emit hangs, span by span, from the request: through the bus, the process manager and the follow's append.
      const emit = spans.find((s) => s.service === 'realtime-service' && s.name === 'socket emit new_notification')!;
      expect(ancestry(emit)).toEqual(
        expect.arrayContaining(['realtime-service: process notifications', 'command-service: publish notifications', 'command-service: process-manager notifications', 'command-service: eventstore.append', 'command-service: POST /api/users/follow/:id']),
      );
      expect(ancestry(emit).at(-1)).toBe('command-service: POST /api/users/follow/:id');
      const applied = spans.find((s) => s.service === 'projection-service' && s.name === 'projection batch apply')!;
      expect(ancestry(applied).slice(1, 2)).toEqual(['command-service: eventstore.append']);
      // And the projection's batch span, a trace of its own, links to the follow's append.
      const batch = receiver.spans.find((s) => s.service === 'projection-service' && s.name === 'projection batch' && s.links.some((l) => l.traceId === traceId));
      expect(batch).toBeDefined();
      expect(receiver.problems).toEqual([]);
    }, 240_000);
  });
}

const databaseUrl = testDatabaseUrl();

traceSuite(
  'one command traced across the cluster, bus on Postgres LISTEN/NOTIFY',
  databaseUrl.ok ? available({ databaseUrl: databaseUrl.value, label: 'postgres', env: {} }) : databaseUrl,
);

async function onKafka(): Promise<Setup> {
  if (!databaseUrl.ok) return unavailable(databaseUrl.reason);
  const brokers = await testKafkaBrokers();
  if (!brokers.ok) return unavailable(brokers.reason);
  return available({ databaseUrl: databaseUrl.value, label: 'kafka', env: { KAFKA_BROKERS: brokers.value.join(',') } });
}
traceSuite('one command traced across the cluster, bus on Kafka', await onKafka());
