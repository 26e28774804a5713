import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KafkaBus } from '@circuit/shared/adapters/bus/kafka-bus';
import { PostgresNotifyBus } from '@circuit/shared/adapters/bus/postgres-notify-bus';
import { io, type Socket } from 'socket.io-client';
import { ChatTopics } from '@circuit/shared/events/messaging';
import { chatMessageId } from '@circuit/shared/messaging/message-id';
import type { Bus } from '@circuit/shared/ports/bus';
import { connectedPairs } from '@circuit/shared/testkit/connected-pairs';
import { testKafkaBrokers } from '@circuit/shared/testkit/kafka-broker';
import { createTestSchema, testDatabaseUrl, type TestSchema } from '@circuit/shared/testkit/postgres';
import { available, describeWhen, unavailable, type Requirement } from '@circuit/shared/testkit/skip';
import { signedInCookie } from '@circuit/shared/testkit/session-cookie';
import { waitFor } from '@circuit/shared/testkit/wait';
import { listeningPort, schemaUrl, serviceEnv, startService, stopService, type Service } from '@circuit/shared/testkit/service-processes';

/**
 * The cluster as it runs in production, each service a process of its own on one Postgres schema:
 * the projection service, two command services (the chat-send consumer led by the first) and the
 * realtime service. Twenty users, each on a socket of their own, send 200 messages over Socket.IO;
 * the realtime service forwards them over the bus. While they are in flight the leading command
 * service is killed (SIGKILL); the other takes over, every message is stored exactly once, and
 * every socket receives each message of its user exactly once.
 */
const MESSAGES = 200;
/** Senders in connected pairs; each sends MESSAGES / (2 * PAIRS), within the default chat allowance. */
const PAIRS = 10;
const KILL_AFTER = 30;
const SESSION_SECRET = 'a-failover-test-secret-of-enough-length';

interface BusChoice {
  label: string;
  env: NodeJS.ProcessEnv;
  connect(url: string): Promise<Bus>;
}

