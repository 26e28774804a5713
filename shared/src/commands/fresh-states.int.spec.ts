import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore } from '../adapters/event-store/postgres-event-store';
import { createKnex, type Knex } from '../db/knex';
import type { EventStore, ReadStreamOptions } from '../ports/event-store';
import { waitFor } from '../testkit/wait';
import { handleCommand, toNewEvents, type Decider } from './decider';
import { followFreshness, loadFresh } from './fresh-states';

type Registered = { type: 'UserRegistered'; data: { userId: string } };
/** How many registrations a stream holds: enough to see which reads happen. */
const count: Decider<number, { userId: string }, Registered> = {
  initialState: () => 0,
  evolve: (n) => n + 1,
  decide: ({ userId }) => [{ type: 'UserRegistered', data: { userId } }],
};
const registered = (userId: string) => ({ type: 'UserRegistered', data: { userId, username: userId, email: `${userId}@x.test`, firstName: 'A', lastName: 'B', passwordHash: null, role: 'user', emailVerified: true, registeredAt: '2026-11-28T10:00:00.000Z' } });

/** A fold another decision depends on is read again only when the feed or this process's appends show a change. */
describe('fresh states', () => {
  let knex: Knex;
  let store: PostgresEventStore;
  /** The store the services use, counting its stream reads. */
  let counted: EventStore & { reads: number };

  beforeAll(async () => {
    knex = await createKnex({ kind: 'pglite' });
    store = await PostgresEventStore.create(knex);
    counted = Object.assign(Object.create(store) as EventStore, {
      reads: 0,
      readStream(this: { reads: number }, streamId: string, options?: ReadStreamOptions) {
        this.reads += 1;
        return store.readStream(streamId, options);
      },
    });
  });
  afterAll(async () => {
    await store?.close();
    await knex?.destroy();
  });

  it('reads every time while the feed is not followed, then only after a change', async () => {
    await store.append('user-fresh-1', toNewEvents([registered('a')], {}, '2026-11-28T10:00:00.000Z'), 'no_stream');
    const reads = async (load: () => Promise<number>) => {
      const before = counted.reads;
      const value = await load();
      return [value, counted.reads - before];
    };
    const load = () => loadFresh(counted, 'user-fresh-1', count);
    expect([await reads(load), await reads(load)]).toEqual([[1, 1], [1, 1]]);

    const followed = followFreshness(counted, store);
    await followed.start();
    try {
      expect([await reads(load), await reads(load)]).toEqual([[1, 1], [1, 0]]);
      // This process's own command: forgotten at once.
      await handleCommand(counted, 'user-fresh-1', { ...count, decide: () => [registered('b') as Registered] }, { userId: 'b' });
      expect(await reads(load)).toEqual([2, 1]);
      // Another writer's append: forgotten once the feed hands it over (a read may see it first), then kept again.
      await store.append('user-fresh-1', toNewEvents([registered('c')], {}, '2026-11-28T10:00:00.000Z'), 'any');
      await waitFor(async () => JSON.stringify(await reads(load)) === '[3,0]', { message: 'the append read once, and kept' });
    } finally {
      await followed.stop();
    }
    expect(await reads(load)).toEqual([3, 1]);
  });
});
