import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createKnex } from '../../db/knex';
import { eventStoreContract } from '../../ports/event-store.contract';
import { createTestSchema, testDatabaseUrl, type TestSchema } from '../../testkit/postgres';
import { describeWhen } from '../../testkit/skip';
import { KURRENT_IMAGE, kurrentDbServer, kurrentDbTarget } from '../../testkit/kurrentdb';
import { sleep, waitFor } from '../../testkit/wait';
import { newEvent } from '../../ports/event-store.contract';
import type { RecordedEvent } from '../../ports/event-store';
import { KurrentDbEventStore } from './kurrentdb-event-store';
import { PostgresEventStore } from './postgres-event-store';

// Embedded mode: PGlite in memory, always.
eventStoreContract('Postgres adapter on PGlite (in memory)', async () => {
  const knex = await createKnex({ kind: 'pglite' });
  const store = await PostgresEventStore.create(knex, { pollIntervalMs: 100 });
  return {
    store,
    cleanup: async () => {
      await store.close();
      await knex.destroy();
    },
  };
});

// Cluster mode: a real Postgres, each store in a schema of its own, dropped afterwards.
describeWhen('Postgres adapter on a real Postgres', testDatabaseUrl(), (url) => {
  eventStoreContract(
    'Postgres adapter on a real Postgres',
    async () => {
      const db: TestSchema = await createTestSchema({ url, label: 'event_store', poolMax: 4 });
      const store = await PostgresEventStore.create(db.knex, { pollIntervalMs: 100 });
      return {
        store,
        // Each writer is a second process: its own pool, its own store, the same schema.
        openWriter: async () => {
          const knex = db.connect({ poolMax: 2 });
          const writer = await PostgresEventStore.create(knex, { pollIntervalMs: 100, listen: false });
          return {
            store: writer,
            close: async () => {
              await writer.close();
              await knex.destroy();
            },
          };
        },
        cleanup: async () => {
          await store.close();
          await db.cleanup();
        },
      };
    },
    { concurrency: { writers: 8, appendsPerWriter: 50 } },
  );
});

