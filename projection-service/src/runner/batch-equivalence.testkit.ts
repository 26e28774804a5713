import type { Knex } from 'knex';
import { afterAll, beforeAll, expect } from 'vitest';
import { PostgresEventStore } from '@circuit/shared/adapters/event-store/postgres-event-store';
import { toNewEvents } from '@circuit/shared/commands/decider';
import { oneTripTransaction } from '@circuit/shared/db/one-trip-transaction';
import { createLogger } from '@circuit/shared/logger';
import type { EventStore, RecordedEvent } from '@circuit/shared/ports/event-store';
import type { OpenDatabase } from '@circuit/shared/testkit/both-databases';
import { queriesDuring } from '@circuit/shared/testkit/queries';
import { migrateReadModels } from '../migrations';
import type { Projection } from './projection';
import { ProjectionRunner } from './projection-runner';

type Rows = Record<string, Record<string, unknown>[]>;

/**
 * What a test of a set-based projection needs to show that a feed leaves the same rows however it is cut
 * into batches: its tables (each with its key, the order of a dump) emptied, the feed applied in batches as
 * the runner applies one, the rows dumped, and the statements one batch takes.
 */
export function batchEquivalence(knex: Knex, tables: Record<string, string[]>, projections: Projection[]) {
  const empty = () => knex.raw(`truncate ${Object.keys(tables).join(', ')}`);
  const apply = (batch: RecordedEvent[]) =>
    oneTripTransaction(knex, async (trx) => {
      for (const p of projections) await p.applyBatch(trx, batch);
    });
  /** Every table's rows in key order, dates as ISO strings. */
  async function dump(): Promise<Rows> {
    const rows: Rows = {};
    for (const [table, key] of Object.entries(tables)) {
      const read: Record<string, unknown>[] = await knex(table).orderBy(key).select('*');
      rows[table] = read.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v])));
    }
    return rows;
  }

  /** The events applied in batches of the given sizes (the last repeated), on emptied tables. */
  async function applyInBatches(events: RecordedEvent[], sizes: readonly number[]): Promise<void> {
    await empty();
    for (let from = 0, i = 0; from < events.length; i++) {
      const size = sizes[Math.min(i, sizes.length - 1)]!;
      await apply(events.slice(from, from + size));
      from += size;
    }
  }

  return {
    dump,
    applyInBatches,

    /**
     * That the events cut into batches each of these ways (sizes as `applyInBatches` takes them), and a rebuild
     * of the projections from `store`, leave the rows `oneByOne` (what one event a batch gave).
     */
    async expectSameRowsHoweverCut(events: RecordedEvent[], oneByOne: Rows, cuts: readonly (readonly number[])[], store: EventStore): Promise<void> {
      for (const sizes of cuts) {
        await applyInBatches(events, sizes);
        expect({ sizes, rows: await dump() }).toEqual({ sizes, rows: oneByOne });
      }
      await new ProjectionRunner(knex, store, projections, undefined, createLogger('test', 'silent')).rebuild();
      expect(await dump()).toEqual(oneByOne);
    },

    /** The statements one batch takes on emptied tables. */
    async statementsOf(batch: RecordedEvent[]): Promise<number> {
      await empty();
      return queriesDuring(knex, () => apply(batch));
    },
  };
}

/**
 * A copy of `events` about other listings, after them in the feed (a batch several times the size, to count
 * its statements): the values of `keys` prefixed wherever they sit in the data, and the streams that start
 * with one of `streams` renamed the same way.
 */
export function laterCopy(events: RecordedEvent[], prefix: string, keys: readonly string[], streams: readonly string[] = []): RecordedEvent[] {
  const offset = events.at(-1)!.position;
  const renamed = (data: unknown): unknown => {
    if (Array.isArray(data)) return data.map(renamed);
    if (typeof data !== 'object' || data === null) return data;
    return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, keys.includes(k) ? `${prefix}${String(v)}` : renamed(v)]));
  };
  const streamOf = (id: string) => {
    const start = streams.find((s) => id.startsWith(s));
    return start === undefined ? id : `${start}${prefix}${id.slice(start.length)}`;
  };
  return events.map((e) => ({ ...e, position: e.position + offset, streamId: streamOf(e.streamId), data: renamed(e.data) }));
}

/** An append of a test's feed: the stream, and its events' types and data. */
export type FeedAppend = [stream: string, events: { type: string; data: unknown }[]];

/**
 * A suite's database with a feed in its store, ready for batchEquivalence: opened, the read models migrated
 * (the shared ones and `migrations`), `feed()` appended and read back before the suite's tests; closed after.
 * Its fields are there once the suite's tests run.
 */
export function feedOnDatabase(
  open: OpenDatabase,
  options: { tables: Record<string, string[]>; projections: Projection[]; migrations: ((knex: Knex) => Promise<void>)[]; feed: () => FeedAppend[]; timeoutMs: number },
) {
  const suite = {} as { knex: Knex; store: PostgresEventStore; events: RecordedEvent[]; batches: ReturnType<typeof batchEquivalence> };
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const opened = await open();
    ({ knex: suite.knex, close } = opened);
    suite.batches = batchEquivalence(suite.knex, options.tables, options.projections);
    suite.store = await PostgresEventStore.create(suite.knex, { listen: false });
    await migrateReadModels(suite.knex);
    for (const migrate of options.migrations) await migrate(suite.knex);
    for (const [stream, appended] of options.feed()) await suite.store.append(stream, toNewEvents(appended, {}, '2030-03-01T10:00:00.000Z'), 'any');
    suite.events = await suite.store.readAll(0n, 10_000);
  }, options.timeoutMs);
  afterAll(async () => {
    await suite.store?.close();
    await close?.();
  });
  return suite;
}
