import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createKnex, type Knex } from '../db/knex';
import { PostgresEventStore } from '../adapters/event-store/postgres-event-store';
import { handleCommand, loadState, type Decider } from './decider';

/** A toggle with a counter: the shape of a follow/unfollow relationship that lives for years. */
type Toggle = { on: boolean; flips: number };
type ToggleEvent = { type: 'UserFollowed' | 'UserUnfollowed'; data: { from: string; to: string; at: string } };
const toggleDecider: Decider<Toggle, { type: 'Flip'; now: Date }, ToggleEvent> = {
  initialState: () => ({ on: false, flips: 0 }),
  evolve: (s, e) => ({ on: e.type === 'UserFollowed', flips: s.flips + 1 }),
  decide: (c, s) => [{ type: s.on ? 'UserUnfollowed' : 'UserFollowed', data: { from: 'a', to: 'b', at: c.now.toISOString() } }],
};

describe('command state of a long-lived stream', () => {
  let knex: Knex;
  let store: PostgresEventStore;
  beforeAll(async () => {
    knex = await createKnex({ kind: 'pglite' });
    store = await PostgresEventStore.create(knex);
  });
  afterAll(async () => {
    await store.close();
    await knex.destroy();
  });

  it('each command reads only the events appended since the stream was last folded, and decides on the whole history', async () => {
    const stream = `relationship-${randomUUID()}`;
    for (let i = 0; i < 30; i++) await handleCommand(store, stream, toggleDecider, { type: 'Flip', now: new Date() });
    const read = vi.spyOn(store, 'readStream');
    try {
      const result = await handleCommand(store, stream, toggleDecider, { type: 'Flip', now: new Date() });
      expect(result.state).toEqual({ on: true, flips: 31 });
      const returned = await Promise.all(read.mock.results.map((r) => r.value as Promise<unknown[]>));
      expect(returned.map((events) => events.length)).toEqual([0]);
      expect(read.mock.calls[0]![1]).toEqual({ fromRevision: 30 });
    } finally {
      read.mockRestore();
    }
  });

  it('folds in what another process appended meanwhile', async () => {
    const stream = `relationship-${randomUUID()}`;
    await handleCommand(store, stream, toggleDecider, { type: 'Flip', now: new Date() });
    // Another process: a store of its own on the same database, which this process's folded state knows nothing of.
    await store.append(stream, [{ id: randomUUID(), type: 'UserUnfollowed', data: { from: 'a', to: 'b', at: new Date().toISOString() }, occurredAt: new Date().toISOString() }], 0);
    expect(await loadState(store, stream, toggleDecider)).toEqual({ state: { on: false, flips: 2 }, revision: 1 });
    const result = await handleCommand(store, stream, toggleDecider, { type: 'Flip', now: new Date() });
    expect(result.events.map((e) => e.type)).toEqual(['UserFollowed']);
    expect((await store.readStream(stream)).map((e) => e.revision)).toEqual([0, 1, 2]);
  });

  it('a stream that does not exist is folded from the initial state, and not remembered', async () => {
    expect(await loadState(store, `relationship-${randomUUID()}`, toggleDecider)).toEqual({ state: { on: false, flips: 0 }, revision: 'no_stream' });
  });
});
