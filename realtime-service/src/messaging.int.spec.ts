import crypto from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { createLogger } from '@circuit/shared/logger';
import { createSessionMiddleware } from '@circuit/shared/http/session';
import { createTestApp, GENEROUS_RATE_LIMITS, type TestApp } from '@circuit/embedded/testing/test-app';
import { createRealtimeService, realtimeSettings, type RealtimeService } from './realtime-service';
import { next, nextWhere, silence } from '@circuit/shared/testkit/socket-events';
import { waitFor } from '@circuit/shared/testkit/wait';
import { ChatTopics } from '@circuit/shared/events/messaging';
import { sessionCookieOf } from '@circuit/shared/testkit/session-cookie';

interface ChatUser {
  id: string;
  cookie: string;
  agent: ReturnType<TestApp['request']>;
}

function suite(name: string, env: Record<string, string>) {
  describe(name, () => {
    let t: TestApp;
    let base: string;
    const sockets: Socket[] = [];

    beforeAll(async () => {
      t = await createTestApp({ env: { NODE_ENV: 'test', SEED: 'false', LOG_LEVEL: 'silent', ...env }, rateLimits: GENEROUS_RATE_LIMITS });
      base = `http://127.0.0.1:${await t.embedded.listen(0)}`;
    });
    afterAll(async () => {
      for (const s of sockets) s.close();
      await t?.stop();
    });

    async function user(): Promise<ChatUser> {
      const u = t.newUser();
      const { agent } = await t.signUpVerified(u);
      const login = await agent.post('/api/auth/login').send({ identifier: u.username, password: u.password }).expect(200);
      const cookie = sessionCookieOf(login);
      return { id: login.body.data.id as string, cookie, agent };
    }

    async function connect(a: ChatUser, b: ChatUser) {
      await a.agent.post(`/api/users/connect/${b.id}`).expect(200);
      await b.agent.post(`/api/users/accept-connection/${a.id}`).expect(200);
    }

    async function socketOf(u: ChatUser, url = base): Promise<Socket> {
      const s = io(url, { transports: ['websocket'], extraHeaders: { cookie: u.cookie }, reconnection: false, forceNew: true });
      sockets.push(s);
      await next(s, 'connect');
      return s;
    }

    it('refuses a socket without a session', async () => {
      const s = io(base, { transports: ['websocket'], reconnection: false, forceNew: true });
      sockets.push(s);
      const error = await next<Error>(s, 'connect_error');
      expect(error.message).toBe('Not authenticated');
    });

    it('delivers a message live to the receiver, stores it first, and keeps unread counts', async () => {
      const [a, b] = [await user(), await user()];
      await connect(a, b);
      const [sa, sb] = [await socketOf(a), await socketOf(b)];

      const received = next<{ from: string; to: string; message: string; _id: string; createdAt: string }>(sb, 'private_message');
      const unread = next<{ unreadCounts: Record<string, number>; total: number }>(sb, 'unread_count_update');
      sa.emit('private_message', { from: a.id, to: b.id, message: '  hello there  ', replyTo: null });
      const message = await received;
      expect(message).toMatchObject({ from: a.id, to: b.id, message: 'hello there' });
      expect(await unread).toEqual({ unreadCounts: { [a.id]: 1 }, total: 1 });

      const history = await b.agent.get(`/api/users/${a.id}/chat?limit=50`).expect(200);
      expect(history.body.data.map((m: { _id: string }) => m._id)).toEqual([message._id]);
      expect((await b.agent.get('/api/users/unread-count').expect(200)).body.data).toEqual({ count: 1 });
      expect((await b.agent.get('/api/users/unread-counts').expect(200)).body.data).toEqual({ [a.id]: 1 });
      const threads = await b.agent.get('/api/users/messages/threads').expect(200);
      expect(threads.body.data[0]).toMatchObject({ user: { id: a.id }, lastMessage: { message: 'hello there' }, unreadCount: 1 });

      const cleared = next<{ total: number }>(sb, 'unread_count_update');
      await b.agent.post(`/api/users/messages/mark-read/${a.id}`).expect(200);
      expect((await cleared).total).toBe(0);
      expect((await b.agent.get('/api/users/unread-count').expect(200)).body.data).toEqual({ count: 0 });
    });

    it('carries the replied message with a reply', async () => {
      const [a, b] = [await user(), await user()];
      await connect(a, b);
      const [sa, sb] = [await socketOf(a), await socketOf(b)];
      const first = next<{ _id: string }>(sb, 'private_message');
      sa.emit('private_message', { from: a.id, to: b.id, message: 'question?', replyTo: null });
      const question = await first;
      const answer = nextWhere<{ from: string; replyTo: unknown }>(sa, 'private_message', (m) => m.from === b.id);
      sb.emit('private_message', { from: b.id, to: a.id, message: 'answer', replyTo: { _id: question._id, message: 'question?', from: a.id } });
      expect((await answer).replyTo).toEqual({ _id: question._id, message: 'question?', from: a.id });
    });

    it('refuses a message to a non-connection or a blocked user with message_error, storing nothing', async () => {
      const [a, b, c] = [await user(), await user(), await user()];
      const sa = await socketOf(a);
      const sb = await socketOf(b);
      const refused = next<string>(sa, 'message_error');
      const nothing = silence(sb, 'private_message', 600);
      sa.emit('private_message', { from: a.id, to: b.id, message: 'hi stranger', replyTo: null });
      expect(await refused).toBe('You can only message your connections');
      await nothing;

      await connect(a, c);
      await c.agent.post(`/api/users/block/${a.id}`).expect(200);
      const blocked = next<string>(sa, 'message_error');
      sa.emit('private_message', { from: a.id, to: c.id, message: 'hello?', replyTo: null });
      expect(await blocked).toBe('You cannot message this user');

      const empty = next<string>(sa, 'message_error');
      sa.emit('private_message', { from: a.id, to: c.id, message: '   ', replyTo: null });
      expect(await empty).toBeTruthy();
      expect(await t.knex('chat_messages').where({ from_id: a.id })).toHaveLength(0);
    });

    it('refuses the next message of a pair that chatted and then blocked, and of one no longer connected', async () => {
      const [a, b, c] = [await user(), await user(), await user()];
      await connect(a, b);
      await connect(a, c);
      const sa = await socketOf(a);
      const sb = await socketOf(b);
      const sc = await socketOf(c);
      // A first message each: the pairs' facts are read, and kept until the read models change.
      for (const [to, socket] of [[b, sb], [c, sc]] as const) {
        const got = next<{ message: string }>(socket, 'private_message');
        sa.emit('private_message', { from: a.id, to: to.id, message: 'before', replyTo: null });
        expect((await got).message).toBe('before');
      }
      await b.agent.post(`/api/users/block/${a.id}`).expect(200);
      const blocked = next<string>(sa, 'message_error');
      sa.emit('private_message', { from: a.id, to: b.id, message: 'after the block', replyTo: null });
      expect(await blocked).toBe('You cannot message this user');
      await c.agent.post(`/api/users/connections/${a.id}/remove`).expect(200);
      const removed = next<string>(sa, 'message_error');
      sa.emit('private_message', { from: a.id, to: c.id, message: 'after the removal', replyTo: null });
      expect(await removed).toBe('You can only message your connections');
      expect(await t.knex('chat_messages').where({ from_id: a.id }).pluck('message')).toEqual(['before', 'before']);
    });

    it('lets only the sender delete a message and announces the deletion to both sides', async () => {
      const [a, b] = [await user(), await user()];
      await connect(a, b);
      const [sa, sb] = [await socketOf(a), await socketOf(b)];
      const got = next<{ _id: string }>(sb, 'private_message');
      sa.emit('private_message', { from: a.id, to: b.id, message: 'oops', replyTo: null });
      const { _id } = await got;

      await b.agent.delete(`/api/users/messages/${_id}`).expect(403);
      const [gone, goneForSender] = [next<string>(sb, 'message_deleted'), next<string>(sa, 'message_deleted')];
      await a.agent.delete(`/api/users/messages/${_id}`).expect(200);
      expect(await gone).toBe(_id);
      expect(await goneForSender).toBe(_id);
      expect((await b.agent.get(`/api/users/${a.id}/chat`).expect(200)).body.data).toEqual([]);
      expect((await b.agent.get('/api/users/unread-count').expect(200)).body.data).toEqual({ count: 0 });
      await a.agent.delete(`/api/users/messages/${_id}`).expect(404);
    });

    it('hands a message the command side publishes twice to each socket once', async () => {
      const [a, b] = [await user(), await user()];
      await connect(a, b);
      const [sa, sb] = [await socketOf(a), await socketOf(b)];
      const published: unknown[] = [];
      const unsubscribe = await t.embedded.bus.subscribe(ChatTopics.delivered, (payload) => void published.push(payload));
      const counted = (s: Socket) => {
        const ids: string[] = [];
        s.on('private_message', (m: { _id: string }) => ids.push(m._id));
        return ids;
      };
      const [atSender, atReceiver] = [counted(sa), counted(sb)];
      try {
        sa.emit('private_message', { to: b.id, message: 'once only', replyTo: null, clientMessageId: crypto.randomUUID() });
        await waitFor(() => atReceiver.length === 1 && published.length === 1, { message: 'the first delivery' });
        // What a command service taking over does with the request its predecessor died handling.
        await t.embedded.bus.publish(ChatTopics.delivered, published[0]);
        await t.embedded.bus.publish(ChatTopics.delivered, published[0]);
        await new Promise((r) => setTimeout(r, 800));
        expect(published).toHaveLength(3);
        expect(atReceiver).toHaveLength(1);
        expect(atSender).toEqual(atReceiver);
      } finally {
        await unsubscribe();
      }
    });

    it('rejoins its room after a reconnect', async () => {
      const [a, b] = [await user(), await user()];
      await connect(a, b);
      const sa = await socketOf(a);
      const sb = await socketOf(b);
      sb.disconnect();
      sb.connect();
      await next(sb, 'connect');
      const got = next<{ message: string }>(sb, 'private_message');
      sa.emit('private_message', { from: a.id, to: b.id, message: 'after reconnect', replyTo: null });
      expect((await got).message).toBe('after reconnect');
    });

    it('keeps a user online while any tab is open and tells only their connections', async () => {
      const [a, b, stranger] = [await user(), await user(), await user()];
      await connect(a, b);
      const sa = await socketOf(a);
      const ss = await socketOf(stranger);
      const online = next<string>(sa, 'user_online');
      const strangerHears = silence(ss, 'user_online', 600);
      const tab1 = await socketOf(b);
      expect(await online).toBe(b.id);
      await strangerHears;
      const tab2 = await socketOf(b);

      expect((await a.agent.get(`/api/users/${b.id}/online-status`).expect(200)).body.data).toEqual({ userId: b.id, isOnline: true });
      expect((await a.agent.get('/api/users/online-status').expect(200)).body.data).toEqual({ [b.id]: true });
      expect(await new Promise((resolve) => sa.emit('check_online', b.id, resolve))).toBe(true);

      const stillOnline = silence(sa, 'user_offline', 600);
      tab1.close();
      await stillOnline;
      const offline = next<string>(sa, 'user_offline');
      tab2.close();
      expect(await offline).toBe(b.id);
      expect(await new Promise((resolve) => sa.emit('check_online', b.id, resolve))).toBe(false);
    });

    it('pages history newest first with a message-id cursor', async () => {
      const [a, b] = [await user(), await user()];
      await connect(a, b);
      const [sa, sb] = [await socketOf(a), await socketOf(b)];
      for (let i = 1; i <= 25; i++) {
        const got = next(sb, 'private_message');
        sa.emit('private_message', { from: a.id, to: b.id, message: `m${i}`, replyTo: null });
        await got;
      }
      // Delivery comes once a message is stored, the history once the read models include it.
      const history = () => b.agent.get(`/api/users/${a.id}/chat?limit=20`).expect(200);
      let first = await history();
      for (let tries = 0; tries < 40 && first.body.data.at(-1)?.message !== 'm25'; tries++) first = await new Promise((r) => setTimeout(r, 50)).then(history);
      expect(first.body.data.map((m: { message: string }) => m.message)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i + 6}`));
      expect(first.body.hasMore).toBe(true);
      const older = await b.agent.get(`/api/users/${a.id}/chat?limit=20&before=${first.body.data[0]._id}`).expect(200);
      expect(older.body.data.map((m: { message: string }) => m.message)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
      expect(older.body.hasMore).toBe(false);
      await b.agent.get(`/api/users/${a.id}/chat?limit=abc`).expect(400);
    });

    it('answers 401 to signed-out history and count calls', async () => {
      const anon = t.request();
      await anon.get('/api/users/unread-count').expect(401);
      await anon.get('/api/users/messages/threads').expect(401);
    });

    if (env.REDIS_URL) {
      it('delivers from a sender on one realtime instance to a receiver on another (Redis adapter)', async () => {
        const server2 = http.createServer();
        const session = createSessionMiddleware(t.knex, { secret: t.config.sessionSecret, secure: false });
        const second: RealtimeService = await createRealtimeService({
          httpServer: server2,
          session: session.middleware,
          log: createLogger('realtime-2', 'silent'),
          bus: t.embedded.bus,
          knex: t.knex,
          redisUrl: env.REDIS_URL,
          ...realtimeSettings(t.config),
        });
        await new Promise<void>((r) => server2.listen(0, r));
        const base2 = `http://127.0.0.1:${(server2.address() as { port: number }).port}`;
        try {
          const [a, b] = [await user(), await user()];
          await connect(a, b);
          const sa = await socketOf(a, base);
          const sb = await socketOf(b, base2);
          const got = next<{ message: string }>(sb, 'private_message');
          const once = new Promise<number>((resolve) => {
            let count = 0;
            sb.on('private_message', () => count++);
            setTimeout(() => resolve(count), 1500);
          });
          sa.emit('private_message', { from: a.id, to: b.id, message: 'across instances', replyTo: null });
          expect((await got).message).toBe('across instances');
          expect(await once).toBe(1);
        } finally {
          await second.stop();
          session.close();
        }
      });
    }
  });
}

suite('realtime messaging (one instance)', {});
if (process.env.REDIS_URL) suite('realtime messaging across instances on Redis', { REDIS_URL: process.env.REDIS_URL });
else describe.skip('realtime messaging across instances on Redis (skipped: REDIS_URL not set)', () => it('runs when REDIS_URL is set', () => undefined));
