import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InProcessBus } from '@circuit/shared/adapters/bus/in-process-bus';
import { ChatTopics, type SendRequest } from '@circuit/shared/events/messaging';
import { createLogger } from '@circuit/shared/logger';
import { EdgeMessages } from '@circuit/shared/http/reject-nul';
import { sleep, waitFor } from '@circuit/shared/testkit/wait';
import { createTestApp, GENEROUS_RATE_LIMITS, type TestApp } from '@circuit/embedded/testing/test-app';
import type { CommandServiceDeps } from '../context';
import { startChatSendConsumer } from './chat-send-consumer';
import type { ChatMessageView, MessagingService } from './messaging-service';

/** The chat-send consumer under at-least-once delivery: a request may come twice, or fail for a moment. */
describe('chat-send consumer', () => {
  let t: TestApp;
  let from: string;
  let to: string;

  beforeAll(async () => {
    t = await createTestApp({ rateLimits: GENEROUS_RATE_LIMITS });
    const a = await t.signedIn();
    const b = await t.signedIn();
    from = a.userId;
    to = b.userId;
    await a.agent.post(`/api/users/connect/${to}`).expect(200);
    await b.agent.post(`/api/users/accept-connection/${from}`).expect(200);
  });
  afterAll(async () => {
    await t?.stop();
  });

  const request = (text: string): SendRequest => ({ messageId: randomUUID(), from, to, message: text, replyTo: null, origin: 'test' });

  function inbox(topic: string) {
    const got: Record<string, unknown>[] = [];
    const off = t.embedded.bus.subscribe(topic, (p) => void got.push(p as Record<string, unknown>));
    return { got, off };
  }

  /** The message a fake messaging service answers a send with. */
  const viewOf = (input: { messageId?: string; from: string; to: string; text: string }): ChatMessageView => ({
    _id: input.messageId ?? '',
    from: input.from,
    to: input.to,
    message: input.text,
    createdAt: new Date(0).toISOString(),
    replyTo: null,
  });

  /** A consumer over a bus of its own and a fake messaging service, and what it published on each outcome topic. */
  async function consumerOver(bus: InProcessBus, messaging: Partial<MessagingService>) {
    const deps = { knex: t.knex, bus, log: createLogger('test', 'silent') } as unknown as CommandServiceDeps;
    const stop = await startChatSendConsumer(deps, messaging as MessagingService);
    const published = { delivered: [] as unknown[], failed: [] as unknown[], unread: [] as unknown[] };
    await bus.subscribe(ChatTopics.delivered, (p) => void published.delivered.push(p));
    await bus.subscribe(ChatTopics.failed, (p) => void published.failed.push(p));
    await bus.subscribe(ChatTopics.unreadChanged, (p) => void published.unread.push(p));
    return {
      ...published,
      bus,
      async stop() {
        await stop();
        await bus.close();
      },
    };
  }

  it('stores a request that comes twice once, and delivers the stored message both times', async () => {
    const delivered = inbox(ChatTopics.delivered);
    try {
      const r = request('twice');
      await t.embedded.bus.publish(ChatTopics.sendRequested, r);
      await waitFor(() => delivered.got.some((m) => m._id === r.messageId), { message: 'the first delivery' });
      // A redelivery comes later: a message built anew would carry a later time.
      t.clock.advance(60_000);
      await t.embedded.bus.publish(ChatTopics.sendRequested, r);
      await waitFor(() => delivered.got.filter((m) => m._id === r.messageId).length >= 2, { message: 'the second delivery' });

      const [first, second] = delivered.got.filter((m) => m._id === r.messageId);
      expect(second).toEqual(first);
      expect(first).toMatchObject({ _id: r.messageId, from, to, message: 'twice', replyTo: null });
      expect(await t.knex('chat_messages').where({ id: r.messageId }).count<{ count: number | string }[]>('* as count')).toEqual([{ count: 1 }]);
      const events = (await t.store.readAll(0n, 100_000)).filter((e) => e.id === r.messageId);
      expect(events).toHaveLength(1);
    } finally {
      await (await delivered.off)();
    }
  });

  it('handles several senders at once, and stores each sender\'s messages in the order sent', async () => {
    const c = await t.signedIn();
    const d = await t.signedIn();
    await c.agent.post(`/api/users/connect/${d.userId}`).expect(200);
    await d.agent.post(`/api/users/accept-connection/${c.userId}`).expect(200);
    const delivered = inbox(ChatTopics.delivered);
    try {
      const sends: SendRequest[] = [];
      for (let i = 0; i < 10; i++) {
        sends.push(request(`a${i}`));
        sends.push({ messageId: randomUUID(), from: c.userId, to: d.userId, message: `c${i}`, replyTo: null, origin: 'test' });
      }
      for (const r of sends) await t.embedded.bus.publish(ChatTopics.sendRequested, r);
      const ids = new Set(sends.map((r) => r.messageId));
      await waitFor(() => delivered.got.filter((m) => ids.has(String(m._id))).length === 20, { message: 'twenty deliveries' });
      const events = (await t.store.readAll(0n, 100_000)).filter((e) => ids.has(e.id));
      const texts = events.map((e) => (e.data as { message: string }).message);
      expect(texts.filter((m) => m.startsWith('a'))).toEqual(Array.from({ length: 10 }, (_, i) => `a${i}`));
      expect(texts.filter((m) => m.startsWith('c'))).toEqual(Array.from({ length: 10 }, (_, i) => `c${i}`));
    } finally {
      await (await delivered.off)();
    }
  });

  it('does not deliver again a message deleted since the first delivery', async () => {
    const delivered = inbox(ChatTopics.delivered);
    try {
      const r = request('then deleted');
      await t.embedded.bus.publish(ChatTopics.sendRequested, r);
      await waitFor(() => delivered.got.some((m) => m._id === r.messageId), { message: 'the first delivery' });
      // Delivered once stored: the read model gets its row a moment later.
      await waitFor(async () => (await t.knex('chat_messages').where({ id: r.messageId }).update({ deleted_at: new Date() })) === 1, { message: 'the stored row' });
      await t.embedded.bus.publish(ChatTopics.sendRequested, r);
      await sleep(300);
      expect(delivered.got.filter((m) => m._id === r.messageId)).toHaveLength(1);
    } finally {
      await (await delivered.off)();
    }
  });

  it('delivers a message once it is stored, and tells of unread counts only once the read models include it', async () => {
    let readModelsCaughtUp!: (reached: boolean) => void;
    const caughtUp = new Promise<boolean>((resolve) => (readModelsCaughtUp = resolve));
    const consumer = await consumerOver(new InProcessBus(), {
      async sendOnce(input, _ctx, options) {
        expect(options).toEqual({ readYourWrites: false });
        return { message: viewOf(input), repeated: false, inReadModels: () => caughtUp };
      },
    });
    try {
      await consumer.bus.publish(ChatTopics.sendRequested, request('fast'));
      await waitFor(() => consumer.delivered.length === 1, { message: 'the delivery before the read models' });
      await sleep(50);
      expect(consumer.unread).toEqual([]);
      readModelsCaughtUp(true);
      await waitFor(() => consumer.unread.length === 1, { message: 'the unread update after them' });
      expect(consumer.unread).toEqual([{ userId: to }]);
    } finally {
      await consumer.stop();
    }
  });

  it('lets the bus deliver again a send that failed for a moment, and tells the sender only after repeated failures', async () => {
    // A bus of its own with a short retry delay, and a messaging service whose database is "down" at first.
    let failuresLeft = 2;
    let calls = 0;
    const consumer = await consumerOver(new InProcessBus({ retryDelayMs: 10 }), {
      async sendOnce(input) {
        calls += 1;
        if (input.text === 'always broken' || failuresLeft-- > 0) throw new Error('connection terminated');
        return { message: viewOf(input), repeated: false, inReadModels: async () => true };
      },
    });
    try {
      const flaky = request('flaky');
      await consumer.bus.publish(ChatTopics.sendRequested, flaky);
      await waitFor(() => consumer.delivered.length >= 1, { message: 'the delivery after two failures' });
      expect(calls).toBe(3);
      expect(consumer.failed).toEqual([]);

      const broken = request('always broken');
      await consumer.bus.publish(ChatTopics.sendRequested, broken);
      await waitFor(() => consumer.failed.length >= 1, { message: 'the failure answer' });
      expect(calls).toBe(3 + 5);
      expect(consumer.failed).toEqual([expect.objectContaining({ messageId: broken.messageId, userId: from, error: 'Message could not be sent. Please try again.' })]);
    } finally {
      await consumer.stop();
    }
  });

  it('refuses a request carrying a NUL character once, with the HTTP 400 text, without trying to store it', async () => {
    let calls = 0;
    const consumer = await consumerOver(new InProcessBus({ retryDelayMs: 10 }), {
      async sendOnce(input) {
        calls += 1;
        return { message: viewOf(input), repeated: false, inReadModels: async () => true };
      },
    });
    try {
      const nul = request('nul\u0000inside');
      await consumer.bus.publish(ChatTopics.sendRequested, nul);
      await waitFor(() => consumer.failed.length >= 1, { message: 'the refusal' });
      await sleep(100);
      expect(consumer.failed).toEqual([expect.objectContaining({ messageId: nul.messageId, userId: from, error: EdgeMessages.nul })]);
      expect(calls).toBe(0);
      expect(consumer.delivered).toEqual([]);
    } finally {
      await consumer.stop();
    }
  });
});
