import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { createKnex } from '../db/knex';
import { PostgresEventStore } from '../adapters/event-store/postgres-event-store';
import { KurrentDbEventStore } from '../adapters/event-store/kurrentdb-event-store';
import { eventStoreContract, newEvent } from '../ports/event-store.contract';
import type { EventStore, RecordedEvent } from '../ports/event-store';
import { describeWhen } from '../testkit/skip';
import { kurrentDbServer, kurrentDbTarget } from '../testkit/kurrentdb';
import { waitFor } from '../testkit/wait';
import { withPersonalData } from './personal-data';
import { LocalMasterKey } from './master-key';
import { ERASURE_EVENT_TYPE } from './personal-data-event-store';

const master = new LocalMasterKey(randomBytes(32));

/**
 * What crypto-shredding promises on top of an adapter: the adapter stores no personal field in the clear, every
 * reader sees it plain, and once the person's key is destroyed every read path shows what erasure leaves.
 */
function personalDataSuite(label: string, open: () => Promise<{ inner: EventStore; knex: Knex; cleanup(): Promise<void> }>) {
  describe(label, () => {
    it('stores personal fields sealed, reads them plain, and after erasure reads placeholders on every path', async () => {
      const { inner, knex, cleanup } = await open();
      const store = await withPersonalData(inner, knex, {}, { master });
      try {
        const userId = randomUUID();
        const friend = randomUUID();
        const stream = `user-${userId}`;
        await store.append(stream, [
          newEvent('UserRegistered', { userId, username: `u${userId.slice(0, 8)}`, email: 'zyxqua@example.test', firstName: 'Zyxqua', lastName: 'Plorkin', passwordHash: null, role: 'user', emailVerified: true, registeredAt: '2026-01-01T00:00:00.000Z' }),
          newEvent('ProfileUpdated', { changes: { mobile: '9876501234', college: 'Plorkin Institute', skills: ['Go'] }, at: '2026-01-01T00:00:00.000Z' }),
        ], 'no_stream');
        const chat = `conversation-${randomUUID()}`;
        await store.append(chat, [newEvent('MessageSent', { messageId: randomUUID(), from: userId, to: friend, message: 'the zyxqua secret', replyTo: null, at: '2026-01-01T00:00:00.000Z' })], 'no_stream');
        await store.append(chat, [newEvent('MessageSent', { messageId: randomUUID(), from: friend, to: userId, message: 'a friend answers', replyTo: { _id: 'm1', message: 'the zyxqua secret', from: userId }, at: '2026-01-01T00:00:01.000Z' })], 'any');

        const raw = JSON.stringify([...(await inner.readStream(stream)), ...(await inner.readStream(chat))].map((e) => e.data));
        for (const secret of ['zyxqua', 'Zyxqua', 'Plorkin', '9876501234']) expect(raw).not.toContain(secret);
        expect(raw).not.toContain('a friend answers');

        // One box per person and event, bound to both: a box moved to another event does not open.
        const [rawRegistered, rawProfile] = await inner.readStream(stream);
        expect(Object.keys((rawProfile!.data as { $pd: object }).$pd)).toEqual([userId]);
        const moved = { ...rawProfile!, id: randomUUID(), data: { ...(rawProfile!.data as object), $pd: (rawRegistered!.data as { $pd: object }).$pd } };
        await expect(store.codec.open([moved])).rejects.toThrow();

        const [registered, profile] = await store.readStream(stream);
        expect(registered!.data).toMatchObject({ email: 'zyxqua@example.test', firstName: 'Zyxqua', lastName: 'Plorkin' });
        expect(profile!.data).toEqual({ changes: { mobile: '9876501234', college: 'Plorkin Institute', skills: ['Go'] }, at: '2026-01-01T00:00:00.000Z' });

        expect(await store.codec.keys.destroy(userId, new Date())).toBe(true);
        await store.append(stream, [newEvent(ERASURE_EVENT_TYPE, { reason: 'requested', at: '2026-01-02T00:00:00.000Z' })], 'any');
        const after = await store.readStream(stream);
        expect(after[0]!.data).toMatchObject({ email: `deleted-${userId}@erased.invalid`, firstName: 'Deleted', lastName: 'user', username: `u${userId.slice(0, 8)}` });
        expect(after[1]!.data).toEqual({ changes: { mobile: '', college: '', skills: ['Go'] }, at: '2026-01-01T00:00:00.000Z' });
        const messages = await store.readStream(chat);
        expect(messages.map((m) => m.data)).toMatchObject([{ message: 'Message deleted' }, { message: 'a friend answers', replyTo: { message: 'Message deleted' } }]);

        // The feed, as projections and rebuilds read it.
        const fromFeed: RecordedEvent[] = [];
        const subscription = store.subscribe({ onEvent: async (e) => void fromFeed.push(e) });
        await waitFor(() => fromFeed.some((e) => e.type === ERASURE_EVENT_TYPE && e.streamId === stream));
        await subscription.stop();
        const mine = fromFeed.filter((e) => e.streamId === stream || e.streamId === chat);
        expect(JSON.stringify(mine.map((e) => e.data))).not.toMatch(/zyxqua|Zyxqua|Plorkin|9876501234/);

        // Nothing new is ever kept for an erased person.
        await store.append(chat, [newEvent('MessageSent', { messageId: randomUUID(), from: userId, to: friend, message: 'zyxqua again', replyTo: null, at: '2026-01-03T00:00:00.000Z' })], 'any');
        expect(JSON.stringify((await inner.readStream(chat)).at(-1)!.data)).not.toContain('zyxqua');
        expect((await store.readStream(chat)).at(-1)!.data).toMatchObject({ message: 'Message deleted' });
      } finally {
        await cleanup();
      }
    });
  });
}

async function pglite() {
  const knex = await createKnex({ kind: 'pglite' });
  const inner = await PostgresEventStore.create(knex, { pollIntervalMs: 50 });
  return { inner, knex, cleanup: async () => { await inner.close(); await knex.destroy(); } };
}

personalDataSuite('crypto-shredding over the Postgres adapter (PGlite)', pglite);

// The decorated store is still an event store: order, concurrency and idempotency unchanged.
eventStoreContract('crypto-shredding over the Postgres adapter: the event store contract', async () => {
  const { inner, knex, cleanup } = await pglite();
  return { store: await withPersonalData(inner, knex, {}, { master }), cleanup };
});

describeWhen('crypto-shredding over the KurrentDB adapter', await kurrentDbTarget(), (target) => {
  const serverUrl = kurrentDbServer(target);
  personalDataSuite('crypto-shredding over the KurrentDB adapter', async () => {
    const inner = KurrentDbEventStore.connect(await serverUrl(), { streamPrefix: `p${randomBytes(5).toString('hex')}-`, retryDelayMs: 100 });
    // The keys live in the process's own database, whichever adapter holds the events.
    const knex = await createKnex({ kind: 'pglite' });
    return { inner, knex, cleanup: async () => { await inner.close(); await knex.destroy(); } };
  });
});