/** Appends that arrive together share statements (group commit), each still decided on its own. */
function groupCommitSuite(label: string, open: () => Promise<{ knex: import('knex').Knex; close(): Promise<void> }>) {
  describe(label, () => {
    it('appends that arrive together go in few statements, each checked on its own: revisions, conflicts and repeats as if alone', async () => {
      const db = await open();
      const store = await PostgresEventStore.create(db.knex, { pollIntervalMs: 100, listen: false });
      try {
        const tag = randomBytes(4).toString('hex');
        await store.append(`race-${tag}`, [newEvent('First')], 'no_stream');
        let appendStatements = 0;
        const count = (q: { sql: string }) => void (/insert into event_store_events/.test(q.sql) && appendStatements++);
        db.knex.on('query', count);
        const repeated = newEvent('Repeated');
        const [fresh, hot, race, repeats] = await Promise.all([
          Promise.all(Array.from({ length: 30 }, (_, i) => store.append(`fresh-${tag}-${i}`, [newEvent('A'), newEvent('B')], 'no_stream'))),
          Promise.all(Array.from({ length: 5 }, () => store.append(`hot-${tag}`, [newEvent('Hot')], 'any'))),
          Promise.allSettled([0, 0].map((expected) => store.append(`race-${tag}`, [newEvent('Second')], expected))),
          Promise.all([store.append(`dup-${tag}`, [repeated], 'any'), store.append(`dup-${tag}`, [repeated], 'any')]),
        ]);
        db.knex.off('query', count);
        expect(fresh.every((r) => r.nextRevision === 1)).toBe(true);
        expect(hot.map((r) => r.nextRevision).sort()).toEqual([0, 1, 2, 3, 4]);
        expect(race.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
        expect(race.find((r) => r.status === 'rejected')).toMatchObject({ reason: { name: 'ConcurrencyError' } });
        expect(repeats.map((r) => r.alreadyStored ?? false).sort()).toEqual([false, true]);
        expect(repeats[0]!.position).toBe(repeats[1]!.position);
        // 39 appends; one at a time they would be 39 statements. Here: the first two alone (a statement in flight
        // each), then the rest one per stream, and the hot stream's later appends one statement each, each waiting
        // for the one in flight on its stream (7; sent alongside they failed, and went again one by one).
        expect(appendStatements).toBeLessThanOrEqual(8);

        const feed = await store.readAll(0n, 1000);
        for (const stream of [...fresh.map((_, i) => `fresh-${tag}-${i}`), `hot-${tag}`, `race-${tag}`, `dup-${tag}`]) {
          const revisions = feed.filter((e) => e.streamId === stream).map((e) => e.revision);
          expect(revisions).toEqual(revisions.map((_, i) => i));
        }
        expect(feed.filter((e) => e.streamId === `race-${tag}`).map((e) => e.type)).toEqual(['First', 'Second']);
        expect(feed.filter((e) => e.streamId === `dup-${tag}`)).toHaveLength(1);
        expect(feed.map((e) => e.position)).toEqual([...feed.map((e) => e.position)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      } finally {
        await store.close();
        await db.close();
      }
    }, 60_000);
  });
}

groupCommitSuite('Postgres adapter on PGlite: group commit', async () => {
  const knex = await createKnex({ kind: 'pglite' });
  return { knex, close: () => knex.destroy() };
});

describeWhen('Postgres adapter on a real Postgres: group commit', testDatabaseUrl(), (url) => {
  groupCommitSuite('Postgres adapter on a real Postgres: group commit', async () => {
    const db = await createTestSchema({ url, label: 'event_store_group', poolMax: 4 });
    return { knex: db.knex, close: () => db.cleanup() };
  });
});

describe('Postgres adapter: a subscription under load', () => {
  it('reads appends closer together than readSpacingMs in one read, and a quiet feed\'s append at once', async () => {
    const knex = await createKnex({ kind: 'pglite' });
    // Polling so slow that only an append wakes the subscription.
    const store = await PostgresEventStore.create(knex, { pollIntervalMs: 600_000, readSpacingMs: 400 });
    const reads = vi.spyOn(store, 'readAll');
    const received: RecordedEvent[] = [];
    const subscription = store.subscribe({ after: 0n, onEvent: async (e) => void received.push(e) });
    try {
      await waitFor(() => reads.mock.calls.length === 1, { timeoutMs: 2000, message: 'the first read' });
      await sleep(450);
      const quietAt = performance.now();
      await store.append('quiet', [newEvent('Quiet')], 'no_stream');
      await waitFor(() => received.length === 1, { timeoutMs: 2000, message: 'the quiet append' });
      expect(performance.now() - quietAt).toBeLessThan(300);

      // Five appends 20 ms apart, right after that read: one read takes them all once the spacing has passed.
      const before = reads.mock.calls.length;
      for (let i = 0; i < 5; i++) {
        await store.append(`busy-${i}`, [newEvent('Busy')], 'no_stream');
        await sleep(20);
      }
      await waitFor(() => received.length === 6, { timeoutMs: 3000, message: 'the busy appends' });
      expect(reads.mock.calls.length - before).toBe(1);
      expect(received.map((e) => e.type)).toEqual(['Quiet', 'Busy', 'Busy', 'Busy', 'Busy', 'Busy']);
    } finally {
      await subscription.stop();
      await store.close();
      await knex.destroy();
    }
  });
});

describe('Postgres adapter: reads spaced for a while (spaceReads)', () => {
  it('takes a burst in one read while the spacing holds, though the options read after every append', async () => {
    const knex = await createKnex({ kind: 'pglite' });
    const store = await PostgresEventStore.create(knex, { pollIntervalMs: 600_000, readSpacingMs: 0 });
    const reads = vi.spyOn(store, 'readAll');
    const received: RecordedEvent[] = [];
    const subscription = store.subscribe({ after: 0n, onEvent: async (e) => void received.push(e) });
    try {
      await waitFor(() => reads.mock.calls.length === 1, { timeoutMs: 2000, message: 'the first read' });
      const endSpacing = store.spaceReads(400);
      const before = reads.mock.calls.length;
      for (let i = 0; i < 5; i++) {
        await store.append(`burst-${i}`, [newEvent('Burst')], 'no_stream');
        await sleep(20);
      }
      await waitFor(() => received.length === 5, { timeoutMs: 3000, message: 'the burst' });
      expect(reads.mock.calls.length - before).toBe(1);
      endSpacing();
      await store.append('after', [newEvent('After')], 'no_stream');
      await waitFor(() => received.length === 6, { timeoutMs: 3000, message: 'the append after' });
    } finally {
      await subscription.stop();
      await store.close();
      await knex.destroy();
    }
  });
});

describeWhen('Postgres adapter: the LISTEN connection', testDatabaseUrl(), (url) => {
  describe('Postgres adapter: the LISTEN connection', () => {
    it('is reopened after its backend is terminated, and still wakes subscribers for appends of another process', async () => {
      const db = await createTestSchema({ url, label: 'event_store_listen', poolMax: 2 });
      const warnings: string[] = [];
      const log = { warn: (_: object, msg: string) => void warnings.push(msg), info: () => undefined };
      // Polling so slow that only a NOTIFY can deliver within the test's wait.
      const store = await PostgresEventStore.create(db.knex, { pollIntervalMs: 600_000, log });
      const writerKnex = db.connect({ poolMax: 1 });
      const writer = await PostgresEventStore.create(writerKnex, { listen: false });
      const received: RecordedEvent[] = [];
      const subscription = store.subscribe({ after: 0n, onEvent: async (e) => void received.push(e) });
      try {
        await writer.append('listen-a', [newEvent('Before')], 'no_stream');
        await waitFor(() => received.length === 1, { timeoutMs: 5000, message: 'the event appended before the kill' });

        const killed = store.listenerPid;
        expect(killed).toEqual(expect.any(Number));
        await writerKnex.raw('select pg_terminate_backend(?)', [killed!]);
        await waitFor(() => store.listenerPid !== undefined && store.listenerPid !== killed, { timeoutMs: 10_000, message: 'a new LISTEN connection' });
        expect(warnings).toContain('event store LISTEN connection lost; reopening');

        await writer.append('listen-a', [newEvent('After')], 0);
        await waitFor(() => received.length === 2, { timeoutMs: 5000, message: 'the event appended after the LISTEN connection was reopened' });
        expect(received.map((e) => e.type)).toEqual(['Before', 'After']);
      } finally {
        await subscription.stop();
        await writer.close();
        await store.close();
        await db.cleanup();
      }
    }, 60_000);

    it('a process is not woken again by its own NOTIFY: one read of the feed per append, while another process\'s appends still wake it', async () => {
      const db = await createTestSchema({ url, label: 'event_store_origin', poolMax: 2 });
      const store = await PostgresEventStore.create(db.knex, { pollIntervalMs: 600_000 });
      const writerKnex = db.connect({ poolMax: 1 });
      const writer = await PostgresEventStore.create(writerKnex, { listen: false });
      const received: RecordedEvent[] = [];
      let reads = 0;
      const readAll = store.readAll.bind(store);
      store.readAll = async (after, limit) => {
        reads++;
        return readAll(after, limit);
      };
      const subscription = store.subscribe({ after: 0n, onEvent: async (e) => void received.push(e) });
      try {
        await waitFor(() => reads === 1, { message: 'the first read' });
        for (let i = 0; i < 5; i++) {
          await store.append(`origin-${i}`, [newEvent('Own')], 'no_stream');
          await waitFor(() => received.length === i + 1, { message: `own event ${i}` });
          // Time for this process's NOTIFY to come back on its LISTEN connection.
          await new Promise((r) => setTimeout(r, 150));
        }
        expect(reads).toBe(1 + 5);
        await writer.append('origin-other', [newEvent('Other')], 'no_stream');
        await waitFor(() => received.length === 6, { timeoutMs: 5000, message: 'the event of another process, through its NOTIFY' });
      } finally {
        await subscription.stop();
        await writer.close();
        await store.close();
        await db.cleanup();
      }
    }, 60_000);

    // Tried once more on failure: twice in CI runs (2026-11-27, 2026-11-29) it stalled a minute while other suites loaded the
    // same server, once outside the appends; a run of its own always passes. A failure twice in a row still fails the run.
    it('wakes another process for every append of a burst, though appends that find others waiting leave their NOTIFY to the next statement', { timeout: 60_000, retry: 1 }, async () => {
      const db = await createTestSchema({ url, label: 'event_store_burst', poolMax: 4 });
      const reader = await PostgresEventStore.create(db.knex, { pollIntervalMs: 600_000 });
      const writerKnex = db.connect({ poolMax: 4 });
      const writer = await PostgresEventStore.create(writerKnex, { listen: false });
      const received: RecordedEvent[] = [];
      const subscription = reader.subscribe({ after: 0n, onEvent: async (e) => void received.push(e) });
      try {
        for (let round = 1; round <= 5; round++) {
          // 40 appends at once: two statements in flight, the rest queued behind them.
          await withinOrExplain(
            Promise.all(Array.from({ length: 40 }, (_, i) => writer.append(`burst-${round}-${i}`, [newEvent('Burst')], 'no_stream'))),
            20_000,
            db,
            `round ${round}'s appends`,
          );
          // Only a NOTIFY after the last commit can deliver within this wait (the reader polls every 10 minutes).
          await waitFor(() => received.length === round * 40, { timeoutMs: 5000, message: () => `round ${round}: ${received.length} of ${round * 40}` });
        }
      } finally {
        await subscription.stop();
        await writer.close();
        await reader.close();
        await db.cleanup();
      }
    });
  });
});

/**
 * `work` within `ms`, or a failure that says what the server's sessions were doing then: once in
 * a CI run (2026-11-27) appends of the burst test hung for a minute while other suites ran on the
 * same server, and nothing told on what they waited.
 */
async function withinOrExplain<T>(work: Promise<T>, ms: number, db: TestSchema, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const probe = db.connect({ poolMax: 1 });
      probe
        .raw(
          `select pid, state, wait_event_type, wait_event, now() - xact_start as in_transaction, left(query, 120) as query
           from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'`,
        )
        .then((r: { rows: unknown[] }) => JSON.stringify(r.rows, null, 1), (error: unknown) => `(sessions not read: ${String(error)})`)
        .then((sessions: string) => {
          const message = `${what} did not finish within ${ms} ms; the server's busy sessions then: ${sessions}`;
          // Printed as well: a clean-up that hangs too would leave only the test's time-out to read.
          console.error(message);
          reject(new Error(message));
        })
        .finally(() => void probe.destroy());
    }, ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

// Production: KurrentDB at EVENTSTORE_URL, or one started with testcontainers when Docker is there.
describeWhen('KurrentDB adapter', await kurrentDbTarget(), (target) => {
  const serverUrl = kurrentDbServer(target);

  eventStoreContract(
    `KurrentDB adapter (${target === 'docker' ? KURRENT_IMAGE : 'EVENTSTORE_URL'})`,
    async () => {
      const connection = await serverUrl();
      // A stream prefix of its own: an empty store on a server that other runs share.
      const streamPrefix = `t${randomBytes(5).toString('hex')}-`;
      const store = KurrentDbEventStore.connect(connection, { streamPrefix, retryDelayMs: 100 });
      return {
        store,
        openWriter: async () => {
          const writer = KurrentDbEventStore.connect(connection, { streamPrefix });
          return { store: writer, close: () => writer.close() };
        },
        cleanup: () => store.close(),
      };
    },
    { concurrency: { writers: 8, appendsPerWriter: 50 }, setupTimeoutMs: 180_000 },
  );
});
