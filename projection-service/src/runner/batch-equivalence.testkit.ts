import type { Knex } from 'knex';
import { oneTripTransaction } from '@circuit/shared/db/one-trip-transaction';
import type { RecordedEvent } from '@circuit/shared/ports/event-store';
import type { Projection } from './projection';

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
  return {
    /** Every table's rows in key order, dates as ISO strings. */
    async dump(): Promise<Rows> {
      const dump: Rows = {};
      for (const [table, key] of Object.entries(tables)) {
        const rows: Record<string, unknown>[] = await knex(table).orderBy(key).select('*');
        dump[table] = rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v])));
      }
      return dump;
    },

    /** The events applied in batches of the given sizes (the last repeated), on emptied tables. */
    async applyInBatches(events: RecordedEvent[], sizes: readonly number[]): Promise<void> {
      await empty();
      for (let from = 0, i = 0; from < events.length; i++) {
        const size = sizes[Math.min(i, sizes.length - 1)]!;
        await apply(events.slice(from, from + size));
        from += size;
      }
    },

    /** The statements one batch takes on emptied tables. */
    async statementsOf(batch: RecordedEvent[]): Promise<number> {
      await empty();
      let statements = 0;
      const count = () => void (statements += 1);
      knex.on('query', count);
      try {
        await apply(batch);
      } finally {
        knex.removeListener('query', count);
      }
      return statements;
    },
  };
}
