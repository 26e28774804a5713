import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { createKnex } from '@circuit/shared/db/knex';
import { PostgresEventStore } from '@circuit/shared/adapters/event-store/postgres-event-store';
import { createLogger } from '@circuit/shared/logger';
import type { NewEvent, RecordedEvent } from '@circuit/shared/ports/event-store';
import { CHECKPOINT_TABLE, facetOf, ReadModelProgress } from '@circuit/shared/projections/progress';
import { waitFor } from '@circuit/shared/testkit/wait';
import { createTestSchema, testDatabaseUrl, type TestSchema } from '@circuit/shared/testkit/postgres';
import { describeWhen } from '@circuit/shared/testkit/skip';
import { migrateReadModels, readModelMigrations } from '../migrations';
import { migrate } from '@circuit/shared/db/migrations';
import { allProjections } from '../projections';
import { usersProjection } from '../accounts/users-projection';
import type { Projection } from './projection';
import { ProjectionRunner, RebuildInProgressError } from './projection-runner';

const COUNTED = 'test_counted_events';
const LATE = 'test_late_events';

/** Like the counting projection, into a table of its own: a projection added to a running system. */
const lateProjection: Projection = {
  name: 'late',
  tables: [LATE],
  async applyBatch(trx, events) {
    await trx(LATE).insert(events.map((event) => ({ position: event.position.toString(), stream_id: event.streamId, type: event.type })));
  },
};

/** Writes one row per applied event, with no unique key: an event applied twice shows up twice. */
const countingProjection: Projection = {
  name: 'counting',
  tables: [COUNTED],
  async applyBatch(trx, events) {
    await trx(COUNTED).insert(events.map((event) => ({ position: event.position.toString(), stream_id: event.streamId, type: event.type })));
  },
};

/** Throws while `shouldFail(event)` says so: a bug, a full disk, a crash in the middle of a batch. */
function faultyProjection(shouldFail: (event: RecordedEvent) => boolean): Projection {
  return {
    name: 'faulty',
    tables: [],
    async applyBatch(_trx, events) {
      const bad = events.find(shouldFail);
      if (bad) throw new Error(`cannot apply ${bad.position}`);
    },
  };
}

/** The counting projection with a fault: it writes the batch's rows, then throws. */
function crashingCounter(shouldFail: (event: RecordedEvent) => boolean): Projection {
  return {
    ...countingProjection,
    async applyBatch(trx, events) {
      await countingProjection.applyBatch(trx, events);
      const bad = events.find(shouldFail);
      if (bad) throw new Error(`cannot apply ${bad.position}`);
    },
  };
}

let sequence = 0;
function event(type = 'SomethingHappened', data: unknown = {}): NewEvent {
  sequence += 1;
  return { id: randomUUID(), type, data, metadata: {}, occurredAt: new Date(Date.UTC(2025, 2, 1, 10, 0, sequence)).toISOString() };
}

