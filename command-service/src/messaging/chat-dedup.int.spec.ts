import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { conversationStream } from '@circuit/shared/events/messaging';
import { waitFor } from '@circuit/shared/testkit/wait';
import { createTestApp, type Agent, type TestApp } from '@circuit/embedded/testing/test-app';
import { chatMessageId } from '@circuit/shared/messaging/message-id';
import { sessionCookieOf } from '@circuit/shared/testkit/session-cookie';

/**
 * Issue 7.3 for chat: the web app re-sends a message that was not confirmed in time, and a
 * message may reach the command side twice; its client message id, kept across retries, makes it
 * one message.
 */

interface ChatUser {
  id: string;
  cookie: string;
  agent: Agent;
}

describe('a chat message sent again with the same client message id', () => {
  let t: TestApp;
  let base: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    base = `http://127.0.0.1:${await t.embedded.listen(0)}`;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t?.stop();
  });

  async function user(): Promise<ChatUser> {
    const u = t.newUser();
    await t.embedded.commands.accounts.register({ ...u, emailVerified: true }, {});
    const agent = t.request();
    const login = await agent.post('/api/auth/login').send({ identifier: u.username, password: u.password }).expect(200);
    const cookie = sessionCookieOf(login);
    return { id: login.body.data.id as string, cookie, agent };
  }

  async function connected(): Promise<[ChatUser, ChatUser]> {
    const [a, b] = [await user(), await user()];
    await a.agent.post(`/api/users/connect/${b.id}`).expect(200);
    await b.agent.post(`/api/users/accept-connection/${a.id}`).expect(200);
    return [a, b];
  }

  async function socketOf(u: ChatUser): Promise<Socket> {
    const s = io(base, { transports: ['websocket'], extraHeaders: { cookie: u.cookie }, reconnection: false, forceNew: true });
    sockets.push(s);
    await new Promise<void>((resolve, reject) => {
      s.once('connect', () => resolve());
      s.once('connect_error', reject);
    });
    return s;
  }

  const sentIn = async (a: string, b: string) => (await t.store.readStream(conversationStream(a, b))).filter((e) => e.type === 'MessageSent');

  it('over the socket, three sends of one message (two of them at once) store it once; every copy delivered is the same message', async () => {
    const [a, b] = await connected();
    const [sa, sb] = [await socketOf(a), await socketOf(b)];
    const delivered: { _id: string; createdAt: string; clientMessageId?: string }[] = [];
    sb.on('private_message', (m: (typeof delivered)[number]) => delivered.push(m));

    const clientMessageId = crypto.randomUUID();
    const payload = { from: a.id, to: b.id, message: 'only once', replyTo: null, clientMessageId };
    sa.emit('private_message', payload);
    sa.emit('private_message', payload);
    await waitFor(() => delivered.length >= 2, { message: 'both copies delivered' });
    t.clock.advance(15_000); // the web app's retry comes after its 15 s confirmation wait
    sa.emit('private_message', payload);
    await waitFor(() => delivered.length >= 3, { message: 'the retry delivered' });

    const stored = await sentIn(a.id, b.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.id).toBe(chatMessageId(a.id, clientMessageId));
    expect(new Set(delivered.map((m) => m._id))).toEqual(new Set([stored[0]!.id]));
    // The retry answers the message as first stored, its time included.
    expect(new Set(delivered.map((m) => m.createdAt))).toEqual(new Set([(stored[0]!.data as { at: string }).at]));
    expect(delivered.every((m) => m.clientMessageId === clientMessageId)).toBe(true);

    const history = await b.agent.get(`/api/users/${a.id}/chat?limit=50`).expect(200);
    expect(history.body.data.map((m: { message: string }) => m.message)).toEqual(['only once']);
    expect((await b.agent.get('/api/users/unread-count').expect(200)).body.data).toEqual({ count: 1 });
  });

  it('another message id, or the same id from another sender, is another message', async () => {
    const [a, b] = await connected();
    const clientMessageId = crypto.randomUUID();
    const send = (from: string, to: string, id: string, text: string) => t.embedded.commands.messaging.send({ clientMessageId: id, from, to, text }, {});
    const first = await send(a.id, b.id, clientMessageId, 'hello');
    const second = await send(a.id, b.id, crypto.randomUUID(), 'hello');
    const reply = await send(b.id, a.id, clientMessageId, 'hi back');
    expect(new Set([first._id, second._id, reply._id]).size).toBe(3);
    expect(await sentIn(a.id, b.id)).toHaveLength(3);
  });

  it('a message id made from a client id is a valid RFC 9562 UUID, stable per sender', () => {
    const id = chatMessageId('user-1', '0b8f4c1e-6f1a-4d5e-9f00-5d2a1c3b4e5f');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(chatMessageId('user-1', '0b8f4c1e-6f1a-4d5e-9f00-5d2a1c3b4e5f')).toBe(id);
    expect(chatMessageId('user-2', '0b8f4c1e-6f1a-4d5e-9f00-5d2a1c3b4e5f')).not.toBe(id);
  });
});
