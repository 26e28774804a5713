/**
 * Loads a scale history (scale-history.ts, for `npm run bench:scale`) into the event store of a schema
 * on a Postgres by its bulk path, as a restore does (command-service/src/backup/restore-backup.ts):
 * rows inserted thousands at a time with positions of their own, then the store's transaction id
 * offset moved past them (continueAfterPosition), so later appends and the feed's bound lie above.
 * The personal fields are sealed by the crypto-shredding codec the services' store uses (the people's
 * data keys made as appends make them), so the rows are the ones the services would have written.
 * The store's own appends cost a statement (with its concurrency checks) per few appends; here one
 * statement carries 2,000 events. The loader is the only writer, so it numbers each stream's
 * revisions itself. Commits do not wait for the disk (synchronous_commit=off): it is only the set-up.
 */
import knexLib, { type Knex } from 'knex';
import { PostgresEventStore, continueAfterPosition } from '@circuit/shared/adapters/event-store/postgres-event-store';
import { withPersonalData } from '@circuit/shared/personal-data/personal-data';
import type { ScaleAppend } from './scale-history';

/** Events per insert statement. */
const BATCH = 2000;
/** Inserts on their way at once (their positions are fixed beforehand, so the order they commit in does not matter). */
const IN_FLIGHT = 2;
/** A position is `(transaction << 20) + rank` (postgres-event-store.ts): each batch stands for one transaction. */
const RANK_BITS = 20n;

export async function loadHistory(url: string, schema: string, feed: Iterable<ScaleAppend>, onProgress?: (events: number) => void): Promise<number> {
  const writer: Knex = knexLib({ client: 'pg', connection: { connectionString: url, options: `-c search_path=${schema} -c synchronous_commit=off` }, pool: { min: 0, max: IN_FLIGHT + 1 } });
  // Made for its tables (events, transaction id offset, data keys) and its codec.
  const store = await PostgresEventStore.create(writer, { listen: false });
  const { codec } = await withPersonalData(store, writer, {});
  const head = await store.headPosition();
  if (head !== 0n) throw new Error('the history loads into an empty event store only');
  const revisions = new Map<string, number>();
  let transaction = 0n;
  let keysMade: Promise<unknown> = Promise.resolve();
  let written = 0;
  const inFlight: Promise<void>[] = [];

  const insert = async (appends: ScaleAppend[]) => {
    // Positions and revisions first, synchronously and so in feed order, before the batch waits for anything.
    const base = ++transaction << RANK_BITS;
    let rank = 0n;
    const places = appends.map((a) =>
      a.events.map(() => {
        const revision = (revisions.get(a.streamId) ?? -1) + 1;
        revisions.set(a.streamId, revision);
        return { position: String(base + ++rank), revision };
      }),
    );
    // One query for the batch's data keys (made where missing), not one per append; one batch's after the
    // other's, or two batches making the same person's key insert in different orders and deadlock.
    const people = new Set(appends.flatMap((a) => a.people));
    const keys = (keysMade = keysMade.then(() => codec.keys.keysOf(people, { create: true })));
    await keys;
    const sealed = await Promise.all(appends.map((a) => codec.seal(a.streamId, a.events)));
    const rows = appends.flatMap((a, i) =>
      sealed[i]!.map((e, j) => ({ ...places[i]![j]!, event_id: e.id, stream_id: a.streamId, type: e.type, data: e.data ?? null, metadata: e.metadata ?? {}, occurred_at: e.occurredAt })),
    );
    const columns = 'position, event_id, stream_id, revision, type, data, metadata, occurred_at';
    await writer.raw(`insert into event_store_events (${columns}) select ${columns} from json_populate_recordset(null::event_store_events, ?::json)`, [JSON.stringify(rows)]);
    written += rows.length;
    onProgress?.(written);
  };

  try {
    let batch: ScaleAppend[] = [];
    let events = 0;
    for (const append of feed) {
      batch.push(append);
      events += append.events.length;
      if (events < BATCH) continue;
      inFlight.push(insert(batch));
      batch = [];
      events = 0;
      if (inFlight.length >= IN_FLIGHT) await inFlight.shift();
    }
    if (batch.length > 0) inFlight.push(insert(batch));
    await Promise.all(inFlight);
    await continueAfterPosition(writer, (transaction + 1n) << RANK_BITS);
  } finally {
    await store.close();
    await writer.destroy();
  }
  return written;
}
