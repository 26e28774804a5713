/**
 * The append of the Postgres adapter before issue 8, kept only as the benchmark's baseline: one
 * global advisory lock held across the whole transaction (lock, select, insert, pg_notify, commit:
 * six round trips), so every append in the database waits for the one before it.
 */
import type { Knex } from 'knex';
import type { NewEvent } from '@circuit/shared/ports/event-store';

const APPEND_LOCK_KEY = 0x43495243;

export async function lockedAppend(knex: Knex, table: string, streamId: string, events: NewEvent[], expected: number | 'no_stream' | 'any'): Promise<number> {
  return knex.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?)', [APPEND_LOCK_KEY]);
    const ids = events.map((e) => e.id);
    const found: { event_id: string | null; current: number | null }[] = await trx
      .select('e.event_id', trx.raw('(select max(revision) from ?? where stream_id = ?) as current', [table, streamId]))
      .from(trx.raw('(select 1) as one'))
      .leftJoin(trx(table).whereIn('event_id', ids).select('event_id', 'position').as('e'), trx.raw('true'));
    const current = found[0]?.current ?? null;
    if (expected === 'no_stream' && current !== null) throw new Error('concurrency');
    if (typeof expected === 'number' && current !== expected) throw new Error('concurrency');
    let revision = current ?? -1;
    await trx(table).insert(
      events.map((e) => ({
        event_id: e.id,
        stream_id: streamId,
        revision: ++revision,
        type: e.type,
        data: JSON.stringify(e.data ?? null),
        metadata: JSON.stringify(e.metadata ?? {}),
        occurred_at: e.occurredAt,
      })),
    );
    await trx.raw(`select pg_notify('circuit_event_store', '')`);
    return revision;
  });
}