describe('projection runner', () => {
  let knex: Knex;
  let store: PostgresEventStore;
  const log = createLogger('test');
  const runners: ProjectionRunner[] = [];

  /** A runner as a freshly started process would build it: nothing in memory, only the database. */
  function newRunner(projections: Projection[] = [countingProjection], progress?: ReadModelProgress): ProjectionRunner {
    const runner = new ProjectionRunner(knex, store, projections, progress, log);
    runners.push(runner);
    return runner;
  }

  async function append(count: number, stream = `thing-${randomUUID()}`): Promise<bigint> {
    const { position } = await store.append(stream, Array.from({ length: count }, () => event()), 'any');
    return position;
  }

  async function countedPositions(): Promise<number[]> {
    const rows: { position: number | string }[] = await knex(COUNTED).orderBy('position').select('position');
    return rows.map((r) => Number(r.position));
  }

  async function allPositions(): Promise<number[]> {
    return (await store.readAll(0n, 100_000)).map((e) => Number(e.position));
  }

  beforeAll(async () => {
    knex = await createKnex({ kind: 'pglite' });
    store = await PostgresEventStore.create(knex, { pollIntervalMs: 20 });
    await migrateReadModels(knex);
    for (const table of [COUNTED, LATE]) {
      await knex.schema.createTable(table, (t) => {
        t.bigInteger('position').notNullable();
        t.text('stream_id').notNullable();
        t.text('type').notNullable();
      });
    }
  });

  beforeEach(async () => {
    // Each test starts from an empty feed position of the read models (the feed itself grows).
    await knex(COUNTED).del();
    await knex(LATE).del();
    await knex('users').del();
    await knex(CHECKPOINT_TABLE).del();
  });

  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.stop()));
  });

  afterAll(async () => {
    await store.close();
    await knex.destroy();
  });

  it('catches up with the whole feed on start, page by page, then follows it live', async () => {
    await append(1203); // more than two pages of 500
    const runner = newRunner();
    await runner.start();
    // start() resolves once caught up.
    expect(await countedPositions()).toEqual(await allPositions());
    expect(await runner.checkpoint()).toBe(await store.headPosition());

    const head = await append(2);
    await waitFor(async () => (await runner.checkpoint()) === head, { message: 'live events' });
    expect(await countedPositions()).toEqual(await allPositions());
  });

  it('stores the checkpoint in the same transaction as the rows', async () => {
    await append(3);
    const runner = newRunner([crashingCounter(() => true)]);
    await expect(runner.start()).rejects.toThrow(/cannot apply/);
    // Nothing committed: neither rows nor checkpoint.
    expect(await countedPositions()).toEqual([]);
    expect(await runner.checkpoint()).toBe(0n);
  });

  it('after a crash a new runner resumes from the checkpoint and applies nothing twice', async () => {
    await append(5);
    const first = newRunner();
    await first.start();
    const appliedByFirst = await countedPositions();
    expect(appliedByFirst).toHaveLength((await allPositions()).length);
    await first.stop(); // the process goes away

    await append(4); // written while no runner was up
    const second = newRunner();
    await second.start();
    const positions = await countedPositions();
    expect(positions).toEqual(await allPositions());
    expect(new Set(positions).size).toBe(positions.length);
  });

  it('a crash in the middle of a batch loses nothing and doubles nothing', async () => {
    await append(10);
    const all = await allPositions();
    const failAt = BigInt(all[all.length - 4]!); // somewhere inside the last page
    const crashing = newRunner([crashingCounter((e) => e.position === failAt)]);
    await expect(crashing.start()).rejects.toThrow(/cannot apply/);
    // Earlier pages stay committed with their checkpoint; the failing page was rolled back as a
    // whole, so the events before the failing one in that page are not half-applied.
    const checkpoint = await crashing.checkpoint();
    expect(checkpoint).toBeLessThan(failAt);
    expect(await countedPositions()).toEqual(all.filter((p) => BigInt(p) <= checkpoint));
    expect(all.filter((p) => BigInt(p) > checkpoint && BigInt(p) < failAt).length).toBeGreaterThan(0);

    const restarted = newRunner();
    await restarted.start();
    expect(await countedPositions()).toEqual(all);
  });

  it('skips events delivered again after they were applied (exactly once in effect)', async () => {
    await append(4);
    const runner = newRunner();
    await runner.start();
    const before = await countedPositions();
    const feed = await store.readAll(0n, 100_000);
    // A redelivery of the last three events, as after a crash between commit and acknowledgement.
    await runner.applyBatch(feed.slice(-3));
    expect(await countedPositions()).toEqual(before);
    // A batch straddling the checkpoint applies only the new part.
    await append(2);
    const withNew = await store.readAll(0n, 100_000);
    await runner.applyBatch(withNew.slice(-4));
    expect(await countedPositions()).toEqual(withNew.map((e) => Number(e.position)));
  });

  it('retries a live event that failed instead of skipping it', async () => {
    await append(1);
    let failures = 0;
    const flaky = faultyProjection((e) => e.type === 'Flaky' && failures++ < 2);
    const runner = newRunner([countingProjection, flaky]);
    await runner.start();

    const { position: flakyAt } = await store.append(`thing-${randomUUID()}`, [event('Flaky')], 'any');
    const head = await append(2);
    await waitFor(async () => (await runner.checkpoint()) === head, { message: 'events after the flaky one' });
    expect(failures).toBeGreaterThanOrEqual(2);
    const positions = await countedPositions();
    expect(positions).toEqual(await allPositions());
    expect(positions.filter((p) => BigInt(p) === flakyAt)).toHaveLength(1);
  });

  it('reports its progress, so a command can wait until its events are readable', async () => {
    const progress = new ReadModelProgress(knex, { local: true });
    const runner = newRunner([countingProjection], progress);
    await runner.start();
    const position = await append(1);
    expect(await progress.waitFor(position, 5_000)).toBe(true);
    expect(await countedPositions()).toContain(Number(position));
    // A position nobody will ever reach times out with false, it does not hang or throw.
    expect(await progress.waitFor(position + 1000n, 100)).toBe(false);
  });

  it("moves a facet's version with the batches holding one of its event types only", async () => {
    const progress = new ReadModelProgress(knex, { local: true });
    const runner = newRunner([{ ...countingProjection, facets: { rare: ['Rare'] } }], progress);
    await runner.start();
    const rare = [facetOf('counting', 'rare')];
    const before = progress.localVersionOf(rare);
    const often = await append(3);
    expect(await progress.waitFor(often, 5_000)).toBe(true);
    expect(progress.localVersionOf(rare)).toBe(before);
    expect(progress.localVersionOf(['counting'])).toBe(often.toString());
    const { position } = await store.append(`thing-${randomUUID()}`, [event(), event('Rare')], 'any');
    expect(await progress.waitFor(position, 5_000)).toBe(true);
    expect(progress.localVersionOf(rare)).toBe(position.toString());
  });

  it('lets another process wait on the stored checkpoint (cluster mode), many waiters sharing one poller', async () => {
    const runner = newRunner([countingProjection]);
    await runner.start();
    const elsewhere = new ReadModelProgress(knex, { pollMs: 10 });
    const positions = await Promise.all(Array.from({ length: 20 }, () => append(1)));
    expect(await Promise.all(positions.map((p) => elsewhere.waitFor(p, 5_000)))).toEqual(positions.map(() => true));
    expect(await elsewhere.waitFor(positions.at(-1)! + 1000n, 100)).toBe(false);
  });

  it('rebuild from position 0 yields identical rows', async () => {
    const user = (id: string, name: string) => ({
      type: 'UserRegistered',
      data: {
        userId: id,
        username: name,
        email: `${name}@example.com`,
        firstName: name,
        lastName: 'Test',
        passwordHash: null,
        role: 'user',
        emailVerified: false,
        registeredAt: '2025-03-01T10:00:00.000Z',
      },
    });
    const ids = [randomUUID(), randomUUID()];
    await store.append(`user-${ids[0]}`, [{ ...event(), ...user(ids[0]!, `rb_${ids[0]!.slice(0, 6)}`) }], 'no_stream');
    await store.append(`user-${ids[1]}`, [{ ...event(), ...user(ids[1]!, `rb_${ids[1]!.slice(0, 6)}`) }], 'no_stream');
    await store.append(`user-${ids[0]}`, [{ ...event(), type: 'EmailVerified', data: { at: '2025-03-01T10:01:00.000Z' } }], 0);
    await store.append(`user-${ids[1]}`, [{ ...event(), type: 'UserSignedIn', data: { method: 'otp', at: '2025-03-01T10:02:00.000Z' } }], 0);
    await append(3);

    const runner = newRunner([usersProjection, countingProjection]);
    await runner.start();
    await runner.stop();
    const dump = async () => ({
      users: await knex('users').orderBy('id').select('*'),
      counted: await knex(COUNTED).orderBy('position').select('*'),
      checkpoint: await runner.checkpoint(),
    });
    const before = await dump();
    expect(before.users.length).toBeGreaterThanOrEqual(2);

    // Damage the read models the way a bad deploy might; the rebuild must restore them.
    await knex('users').where({ id: ids[0] }).update({ first_name: 'Corrupted', is_email_verified: false });
    await knex(COUNTED).insert({ position: 999999, stream_id: 'bogus', type: 'Bogus' });

    const replayed = await runner.rebuild();
    expect(replayed).toBe((await allPositions()).length);
    expect(await dump()).toEqual(before);
  });

  it('never moves a checkpoint backwards when a batch ends below it', async () => {
    await append(5);
    const runner = newRunner();
    await runner.start();
    const head = await runner.checkpoint();
    const feed = await store.readAll(0n, 100_000);
    // Another process (no memory of this one's progress) commits a stale batch.
    const stale = newRunner();
    await stale.applyBatch(feed.slice(0, 2));
    expect(await runner.checkpoint()).toBe(head);
    expect(await countedPositions()).toEqual(feed.map((e) => Number(e.position)));
  });

  it('rebuilds one projection into fresh tables; readers never see them empty, the others are untouched', async () => {
    await append(1000);
    const runner = newRunner([countingProjection, lateProjection]);
    await runner.start();
    const lateBefore = await knex(LATE).orderBy('position').select('*');
    // Damage the read model the way a bad deploy might; the rebuild must restore it.
    await knex(COUNTED).where('position', '<', 100).del();
    await knex(COUNTED).insert({ position: 999999, stream_id: 'bogus', type: 'Bogus' });
    const damaged = (await knex(COUNTED).count<{ count: string | number }[]>('* as count'))[0]!.count;

    let rebuilding = true;
    const seen: number[] = [];
    const reader = (async () => {
      while (rebuilding) {
        seen.push(Number((await knex(COUNTED).count<{ count: string | number }[]>('* as count'))[0]!.count));
        await new Promise((r) => setTimeout(r, 1));
      }
    })();
    const replayed = await runner.rebuild(['counting']);
    rebuilding = false;
    await reader;

    expect(replayed).toBe((await allPositions()).length);
    expect(await countedPositions()).toEqual(await allPositions());
    expect(seen.length).toBeGreaterThan(0);
    // Every read saw the old, whole table until the new one, also whole, took its place.
    expect(seen.every((n) => n === Number(damaged) || n === (seen.at(-1) ?? 0))).toBe(true);
    expect(Math.min(...seen)).toBeGreaterThan(0);
    expect(await knex(LATE).orderBy('position').select('*')).toEqual(lateBefore);
    // The runner keeps following with the new tables.
    const head = await append(2);
    await waitFor(async () => (await runner.checkpoint('counting')) === head, { message: 'live events after the swap' });
    expect(await countedPositions()).toEqual(await allPositions());
  });

  it('lets only one rebuild of a projection run at a time', async () => {
    await append(500);
    const runner = newRunner([countingProjection]);
    const first = runner.rebuild();
    await expect(newRunner([countingProjection]).rebuild(['counting'])).rejects.toBeInstanceOf(RebuildInProgressError);
    await first;
    // Free again once the first one is done.
    await newRunner([countingProjection]).rebuild(['counting']);
    expect(await countedPositions()).toEqual(await allPositions());
  });

  it('read-your-writes waits only for the projections the events concern', async () => {
    const progress = new ReadModelProgress(knex, { local: true });
    const stuck = { ...faultyProjection((e) => e.type === 'Stuck'), eventTypes: ['Stuck'] };
    const runner = newRunner([{ ...countingProjection, eventTypes: ['SomethingHappened'] }, stuck], progress);
    await runner.start();
    const { position } = await store.append(`thing-${randomUUID()}`, [event('Stuck'), event('SomethingHappened')], 'any');
    expect(await progress.waitFor(position, 5_000, { eventTypes: ['SomethingHappened'] })).toBe(true);
    // The stuck projection reads these events: a wait for all projections, or for it, times out.
    expect(await progress.waitFor(position, 200)).toBe(false);
    expect(await progress.waitFor(position, 200, { eventTypes: ['Stuck'] })).toBe(false);
  });

  it('gives a projection only the batches that hold one of its event types; its stored checkpoint follows a moment later', async () => {
    const seen: string[] = [];
    const picky: Projection = {
      name: 'picky',
      tables: [],
      eventTypes: ['Picked'],
      async applyBatch(_trx, events) {
        seen.push(...events.map((e) => e.type));
      },
    };
    const progress = new ReadModelProgress(knex, { local: true });
    const runner = new ProjectionRunner(knex, store, [picky], progress, log, { saveSkippedAfterMs: 50 });
    runners.push(runner);
    await runner.start();
    const stored = async () => BigInt((await knex(CHECKPOINT_TABLE).where({ name: 'picky' }).first('position'))?.position ?? 0);

    const ignored = await append(3);
    // Passed at once in memory (a wait for every projection is answered), stored within the delay.
    expect(await progress.waitFor(ignored, 5_000)).toBe(true);
    expect(seen).toEqual([]);
    await waitFor(async () => (await stored()) === ignored, { timeoutMs: 5_000, message: 'the skipped position stored' });

    const { position } = await store.append(`thing-${randomUUID()}`, [event('SomethingHappened'), event('Picked')], 'any');
    expect(await progress.waitFor(position, 5_000, { eventTypes: ['Picked'] })).toBe(true);
    // A batch of its own comes whole, and moves the stored checkpoint with its rows.
    expect(seen).toEqual(['SomethingHappened', 'Picked']);
    expect(await stored()).toBe(position);
  });

  // A rebuild pauses live following, or live applies would move the checkpoint under the replay.
  it('rebuild while following the live feed replays every event exactly once', async () => {
    await append(1500);
    const runner = newRunner();
    await runner.start();
    const rebuilding = runner.rebuild();
    const live = await append(1); // a user acts while the rebuild runs
    await rebuilding;
    await waitFor(async () => (await runner.checkpoint()) >= live, { message: 'the live event' });
    expect(await countedPositions()).toEqual(await allPositions());
  });

  it('a projection added to a store with 10,000 events catches up on its own; the others are untouched', async () => {
    for (let i = 0; i < 20; i++) await append(500);
    const first = newRunner([countingProjection]);
    await first.start();
    await first.stop();
    const countedBefore = await countedPositions();
    const checkpointBefore = await first.checkpoint('counting');
    expect(countedBefore.length).toBeGreaterThanOrEqual(10_000);

    const progress = new ReadModelProgress(knex, { local: true });
    const second = newRunner([countingProjection, lateProjection], progress);
    await second.start();
    const late = (await knex(LATE).orderBy('position').select('position')).map((r: { position: string | number }) => Number(r.position));
    expect(late).toEqual(await allPositions());
    // The projection that was there applied nothing again.
    expect(await countedPositions()).toEqual(countedBefore);
    expect(await second.checkpoint('counting')).toBe(checkpointBefore);
    expect(await second.checkpoint('late')).toBe(await store.headPosition());
  }, 120_000);
});

