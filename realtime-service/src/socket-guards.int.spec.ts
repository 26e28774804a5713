import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { endSessionsOf } from '@circuit/shared/http/session';
import { EdgeMessages } from '@circuit/shared/http/reject-nul';
import { ChatTopics } from '@circuit/shared/events/messaging';
import type { PayloadRefusedEvent } from '@circuit/shared/realtime/socket-errors';
import { MESSAGES_RATE_LIMITED_MESSAGE } from '@circuit/shared/http/user-rate-limit';
import { createTestApp, type TestApp } from '@circuit/embedded/testing/test-app';
import { FLOOD_DISCONNECTED, ORIGIN_REFUSED, TOO_MANY_SOCKETS, type RateLimitedEvent } from './realtime-service';
import { next, nextWhere, silence } from '@circuit/shared/testkit/socket-events';
import { sessionCookieOf } from '@circuit/shared/testkit/session-cookie';

interface ChatUser {
  id: string;
  cookie: string;
  username: string;
  password: string;
  agent: ReturnType<TestApp['request']>;
}

describe('socket guards: sessions, origin, online privacy, limits', () => {
  let t: TestApp;
  let base: string;
  const sockets: Socket[] = [];
  /** What the app logged at warn level or above. */
  const logged: { level: number; msg: string }[] = [];

  beforeAll(async () => {
    const log = pino({ level: 'warn' }, new Writable({ write: (chunk, _enc, done) => (logged.push(JSON.parse(String(chunk)) as { level: number; msg: string }), done()) }));
    t = await createTestApp({ env: { PUBLIC_URL: 'http://circuit.example.test', RATE_LIMIT_MESSAGES: '10', SOCKETS_PER_USER: '5' }, log });
    base = `http://127.0.0.1:${await t.embedded.listen(0)}`;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t?.stop();
  });

  async function login(agent: ChatUser['agent'], username: string, password: string) {
    const res = await agent.post('/api/auth/login').send({ identifier: username, password }).expect(200);
    return { id: res.body.data.id as string, cookie: sessionCookieOf(res) };
  }

  async function user(): Promise<ChatUser> {
    const u = t.newUser();
    const { agent } = await t.signUpVerified(u);
    return { ...(await login(agent, u.username, u.password)), username: u.username, password: u.password, agent };
  }

  async function connect(a: ChatUser, b: ChatUser) {
    await a.agent.post(`/api/users/connect/${b.id}`).expect(200);
    await b.agent.post(`/api/users/accept-connection/${a.id}`).expect(200);
  }

  function open(cookie: string, headers: Record<string, string> = {}): Socket {
    const s = io(base, { transports: ['websocket'], extraHeaders: { cookie, ...headers }, reconnection: false, forceNew: true });
    sockets.push(s);
    return s;
  }

  async function socketOf(u: { cookie: string }): Promise<Socket> {
    const s = open(u.cookie);
    await next(s, 'connect');
    return s;
  }

  const checkOnline = (s: Socket, id: string) => new Promise((resolve) => s.emit('check_online', id, resolve));

  describe('sessions', () => {
    it('logout disconnects the sockets of that session only', async () => {
      const a = await user();
      const otherTab = await login(t.request(), a.username, a.password);
      const [mine, other] = [await socketOf(a), await socketOf(otherTab)];
      const ended = next(mine, 'session_ended');
      const gone = next<string>(mine, 'disconnect');
      const stays = silence(other, 'disconnect', 800);
      await a.agent.post('/api/auth/logout').expect(200);
      await ended;
      expect(await gone).toBe('io server disconnect');
      await stays;
      expect(other.connected).toBe(true);
    });

    it('a password change disconnects the sockets of the other sessions, not its own', async () => {
      const a = await user();
      const otherBrowser = await login(t.request(), a.username, a.password);
      const [mine, theirs] = [await socketOf(a), await socketOf(otherBrowser)];
      const gone = next<string>(theirs, 'disconnect');
      const stays = silence(mine, 'disconnect', 800);
      await a.agent.post('/api/auth/change-password').send({ currentPassword: a.password, newPassword: 'changed-pass-2' }).expect(200);
      expect(await gone).toBe('io server disconnect');
      await stays;
      // Its cookie no longer opens a socket.
      const again = open(otherBrowser.cookie);
      expect((await next<Error>(again, 'connect_error')).message).toBe('Not authenticated');
    });

    it('a socket whose session ended sends nothing, even when nobody announced the end', async () => {
      const [a, b] = [await user(), await user()];
      await connect(a, b);
      const [sa, sb] = [await socketOf(a), await socketOf(b)];
      // Ended in the database only (as another process would, its bus message lost).
      await endSessionsOf(t.knex, a.id);
      const nothing = silence(sb, 'private_message', 800);
      const closed = next(sa, 'session_ended');
      sa.emit('private_message', { to: b.id, message: 'sent by a dead session', replyTo: null });
      await closed;
      await nothing;
      expect(await t.knex('chat_messages').where({ from_id: a.id })).toHaveLength(0);
    });
  });

  describe('origin', () => {
    it('refuses a handshake from a page of another origin, even on the same host', async () => {
      const a = await user();
      const port = new URL(base).port;
      const evil = open(a.cookie, { origin: `http://127.0.0.1:${Number(port) + 1}` });
      const error = await next<Error>(evil, 'connect_error');
      expect(error.message).toBeTruthy();
      expect(evil.connected).toBe(false);
      const polling = await supertest(base).get('/socket.io/?EIO=4&transport=polling').set('Origin', 'https://evil.example.test').set('Cookie', a.cookie);
      expect(polling.status).toBe(403);
      expect(polling.text).toContain(ORIGIN_REFUSED);
    });

    it('pins a handshake that came over https through a trusted proxy to https (HSTS), whatever NODE_ENV says', async () => {
      const a = await user();
      const handshake = () => supertest(base).get('/socket.io/?EIO=4&transport=polling').set('Cookie', a.cookie);
      const overHttps = await handshake().set('X-Forwarded-Proto', 'https').expect(200);
      expect(overHttps.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
      const plain = await handshake().expect(200);
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      expect(plain.headers['x-content-type-options']).toBe('nosniff');
    });

    it('accepts PUBLIC_URL, the host itself, and clients that send no Origin', async () => {
      const a = await user();
      const origins: Record<string, string>[] = [{ origin: 'http://circuit.example.test' }, { origin: base }, {}];
      for (const headers of origins) {
        const s = open(a.cookie, headers);
        await next(s, 'connect');
        s.close();
      }
    });
  });

  describe('online status', () => {
    it('tells only connections, and nobody across a block', async () => {
      const [a, b, stranger] = [await user(), await user(), await user()];
      await connect(a, b);
      await socketOf(b);
      const [sa, ss] = [await socketOf(a), await socketOf(stranger)];

      // Presence is written just after the connection: wait until the connection sees it.
      await expect.poll(() => checkOnline(sa, b.id), { timeout: 5000 }).toBe(true);
      expect((await a.agent.get(`/api/users/${b.id}/online-status`).expect(200)).body.data).toEqual({ userId: b.id, isOnline: true });
      expect(await checkOnline(ss, b.id)).toBe(false);
      expect((await stranger.agent.get(`/api/users/${b.id}/online-status`).expect(200)).body.data).toEqual({ userId: b.id, isOnline: false });

      await b.agent.post(`/api/users/block/${a.id}`).expect(200);
      expect(await checkOnline(sa, b.id)).toBe(false);
      expect((await a.agent.get(`/api/users/${b.id}/online-status`).expect(200)).body.data).toEqual({ userId: b.id, isOnline: false });
      expect((await a.agent.get('/api/users/online-status').expect(200)).body.data[b.id]).not.toBe(true);
    });
  });

  describe('payloads', () => {
    const ERROR_LEVEL = 50;

    it('refuses a private message with a NUL character at once with the HTTP 400 text: nothing is sent on, retried or logged as an error, and the next message goes out', async () => {
      const [a, b] = [await user(), await user()];
      await connect(a, b);
      const [sa, sb] = [await socketOf(a), await socketOf(b)];
      // What HTTP answers for the same text in a body.
      const http = await a.agent.put('/api/users/profile').send({ bio: 'nul\u0000inside' }).expect(400);
      expect(http.body.message).toBe(EdgeMessages.nul);

      const asked: unknown[] = [];
      const unsubscribe = await t.embedded.bus.subscribe(ChatTopics.sendRequested, (payload) => void asked.push(payload));
      const errorsBefore = logged.filter((l) => l.level >= ERROR_LEVEL).length;
      try {
        const told = next<string>(sa, 'message_error');
        const refused = next<PayloadRefusedEvent>(sa, 'payload_refused');
        sa.emit('private_message', { to: b.id, message: 'nul\u0000inside', replyTo: null, clientMessageId: randomUUID() });
        expect(await told).toBe(http.body.message);
        expect(await refused).toEqual({ event: 'private_message', message: EdgeMessages.nul });

        const got = next<{ message: string }>(sb, 'private_message');
        sa.emit('private_message', { to: b.id, message: 'right after', replyTo: null, clientMessageId: randomUUID() });
        expect((await got).message).toBe('right after');
        await silence(sa, 'message_error', 300);
        expect(asked.map((p) => (p as { message: string }).message)).toEqual(['right after']);
        expect(await t.knex('chat_messages').where({ from_id: a.id }).pluck('message')).toEqual(['right after']);
        expect(logged.filter((l) => l.level >= ERROR_LEVEL).slice(errorsBefore)).toEqual([]);
      } finally {
        await unsubscribe();
      }
    });

    it('refuses unstorable text in any other event the same way: community rooms, online checks, the rest', async () => {
      const a = await user();
      const s = await socketOf(a);
      const refusals: PayloadRefusedEvent[] = [];
      s.on('payload_refused', (r: PayloadRefusedEvent) => refusals.push(r));
      const communityError = next<{ message: string }>(s, 'community_error');
      const joined = await new Promise((resolve) => s.emit('join_community', 'hack\u0000athon', resolve));
      expect(joined).toEqual({ ok: false, message: EdgeMessages.nul });
      expect((await communityError).message).toBe(EdgeMessages.nul);
      expect(await new Promise((resolve) => s.emit('check_online', `${a.id}\u0000`, resolve))).toBe(false);
      // An unpaired UTF-16 half is refused like NUL (jsonb cannot hold it either).
      expect(await new Promise((resolve) => s.emit('join_quiz', { id: 'x\ud800' }, resolve))).toEqual({ ok: false, message: EdgeMessages.malformedText });
      s.emit('refresh_unread_counts', { note: 'nul\u0000' });
      await expect.poll(() => refusals.map((r) => r.event)).toEqual(['join_community', 'check_online', 'join_quiz', 'refresh_unread_counts']);
      // The socket stays open and answers ordinary events.
      expect(await new Promise((resolve) => s.emit('ping', resolve))).toBe('pong');
    });
  });

  describe('limits', () => {
    it('caps the sockets one user holds open', async () => {
      const a = await user();
      const open5 = await Promise.all(Array.from({ length: 5 }, () => socketOf(a)));
      const sixth = open(a.cookie);
      expect((await next<Error>(sixth, 'connect_error')).message).toBe(TOO_MANY_SOCKETS);
      open5[0]!.close();
      await new Promise((r) => setTimeout(r, 200));
      await socketOf(a);
    });

    it('refuses a flooding sender with a rate_limited event while another user chats on', async () => {
      const [a, b, c, d] = [await user(), await user(), await user(), await user()];
      await connect(a, b);
      await connect(c, d);
      const [sa, sc, sd] = [await socketOf(a), await socketOf(c), await socketOf(d)];
      const limited = nextWhere<RateLimitedEvent>(sa, 'rate_limited', (r) => r.message === MESSAGES_RATE_LIMITED_MESSAGE);
      for (let i = 0; i < 200; i++) sa.emit('private_message', { to: b.id, message: `flood ${i}`, replyTo: null });
      expect(await limited).toMatchObject({ event: 'private_message', message: MESSAGES_RATE_LIMITED_MESSAGE });
      expect((await limited).retryAfterMs).toBeGreaterThan(0);

      const got = next<{ message: string }>(sd, 'private_message');
      sc.emit('private_message', { to: d.id, message: 'not slowed down', replyTo: null });
      expect((await got).message).toBe('not slowed down');
      await new Promise((r) => setTimeout(r, 500));
      const stored = await t.knex('chat_messages').where({ from_id: a.id }).count<{ n: string }[]>('id as n');
      // At most two windows' worth when the flood straddles a window's end.
      expect(Number(stored[0]!.n)).toBeLessThanOrEqual(20);
    });

    it('tells a flood a few times, drops the rest, and closes a socket far over its allowance', async () => {
      const a = await user();
      const s = await socketOf(a);
      const told: RateLimitedEvent[] = [];
      s.on('rate_limited', (r: RateLimitedEvent) => told.push(r));
      const closed = next<string>(s, 'disconnect');
      for (let i = 0; i < 1000; i++) s.emit('refresh_unread_counts');
      expect(await closed).toBe('io server disconnect');
      expect(told.length).toBeLessThanOrEqual(11); // ten refusals told, then the closing one
      expect(told.at(-1)?.message).toBe(FLOOD_DISCONNECTED);
      // Another socket of the user is welcome again once the window has passed; the cap is not used up.
      expect(told[0]!.retryAfterMs).toBeLessThanOrEqual(10_000);
    });
  });
});
