import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { createKnex } from '../../db/knex';
import { eventStoreContract } from '../../ports/event-store.contract';
import type { NewEvent, RecordedEvent, Subscription } from '../../ports/event-store';
import { sleep, waitFor } from '../../testkit/wait';
import { PostgresEventStore } from './postgres-event-store';
import { SharedFeed } from './shared-feed';

// A shared feed is an EventStore: it keeps every promise of the port.
eventStoreContract('Shared feed over the Postgres adapter on PGlite', async () => {
  const knex = await createKnex({ kind: 'pglite' });
  const store = new SharedFeed(await PostgresEventStore.create(knex, { pollIntervalMs: 100 }));
  return {
    store,
    cleanup: async () => {
      await store.close();
      await knex.destroy();
    },
  };
});

const event = (): NewEvent => ({ id: randomUUID(), type: 'Thing', data: {}, metadata: {}, occurredAt: new Date().toISOString() });

describe('shared feed', () => {
  let knex: Knex;
  let feed: SharedFeed;
  let feedReads = 0;

  beforeAll(async () => {
    knex = await createKnex({ kind: 'pglite' });
    knex.on('query', (q: { sql: string }) => {
      // A page of the feed (readAll): the only statement that selects events after a position.
      if (/select \* from "?event_store_events"? where "?position"? >/.test(q.sql)) feedReads += 1;
    });
    feed = new SharedFeed(await PostgresEventStore.create(knex, { pollIntervalMs: 10_000 }), { retryMs: 20 });
  });
  afterAll(async () => {
    await feed.close();
    await knex.destroy();
  });

  function follow(after: bigint, fail?: (e: RecordedEvent) => boolean) {
    const seen: bigint[] = [];
    const subscription: Subscription = feed.subscribe({
      after,
      onEvent: async () => undefined,
      onBatch: async (events) => {
        if (fail && events.some(fail)) throw new Error('cannot');
        seen.push(...events.map((e) => e.position));
      },
    });
    return { seen, subscription };
  }

  it('reads the feed once per append for all its subscribers', async () => {
    const head = await feed.headPosition();
    const subscribers = [follow(head), follow(head), follow(head)];
    await sleep(50);
    const readsBefore = feedReads;
    const { position } = await feed.append(`thing-${randomUUID()}`, [event()], 'any');
    await waitFor(() => subscribers.every((s) => s.seen.includes(position)), { message: 'every subscriber to get the event' });
    // One read by the shared reader; the subscribers take the event from it.
    expect(feedReads - readsBefore).toBe(1);
    await Promise.all(subscribers.map((s) => s.subscription.stop()));
  });

  it('hands a subscriber that fell behind by several of the reader\'s batches all of them at once, in feed order', async () => {
    const head = await feed.headPosition();
    const batches: bigint[][] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const subscription = feed.subscribe({
      after: head,
      onEvent: async () => undefined,
      onBatch: async (events) => {
        batches.push(events.map((e) => e.position));
        // The first batch is slow to apply: the reader reads the next appends meanwhile, one batch each.
        if (batches.length === 1) await held;
      },
    });
    const positions: bigint[] = [];
    positions.push((await feed.append(`thing-${randomUUID()}`, [event()], 'any')).position);
    await waitFor(() => batches.length === 1, { message: 'the first batch' });
    const readsBefore = feedReads;
    for (let i = 0; i < 5; i++) {
      positions.push((await feed.append(`thing-${randomUUID()}`, [event()], 'any')).position);
      // Each append read by the reader before the next: five batches of its own.
      await waitFor(() => feedReads - readsBefore === i + 1, { message: `the reader to read append ${i + 1}` });
    }
    release();
    await waitFor(() => batches.flat().length === positions.length, { message: 'every event' });
    expect(batches.flat()).toEqual(positions);
    // The five later batches came as one: a projection applies them in one transaction, not five.
    expect(batches).toHaveLength(2);
    await subscription.stop();
  });

  it('lets a subscriber far behind catch up on its own, and a failing one retry, without holding the others back', async () => {
    const head = await feed.headPosition();
    let failing = true;
    const live = follow(head);
    const behind = follow(0n);
    const flaky = follow(head, () => failing);
    const { position } = await feed.append(`thing-${randomUUID()}`, [event(), event()], 'any');
    await waitFor(() => live.seen.includes(position) && behind.seen.includes(position), { message: 'the healthy subscribers' });
    expect(flaky.seen).toEqual([]);
    expect(behind.seen).toEqual((await feed.readAll(0n, 100_000)).map((e) => e.position));
    failing = false;
    await waitFor(() => flaky.seen.includes(position), { message: 'the retry' });
    expect(flaky.seen).toEqual(live.seen);
    await Promise.all([live, behind, flaky].map((s) => s.subscription.stop()));
  });

  it('keeps the last `bufferEvents` events of its batches: a subscriber inside them reads nothing, one behind them a page of its own', async () => {
    const db = await createKnex({ kind: 'pglite' });
    let reads = 0;
    db.on('query', (q: { sql: string }) => {
      if (/select \* from "?event_store_events"? where "?position"? >/.test(q.sql)) reads += 1;
    });
    const small = new SharedFeed(await PostgresEventStore.create(db, { pollIntervalMs: 10_000 }), { bufferEvents: 3 });
    const follow = (after: bigint) => {
      const seen: bigint[] = [];
      const subscription = small.subscribe({ after, onEvent: async () => undefined, onBatch: async (events) => void seen.push(...events.map((e) => e.position)) });
      return { seen, subscription };
    };
    try {
      const reader = follow(0n);
      const positions: bigint[] = [];
      for (let i = 0; i < 6; i++) {
        positions.push((await small.append(`thing-${randomUUID()}`, [event()], 'any')).position);
        await waitFor(() => reader.seen.includes(positions[i]!), { message: `event ${i}` });
      }
      reads = 0;
      const near = follow(positions[2]!);
      await waitFor(() => near.seen.length === 3, { message: 'the last three events' });
      expect(reads).toBe(0);
      const far = follow(positions[0]!);
      await waitFor(() => far.seen.length === 5, { message: 'the last five events' });
      expect(far.seen).toEqual(positions.slice(1));
      expect(reads).toBe(1);
      await Promise.all([reader, near, far].map((s) => s.subscription.stop()));
    } finally {
      await small.close();
      await db.destroy();
    }
  });
});