describe('checkpoints of a store upgraded from the shared one', () => {
  // Every read model was at the shared checkpoint: each projection goes on from there, none replays.
  it('gives every projection of the time the shared position and drops the shared row', async () => {
    const knex = await createKnex({ kind: 'pglite' });
    try {
      await migrate(knex, 'read_models', readModelMigrations.slice(0, 1));
      await knex(CHECKPOINT_TABLE).insert({ name: 'read_models', position: 42 });
      await migrateReadModels(knex);
      const rows: { name: string; position: string | number }[] = await knex(CHECKPOINT_TABLE).orderBy('name').select('name', 'position');
      expect(rows.map((r) => [r.name, Number(r.position)])).toEqual(
        // Projections added since then have no row: they build themselves from position 0.
        allProjections
          .filter((p) => ['users', 'projects', 'social', 'notifications', 'messaging'].includes(p.name))
          .map((p) => [p.name, 42])
          .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
      );
    } finally {
      await knex.destroy();
    }
  });
});

describeWhen('projection runner on Postgres', testDatabaseUrl(), (url) => {
  let db: TestSchema;
  const log = createLogger('test');

  beforeAll(async () => {
    db = await createTestSchema({ url, label: 'projection_runner' });
    await migrateReadModels(db.knex);
    await db.knex.schema.createTable(COUNTED, (t) => {
      t.bigInteger('position').notNullable();
      t.text('stream_id').notNullable();
      t.text('type').notNullable();
    });
  });
  afterAll(async () => {
    await db?.cleanup();
  });

  /** A second process: its own connections, its own store and runner. */
  async function openProcess(): Promise<{ runner: ProjectionRunner; store: PostgresEventStore; close(): Promise<void> }> {
    const knex = db.connect();
    const store = await PostgresEventStore.create(knex, { pollIntervalMs: 20 });
    const runner = new ProjectionRunner(knex, store, [countingProjection], undefined, log);
    return {
      runner,
      store,
      close: async () => {
        await runner.stop();
        await store.close();
      },
    };
  }

  async function counted(): Promise<number[]> {
    return (await db.knex(COUNTED).orderBy('position').select('position')).map((r: { position: number | string }) => Number(r.position));
  }

  it('a runner restarted in a new process resumes from the checkpoint', async () => {
    const a = await openProcess();
    await a.store.append(`thing-${randomUUID()}`, Array.from({ length: 5 }, () => event()), 'any');
    await a.runner.start();
    await a.close();
    const b = await openProcess();
    await b.store.append(`thing-${randomUUID()}`, Array.from({ length: 3 }, () => event()), 'any');
    await b.runner.start();
    const all = (await b.store.readAll(0n, 10_000)).map((e) => Number(e.position));
    expect(await counted()).toEqual(all);
    await b.close();
  });

  it('two processes applying the same feed with a checkpoint in place apply each event once', async () => {
    await db.knex(COUNTED).del();
    await db.knex(CHECKPOINT_TABLE).del();
    await db.knex(CHECKPOINT_TABLE).insert({ name: countingProjection.name, position: 0 });
    const a = await openProcess();
    const b = await openProcess();
    await a.store.append(`thing-${randomUUID()}`, Array.from({ length: 300 }, () => event()), 'any');
    await Promise.all([a.runner.start(), b.runner.start()]);
    const all = (await a.store.readAll(0n, 10_000)).map((e) => Number(e.position));
    expect(await counted()).toEqual(all);
    await Promise.all([a.close(), b.close()]);
  });

  it('commits a batch and its checkpoint without waiting for the disk, for that transaction only', async () => {
    const seen: string[] = [];
    const recording: Projection = {
      name: 'commit_mode',
      tables: [],
      async applyBatch(trx) {
        seen.push((await trx.raw('show synchronous_commit')).rows[0].synchronous_commit);
      },
    };
    const knex = db.connect();
    const store = await PostgresEventStore.create(knex, { pollIntervalMs: 20 });
    const runner = new ProjectionRunner(knex, store, [recording], undefined, log);
    try {
      await store.append(`thing-${randomUUID()}`, [event()], 'any');
      await runner.start();
      expect(seen).toEqual(['off']);
      // Set for the transaction only: the pooled connections go back to the server's setting.
      const after = await Promise.all(Array.from({ length: 4 }, async () => (await knex.raw('show synchronous_commit')).rows[0].synchronous_commit));
      expect(after).toEqual(['on', 'on', 'on', 'on']);
    } finally {
      await runner.stop();
      await store.close();
    }
  });

  // The checkpoint row is created before it is locked, so two runners starting together serialise.
  it('two processes starting on an empty checkpoint apply each event once', async () => {
    await db.knex(COUNTED).del();
    await db.knex(CHECKPOINT_TABLE).del();
    const a = await openProcess();
    const b = await openProcess();
    await a.store.append(`thing-${randomUUID()}`, Array.from({ length: 300 }, () => event()), 'any');
    try {
      await Promise.all([a.runner.start(), b.runner.start()]);
      const all = (await a.store.readAll(0n, 10_000)).map((e) => Number(e.position));
      expect(await counted()).toEqual(all);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
