import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { reservationStreamOf, type ReservationKind } from '../events/accounts';
import type { MasterKey } from './master-key';
import { PersonalDataCodec } from './personal-data-codec';
import { PersonalFields } from './personal-fields';
import { SubjectKeys } from './subject-keys';
import { toRecorded, type Row } from '../adapters/event-store/postgres-event-store';

/** The Postgres adapter's table (shared/src/adapters/event-store/postgres-event-store.ts). */
const EVENTS = 'event_store_events';
const RESERVATIONS = new Set(['NameReserved', 'NameReservationReleased']);
const UNIQUE_VIOLATION = '23505';

/** What readers see of the store: how many events of each type, and a checksum of every event as opened. */
export interface StoreSummary {
  counts: Record<string, number>;
  checksum: string;
}

export interface MigrationReport {
  batches: number;
  /** Events whose personal fields this run sealed. */
  sealed: number;
  /** Reservation events moved to a stream named by a blind index. */
  renamed: number;
  before: StoreSummary;
  after: StoreSummary;
}

export interface MigrationOptions {
  batchSize?: number;
  /** Called after each committed batch (progress; tests interrupt the migration here). */
  afterBatch?: (done: { batch: number; position: bigint }) => void | Promise<void>;
}

/** JSON with object keys sorted: Postgres' jsonb and JSON.parse order keys differently, what they hold is the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * Rewrites the events the Postgres adapter stored before crypto-shredding into the sealed form, in place
 * (docs/personal-data.md): in batches by position, each in one transaction; a field already sealed is left as it
 * is, so a second run, or a run after a crash, changes nothing more. E-mail and OAuth reservation events move to
 * the streams their blind index names (revisions unchanged). Checked: the count of every type and a checksum of
 * the opened events (what every reader sees) are the same after as before, or it throws.
 */
export async function migratePersonalData(knex: Knex, master: MasterKey, options: MigrationOptions = {}): Promise<MigrationReport | null> {
  if (!(await knex.schema.hasTable(EVENTS))) return null;
  const batchSize = options.batchSize ?? 1000;
  const codec = new PersonalDataCodec(PersonalFields, await SubjectKeys.create(knex, master));
  const before = await summarise(knex, codec, batchSize);
  const report = { batches: 0, sealed: 0, renamed: 0 };
  let after = 0n;
  for (;;) {
    const rows = await page(knex, after, batchSize);
    if (rows.length === 0) break;
    const changes = await Promise.all(rows.map((row) => migrated(row, codec, master)));
    const changed = changes.filter((change) => change !== null);
    if (changed.length > 0) await apply(knex, changed);
    report.batches += 1;
    report.sealed += changed.filter((change) => change.data !== undefined).length;
    report.renamed += changed.filter((change) => change.renamed).length;
    after = BigInt(rows.at(-1)!.position);
    await options.afterBatch?.({ batch: report.batches, position: after });
  }
  const summary = await summarise(knex, codec, batchSize);
  const same = summary.checksum === before.checksum && canonical(summary.counts) === canonical(before.counts);
  if (!same) throw new Error(`Personal data migration check failed: the events read differently after than before (before ${canonical(before)}, after ${canonical(summary)}). Were the services stopped? Stop them and run it again: what is sealed stays sealed.`);
  return { ...report, before, after: summary };
}

type Change = NonNullable<Awaited<ReturnType<typeof migrated>>>;

/** One batch in one transaction and one statement: a crash leaves it whole or untouched. */
async function apply(knex: Knex, changes: Change[]): Promise<void> {
  const rows = changes.map((change) => ({ position: String(change.position), stream_id: change.streamId, data: change.data ?? null }));
  await knex
    .transaction(async (trx) => {
      await trx.raw(
        `update ${EVENTS} e set stream_id = v.stream_id, data = coalesce(v.data, e.data)
           from jsonb_to_recordset(?::jsonb) as v(position bigint, stream_id text, data jsonb) where e.position = v.position`,
        [JSON.stringify(rows)],
      );
    })
    .catch((error: unknown) => {
      if ((error as { code?: unknown }).code !== UNIQUE_VIOLATION) throw error;
      throw new Error(
        'Could not move reservation events to their blind-index streams: a stream there already has an event at the same revision, appended by the new version before this migration ran. Stop the services, restore the database from before the new version started, and migrate before starting it.',
        { cause: error },
      );
    });
}

function page(knex: Knex, after: bigint, limit: number): Promise<Row[]> {
  return knex<Row>(EVENTS).where('position', '>', after.toString()).orderBy('position', 'asc').limit(limit);
}

/** What this row becomes: its data sealed (undefined when nothing to seal), and its stream. Null when it stays as it is. */
async function migrated(row: Row, codec: PersonalDataCodec, master: MasterKey) {
  const event = toRecorded(row);
  const [sealed] = codec.hasPersonalFields(row.type) ? await codec.seal(row.stream_id, [event]) : [event];
  const data = sealed!.data === row.data ? undefined : sealed!.data;
  const streamId = RESERVATIONS.has(row.type) ? await reservationStreamOfRow(row, codec, master) : row.stream_id;
  const renamed = streamId !== row.stream_id;
  return data === undefined && !renamed ? null : { position: row.position, data, streamId, renamed };
}

/**
 * The stream a reservation event belongs on now: one still named by its e-mail address or provider id moves to the
 * stream its blind index names; a username's stays, and so does one moved already (or whose value cannot be opened).
 */
async function reservationStreamOfRow(row: Row, codec: PersonalDataCodec, master: MasterKey): Promise<string> {
  const [opened] = await codec.open([toRecorded(row)]);
  const { kind, value } = opened!.data as { kind: ReservationKind; value: unknown };
  if (kind === 'username' || typeof value !== 'string' || row.stream_id !== `${kind}-${value.trim().toLowerCase()}`) return row.stream_id;
  return reservationStreamOf(kind, value, master);
}

/** Counts per type and a SHA-256 over every event as readers see it, in feed order (stream ids aside: renaming is the point). */
async function summarise(knex: Knex, codec: PersonalDataCodec, batchSize: number): Promise<StoreSummary> {
  const counts: Record<string, number> = {};
  const hash = crypto.createHash('sha256');
  let after = 0n;
  for (;;) {
    const rows = await page(knex, after, batchSize);
    if (rows.length === 0) break;
    const opened = await codec.open(rows.map(toRecorded));
    rows.forEach((row, i) => {
      counts[row.type] = (counts[row.type] ?? 0) + 1;
      hash.update(canonical([row.position.toString(), row.event_id, row.revision, row.type, opened[i]!.data, row.metadata])).update('\n');
    });
    after = BigInt(rows.at(-1)!.position);
  }
  return { counts, checksum: hash.digest('hex') };
}
