import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createKnex, type Knex } from '../db/knex';
import { PostgresEventStore } from '../adapters/event-store/postgres-event-store';
import { handleCommand, loadState, type Decider } from './decider';
import { onCommandHandled } from './command-outcomes';
import { conflict, refused } from './domain-errors';
import { createMetrics } from '../metrics/metrics';

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

  it('a command on a stream folded a moment ago reads nothing: the append\'s revision check proves nothing came since', async () => {
    const stream = `relationship-${randomUUID()}`;
    for (let i = 0; i < 30; i++) await handleCommand(store, stream, toggleDecider, { type: 'Flip', now: new Date() });
    const read = vi.spyOn(store, 'readStream');
    try {
      const result = await handleCommand(store, stream, toggleDecider, { type: 'Flip', now: new Date() });
      expect(result.state).toEqual({ on: true, flips: 31 });
      expect(read).not.toHaveBeenCalled();
      expect((await store.readStream(stream)).length).toBe(31);
    } finally {
      read.mockRestore();
    }
  });

  it('when another process appended since, the command reads only the events after its folded state and decides on the whole history', async () => {
    const stream = `relationship-${randomUUID()}`;
    for (let i = 0; i < 30; i++) await handleCommand(store, stream, toggleDecider, { type: 'Flip', now: new Date() });
    await store.append(stream, [{ id: randomUUID(), type: 'UserUnfollowed', data: { from: 'a', to: 'b', at: new Date().toISOString() }, occurredAt: new Date().toISOString() }], 29);
    const read = vi.spyOn(store, 'readStream');
    try {
      const result = await handleCommand(store, stream, toggleDecider, { type: 'Flip', now: new Date() });
      expect(result.events.map((e) => e.type)).toEqual(['UserFollowed']);
      expect(result.state).toEqual({ on: true, flips: 32 });
      const returned = await Promise.all(read.mock.results.map((r) => r.value as Promise<unknown[]>));
      expect(returned.map((events) => events.length)).toEqual([1]);
      expect(read.mock.calls[0]![1]).toEqual({ fromRevision: 30 });
    } finally {
      read.mockRestore();
    }
  });

  it('a refusal on the folded state is checked against the stream: a change made elsewhere since can allow the command', async () => {
    type Gate = { open: boolean };
    type GateEvent = { type: 'UserFollowed' | 'UserUnfollowed'; data: { from: string; to: string; at: string } };
    const gate: Decider<Gate, { type: 'Pass'; now: Date }, GateEvent> = {
      initialState: () => ({ open: false }),
      evolve: (_s, e) => ({ open: e.type === 'UserFollowed' }),
      decide: (c, s) => {
        if (!s.open) throw new Error('closed');
        return [{ type: 'UserUnfollowed', data: { from: 'a', to: 'b', at: c.now.toISOString() } }];
      },
    };
    const stream = `gate-${randomUUID()}`;
    const event = (type: GateEvent['type']) => ({ id: randomUUID(), type, data: { from: 'a', to: 'b', at: new Date().toISOString() }, occurredAt: new Date().toISOString() });
    await store.append(stream, [event('UserUnfollowed')], 'no_stream');
    expect((await loadState(store, stream, gate)).state).toEqual({ open: false });
    // Another process opens the gate; this process's folded state still says closed.
    await store.append(stream, [event('UserFollowed')], 0);
    const result = await handleCommand(store, stream, gate, { type: 'Pass', now: new Date() });
    expect(result.events.map((e) => e.type)).toEqual(['UserUnfollowed']);
    expect((await store.readStream(stream)).map((e) => e.revision)).toEqual([0, 1, 2]);
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

  it('the first command of a new stream reads nothing; on a stream that exists but was never folded here it reads the stream and decides on it', async () => {
    const fresh = `relationship-${randomUUID()}`;
    const existing = `relationship-${randomUUID()}`;
    // Written by "another process": this process has folded nothing of it.
    await store.append(existing, [{ id: randomUUID(), type: 'UserFollowed', data: { from: 'a', to: 'b', at: new Date().toISOString() }, occurredAt: new Date().toISOString() }], 'no_stream');
    const read = vi.spyOn(store, 'readStream');
    try {
      const first = await handleCommand(store, fresh, toggleDecider, { type: 'Flip', now: new Date() });
      expect(first.events.map((e) => e.type)).toEqual(['UserFollowed']);
      expect(read).not.toHaveBeenCalled();
      const second = await handleCommand(store, existing, toggleDecider, { type: 'Flip', now: new Date() });
      expect(second.events.map((e) => e.type)).toEqual(['UserUnfollowed']);
      expect(second.state).toEqual({ on: false, flips: 2 });
      expect(read).toHaveBeenCalledTimes(1);
      expect((await store.readStream(existing)).map((e) => e.type)).toEqual(['UserFollowed', 'UserUnfollowed']);
    } finally {
      read.mockRestore();
    }
  });

  it('a stream that does not exist is folded from the initial state, and not remembered', async () => {
    expect(await loadState(store, `relationship-${randomUUID()}`, toggleDecider)).toEqual({ state: { on: false, flips: 0 }, revision: 'no_stream' });
  });

  it('counts each command by its type and outcome: ok, refused, conflict, error', async () => {
    type Command = { type: 'Flip' | 'Refuse' | 'Clash' | 'Break'; now: Date };
    const picky: Decider<Toggle, Command, ToggleEvent> = {
      ...toggleDecider,
      decide: (c, s) => {
        if (c.type === 'Refuse') throw refused('Not now');
        if (c.type === 'Clash') throw conflict('Done already');
        if (c.type === 'Break') throw new Error('a bug');
        return toggleDecider.decide({ type: 'Flip', now: c.now }, s);
      },
    };
    const metrics = createMetrics('test');
    onCommandHandled(store, (command, outcome) => metrics.commands.inc({ command, outcome }));
    const stream = `relationship-${randomUUID()}`;
    for (const type of ['Flip', 'Flip', 'Refuse', 'Clash', 'Break'] as const) await handleCommand(store, stream, picky, { type, now: new Date() }).catch(() => undefined);
    const { values } = await metrics.commands.get();
    expect(values.map((v) => [v.labels.command, v.labels.outcome, v.value])).toEqual([
      ['Flip', 'ok', 2],
      ['Refuse', 'refused', 1],
      ['Clash', 'conflict', 1],
      ['Break', 'error', 1],
    ]);
  });
});