function failoverSuite(title: string, requirement: Setup) {
  describeWhen(title, requirement, ({ databaseUrl, bus: choice }) => {
    let schema: TestSchema;
    let url: string;
    let dataDir: string;
    const services: Service[] = [];
    const clients: Socket[] = [];
    let bus: Bus | undefined;

    const env = (extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv => serviceEnv({ databaseUrl: url, dataDir, sessionSecret: SESSION_SECRET }, { ...choice.env, ...extra });

    beforeAll(async () => {
      schema = await createTestSchema({ url: databaseUrl, label: 'failover' });
      url = schemaUrl(databaseUrl, schema.schema);
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'circuit-failover-'));
    });

    afterAll(async () => {
      for (const c of clients) c.close();
      await bus?.close().catch(() => undefined);
      await Promise.all(services.map(stopService));
      await schema?.cleanup();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it(`stores every one of ${MESSAGES} chat messages sent over sockets exactly once and hands it to each socket once, though the leading command service is killed mid-flight`, async () => {
      // The projection service and the first command service start together; the second command
      // service and the realtime service once the read models exist and the first leads.
      const projection = await startService('projection-service', 'projection-service/src/main.ts', env({}));
      const leader = await startService('command-service A', 'command-service/src/main.ts', env({}));
      services.push(projection, leader);
      await projection.logged(/projection service listening/);

      // Pairs of connected users, as events (the consumer checks the pair on the accounts' and the
      // pairs' streams), and in the read models once the projection service has applied them.
      const users = await connectedPairs(schema.knex, PAIRS, { usernamePrefix: 'u', timeoutMs: 30_000 });
      const partner = (i: number) => users[i ^ 1]!;

      await Promise.all([leader.logged(/^leading$/), leader.logged(/command service listening/)]);
      const standby = await startService('command-service B', 'command-service/src/main.ts', env({}));
      const realtime = await startService('realtime-service', 'realtime-service/src/main.ts', env({}));
      services.push(standby, realtime);

      // The bus as the command side publishes on it: to tell how often a message was published twice.
      bus = await choice.connect(url);
      const published = new Map<string, number>();
      await bus.subscribe(ChatTopics.delivered, (payload) => {
        const id = (payload as { _id?: string })._id;
        if (id) published.set(id, (published.get(id) ?? 0) + 1);
      });

      await Promise.all([standby.logged(/command service listening/), realtime.logged(/realtime service listening/)]);
      const base = `http://127.0.0.1:${listeningPort(realtime, 'realtime service listening')}`;

      // One socket per user, on its own session, as a browser tab would hold it.
      const received = new Map<string, string[]>(users.map((id) => [id, []]));
      const errors: string[] = [];
      const sockets = await Promise.all(
        users.map(async (id) => {
          const socket = io(base, { transports: ['websocket'], extraHeaders: { cookie: await signedInCookie(schema.knex, SESSION_SECRET, id) }, reconnection: false, forceNew: true });
          clients.push(socket);
          socket.on('private_message', (m: { _id: string }) => received.get(id)!.push(m._id));
          socket.on('message_error', (e: string) => errors.push(`${id}: ${e}`));
          await new Promise<void>((resolve, reject) => {
            socket.once('connect', () => resolve());
            socket.once('connect_error', reject);
          });
          return socket;
        }),
      );

      // Every user sends its share at once; the realtime service forwards them over the bus.
      const sent = users.flatMap((from, i) =>
        Array.from({ length: MESSAGES / users.length }, (_, n) => ({ from, to: partner(i), clientMessageId: randomUUID(), message: `message ${n} from ${i}` })),
      );
      const ids = new Map(sent.map((m) => [chatMessageId(m.from, m.clientMessageId), m]));
      for (const m of sent) sockets[users.indexOf(m.from)]!.emit('private_message', { to: m.to, message: m.message, replyTo: null, clientMessageId: m.clientMessageId });
      const delivered = () => [...ids].filter(([id, m]) => received.get(m.to)!.includes(id)).length;

      await waitFor(() => delivered() >= KILL_AFTER, { timeoutMs: 60_000, intervalMs: 5, message: () => `${KILL_AFTER} deliveries before the kill, got ${delivered()}` });
      leader.child.kill('SIGKILL');
      await leader.exited;
      const atKill = delivered();
      expect(atKill).toBeLessThan(MESSAGES);

      await standby.logged(/^leading$/, 60_000);
      // What the killed leader published has arrived by now (the standby publishes only once it leads, and after its copies).
      const publishedByLeader = new Set(published.keys());
      await waitFor(() => delivered() >= MESSAGES, { timeoutMs: 90_000, intervalMs: 50, message: () => `all ${MESSAGES} deliveries, got ${delivered()} (${atKill} before the kill)` });
      // A repeat would come right behind the first copy; give it time to show.
      await new Promise((r) => setTimeout(r, 1000));

      const stored = await schema.knex('event_store_events').whereIn('event_id', [...ids.keys()]).groupBy('event_id').select('event_id').count<{ event_id: string; count: number | string }[]>('* as count');
      expect(stored).toHaveLength(MESSAGES);
      expect(stored.filter((row) => Number(row.count) !== 1)).toEqual([]);
      const rows = await schema.knex('chat_messages').whereIn('id', [...ids.keys()]).count<{ count: number | string }[]>('* as count');
      expect(Number(rows[0]?.count)).toBe(MESSAGES);
      expect(errors).toEqual([]);
      // Each socket got each message of its user, sent or received, exactly once.
      for (const id of users) {
        const expected = [...ids].filter(([, m]) => m.from === id || m.to === id).map(([messageId]) => messageId);
        expect([...received.get(id)!].sort()).toEqual(expected.sort());
      }
      const repeated = [...published].filter(([id, count]) => ids.has(id) && count > 1).map(([id]) => id);
      console.info(`[failover ${choice.label}] ${atKill} of ${MESSAGES} delivered before the kill, all after the takeover; ${repeated.length} published twice on the bus, none received twice`);
      // Only what the killed leader had taken and not acknowledged comes again (a batch under way, published
      // by it before the kill); the standby publishes each message once.
      expect(repeated.filter((id) => !publishedByLeader.has(id))).toEqual([]);
    }, 300_000);
  });
}

type Setup = Requirement<{ databaseUrl: string; bus: BusChoice }>;
const databaseUrl = testDatabaseUrl();

failoverSuite(
  'chat sends across a command-service failover, bus on Postgres LISTEN/NOTIFY',
  databaseUrl.ok ? available({ databaseUrl: databaseUrl.value, bus: { label: 'postgres', env: {}, connect: (url: string) => PostgresNotifyBus.connect(url) } }) : databaseUrl,
);

async function onKafka(): Promise<Setup> {
  if (!databaseUrl.ok) return unavailable(databaseUrl.reason);
  const brokers = await testKafkaBrokers();
  if (!brokers.ok) return unavailable(brokers.reason);
  const list = brokers.value;
  return available({
    databaseUrl: databaseUrl.value,
    bus: {
      label: 'kafka',
      // The test broker allows sessions from 2 s: the killed leader's partition goes to the standby 3 s after its last heartbeat.
      env: { KAFKA_BROKERS: list.join(','), KAFKA_SESSION_TIMEOUT_MS: '3000' },
      connect: () => KafkaBus.connect({ brokers: list, clientId: 'failover-test' }),
    },
  });
}
failoverSuite('chat sends across a command-service failover, bus on Kafka', await onKafka());
