import { EventEmitter } from 'node:events';
import type { Knex } from 'knex';
import {
  ConcurrencyError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from '../../ports/event-store';
import { migrate } from '../../db/migrations';

const TABLE = 'event_store_events';
const NOTIFY_CHANNEL = 'circuit_event_store';
// One lock for every append: positions then commit in the order they were taken, so a reader
// that saw position N can never later see a smaller one commit (DESIGN section 3).
const APPEND_LOCK_KEY = 0x43495243; // "CIRC"
const SUBSCRIPTION_PAGE = 500;

interface Row {
  position: number | string;
  event_id: string;
  stream_id: string;
  revision: number;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
  occurred_at: Date | string;
}

function toRecorded(row: Row): RecordedEvent {
  return {
    id: row.event_id,
    streamId: row.stream_id,
    revision: row.revision,
    position: BigInt(row.position),
    type: row.type,
    data: row.data,
    metadata: row.metadata ?? {},
    occurredAt: new Date(row.occurred_at).toISOString(),
  };
}

export interface PostgresEventStoreOptions {
  /** Fallback polling interval of subscriptions, for appends made by other processes. */
  pollIntervalMs?: number;
  /** Listen for NOTIFY from other processes (real Postgres only). */
  listen?: boolean;
}

export class PostgresEventStore implements EventStore {
  private readonly appended = new EventEmitter();
  private listenConnection: { end?: () => unknown; release?: () => unknown } | undefined;
  /** A real Postgres, where other connections and processes append too (PGlite has one connection). */
  private readonly onSharedServer: boolean;
  private closed = false;

  private constructor(
    private readonly knex: Knex,
    private readonly options: Required<PostgresEventStoreOptions>,
  ) {
    this.appended.setMaxListeners(0);
    this.onSharedServer = knex.client.config.client === 'pg';
  }

  static async create(knex: Knex, options: PostgresEventStoreOptions = {}): Promise<PostgresEventStore> {
    await migrate(knex, 'event_store', [
      {
        name: '001_events',
        up: async (k) => {
          await k.schema.createTable(TABLE, (t) => {
            t.bigIncrements('position').primary();
            t.text('event_id').notNullable().unique();
            t.text('stream_id').notNullable();
            t.integer('revision').notNullable();
            t.text('type').notNullable();
            t.jsonb('data').notNullable();
            t.jsonb('metadata').notNullable();
            t.timestamp('occurred_at', { useTz: true }).notNullable();
            t.unique(['stream_id', 'revision']);
          });
        },
      },
    ]);
    const store = new PostgresEventStore(knex, {
      pollIntervalMs: options.pollIntervalMs ?? 500,
      listen: options.listen ?? knex.client.config.client === 'pg',
    });
    if (store.options.listen) await store.startListening();
    return store;
  }

  private async startListening(): Promise<void> {
    // A dedicated connection outside the pool: LISTEN lasts as long as the connection.
    const connection = (await this.knex.client.acquireRawConnection()) as {
      query(sql: string): Promise<unknown>;
      on(event: 'notification' | 'error', cb: (arg: unknown) => void): void;
      end(): Promise<void>;
    };
    connection.on('notification', () => this.appended.emit('appended'));
    connection.on('error', () => undefined);
    await connection.query(`LISTEN ${NOTIFY_CHANNEL}`);
    this.listenConnection = connection;
  }

  async append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const result = await this.knex.transaction(async (trx) => {
      // PGlite has a single connection: its transactions already run one at a time.
      if (this.onSharedServer) await trx.raw('select pg_advisory_xact_lock(?)', [APPEND_LOCK_KEY]);
      // After the lock, in one statement: which of these ids are stored, and the stream's revision.
      const ids = events.map((e) => e.id);
      const found: { event_id: string | null; position: number | string | null; current: number | null }[] = await trx
        .select('e.event_id', 'e.position', trx.raw('(select max(revision) from ?? where stream_id = ?) as current', [TABLE, streamId]))
        .from(trx.raw('(select 1) as one'))
        .leftJoin(trx(TABLE).whereIn('event_id', ids).select('event_id', 'position').as('e'), trx.raw('true'));
      const existing = found.filter((r): r is { event_id: string; position: number | string; current: number | null } => r.event_id !== null);
      const currentRevision = found[0]?.current ?? null;
      if (existing.length === events.length) {
        // A repeated append (a retried request): already stored, nothing to do.
        const last = existing.reduce((a, b) => (BigInt(a.position) > BigInt(b.position) ? a : b));
        return { nextRevision: currentRevision ?? -1, position: BigInt(last.position), appended: false };
      }
      const known = new Set(existing.map((r) => r.event_id));
      const fresh = events.filter((e) => !known.has(e.id));
      if (expected === 'no_stream' && currentRevision !== null) {
        throw new ConcurrencyError(streamId, expected, currentRevision);
      }
      if (typeof expected === 'number' && currentRevision !== expected) {
        throw new ConcurrencyError(streamId, expected, currentRevision ?? 'no_stream');
      }
      let revision = currentRevision ?? -1;
      const rows = fresh.map((e) => ({
        event_id: e.id,
        stream_id: streamId,
        revision: ++revision,
        type: e.type,
        data: JSON.stringify(e.data ?? null),
        metadata: JSON.stringify(e.metadata ?? {}),
        occurred_at: e.occurredAt,
      }));
      const inserted: { position: number | string }[] = await trx(TABLE).insert(rows).returning('position');
      // Wakes subscribers in other processes; PGlite has no other processes.
      if (this.onSharedServer) await trx.raw(`select pg_notify('${NOTIFY_CHANNEL}', '')`);
      const position = inserted.map((r) => BigInt(r.position)).reduce((a, b) => (a > b ? a : b));
      return { nextRevision: revision, position, appended: true };
    });
    if (result.appended) this.appended.emit('appended');
    return { nextRevision: result.nextRevision, position: result.position };
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    const rows: Row[] = await this.knex(TABLE).where({ stream_id: streamId }).orderBy('revision', 'asc');
    return rows.map(toRecorded);
  }

  async readAll(after: bigint, limit: number): Promise<RecordedEvent[]> {
    const rows: Row[] = await this.knex(TABLE)
      .where('position', '>', after.toString())
      .orderBy('position', 'asc')
      .limit(limit);
    return rows.map(toRecorded);
  }

  async headPosition(): Promise<bigint> {
    const rows = await this.knex(TABLE).max<{ max: number | string | null }[]>('position as max');
    return BigInt(rows[0]?.max ?? 0);
  }

  subscribe(options: SubscribeOptions): Subscription {
    let after = options.after ?? 0n;
    let stopped = false;
    let wake: (() => void) | undefined;
    // Set by every append; checked before sleeping so an append during a read is never waited out.
    let dirty = false;
    const onAppended = () => {
      dirty = true;
      wake?.();
    };
    this.appended.on('appended', onAppended);

    const loop = async () => {
      while (!stopped && !this.closed) {
        let batch: RecordedEvent[] = [];
        try {
          dirty = false;
          batch = await this.readAll(after, SUBSCRIPTION_PAGE);
          if (options.onBatch && batch.length > 0) {
            if (stopped) return;
            await options.onBatch(batch);
            after = batch.at(-1)!.position;
          } else {
            for (const event of batch) {
              if (stopped) return;
              await options.onEvent(event);
              after = event.position;
            }
          }
        } catch (error) {
          if (stopped || this.closed) return;
          options.onError?.(error);
          await new Promise((r) => setTimeout(r, this.options.pollIntervalMs));
          continue;
        }
        // A short page reached the head: wait for the next append instead of reading again.
        if (batch.length < SUBSCRIPTION_PAGE && !dirty) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, this.options.pollIntervalMs);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = undefined;
        }
      }
    };
    const running = loop();
    return {
      stop: async () => {
        stopped = true;
        this.appended.off('appended', onAppended);
        wake?.();
        await running;
      },
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.appended.emit('appended');
    if (this.listenConnection) await this.knex.client.destroyRawConnection(this.listenConnection);
  }
}
