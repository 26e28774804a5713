import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { RequestHandler } from 'express';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { createClient } from 'redis';
import { InProcessBus } from '@circuit/shared/adapters/bus/in-process-bus';
import { createKnex, type Knex } from '@circuit/shared/db/knex';
import { createLogger } from '@circuit/shared/logger';
import { createTestSchema, testDatabaseUrl, type TestSchema } from '@circuit/shared/testkit/postgres';
import { available, describeWhen, fromEnv, type Requirement } from '@circuit/shared/testkit/skip';
import { waitFor } from '@circuit/shared/testkit/wait';
import { createRealtimeService, TOO_MANY_SOCKETS, type RealtimeService } from './realtime-service';

/**
 * Issue 7: the cap on one user's sockets holds over several realtime instances however many
 * handshakes arrive at once, and a closed socket gives its slot back, exactly.
 */

/** Signs every socket in as the user named by its `x-user` header (the real session is tested elsewhere). */
const headerSession: RequestHandler = (req, _res, next) => {
  const userId = String(req.headers['x-user'] ?? '') || undefined;
  Object.assign(req, { session: { userId }, sessionID: userId && `sid-${userId}` });
  next();
};

const CAP = 20; // SOCKETS_PER_USER's default
const INSTANCES = 3;

interface Store {
  knex: Knex;
  redisUrl?: string;
  cleanup(): Promise<void>;
}

type Outcome = { socket: Socket; connected: boolean; error?: string };

function capSuite(title: string, requirement: Requirement<() => Promise<Store>>) {
  describeWhen(title, requirement, (makeStore) => {
    let store: Store;
    const instances: { service: RealtimeService; server: http.Server; url: string }[] = [];
    const sockets: Socket[] = [];
    const socketsOf = new Map<string, Socket[]>();

    beforeAll(async () => {
      store = await makeStore();
      // The read model presence announcements look up (the social projection's, empty here).
      if (!(await store.knex.schema.hasTable('user_connections')))
        await store.knex.schema.createTable('user_connections', (t) => {
          t.text('user_id');
          t.text('other_id');
        });
      for (let i = 0; i < INSTANCES; i++) {
        const server = http.createServer();
        const service = await createRealtimeService({
          httpServer: server,
          session: headerSession,
          log: createLogger(`realtime-${i}`, 'silent'),
          bus: new InProcessBus(),
          knex: store.knex,
          redisUrl: store.redisUrl,
          allowedOrigins: ['http://localhost'],
          socketsPerUser: CAP,
        });
        await new Promise<void>((resolve) => server.listen(0, resolve));
        instances.push({ service, server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}` });
      }
    });

    afterAll(async () => {
      for (const s of sockets) s.close();
      for (const { service, server } of instances) {
        await service.stop();
        server.close();
      }
      await store?.cleanup();
    });

    function handshake(userId: string, url: string): Promise<Outcome> {
      const socket = io(url, { transports: ['websocket'], extraHeaders: { 'x-user': userId }, reconnection: false, forceNew: true });
      sockets.push(socket);
      socketsOf.set(userId, [...(socketsOf.get(userId) ?? []), socket]);
      return new Promise((resolve) => {
        socket.once('connect', () => resolve({ socket, connected: true }));
        socket.once('connect_error', (err: Error) => resolve({ socket, connected: false, error: err.message }));
      });
    }

    /** `n` handshakes of one user at once, spread over the instances in turn. */
    const burst = (userId: string, n: number) => Promise.all(Array.from({ length: n }, (_, i) => handshake(userId, instances[i % INSTANCES]!.url)));

    const presenceRows = async (userId: string) => Number((await store.knex('presence_sockets').where({ user_id: userId }).count<{ count: number | string }[]>('* as count'))[0]!.count);

    async function redisSlots(userId: string): Promise<number | undefined> {
      if (!store.redisUrl) return undefined;
      const client = createClient({ url: store.redisUrl });
      await client.connect();
      try {
        return await client.zCard(`sockets:${userId}`);
      } finally {
        await client.quit();
      }
    }

    it(`accepts exactly ${CAP} of 31 handshakes of one user arriving at once on ${INSTANCES} instances`, async () => {
      const userId = randomUUID();
      const outcomes = await burst(userId, 31);
      expect(outcomes.filter((o) => o.connected)).toHaveLength(CAP);
      expect(outcomes.filter((o) => !o.connected).map((o) => o.error)).toEqual(Array(31 - CAP).fill(TOO_MANY_SOCKETS));
      expect(await presenceRows(userId)).toBe(CAP);
      if (store.redisUrl) expect(await redisSlots(userId)).toBe(CAP);
    });

    it('gives a closed socket its slot back, exactly, and every slot once all are closed', async () => {
      const userId = randomUUID();
      const first = (await burst(userId, 31)).filter((o) => o.connected);
      expect(first).toHaveLength(CAP);

      // Five close: five of the next burst get in, not more.
      for (const o of first.slice(0, 5)) o.socket.close();
      await waitFor(async () => (await presenceRows(userId)) === CAP - 5, { timeoutMs: 5000, message: 'five slots given back' });
      expect((await burst(userId, 12)).filter((o) => o.connected)).toHaveLength(5);

      // All close: the user starts again from nothing.
      for (const s of socketsOf.get(userId) ?? []) s.close();
      await waitFor(async () => (await presenceRows(userId)) === 0, { timeoutMs: 5000, message: 'every slot given back' });
      if (store.redisUrl) expect(await redisSlots(userId)).toBe(0);
      expect((await burst(userId, 31)).filter((o) => o.connected)).toHaveLength(CAP);
    });
  });
}

const pglite = async (): Promise<Store> => {
  const knex = await createKnex({ kind: 'pglite' });
  return { knex, cleanup: () => knex.destroy() };
};

capSuite('socket cap across realtime instances on PGlite', available(pglite));

const databaseUrl = testDatabaseUrl();
capSuite(
  'socket cap across realtime instances on Postgres',
  databaseUrl.ok
    ? available(async (): Promise<Store> => {
        const schema: TestSchema = await createTestSchema({ url: databaseUrl.value, label: 'socket_cap', poolMax: 10 });
        return { knex: schema.knex, cleanup: () => schema.cleanup() };
      })
    : databaseUrl,
);

const redisUrl = fromEnv('REDIS_URL');
capSuite(
  'socket cap across realtime instances on Redis',
  redisUrl.ok
    ? available(async (): Promise<Store> => ({ ...(await pglite()), redisUrl: redisUrl.value }))
    : redisUrl,
);
