import { createHash, randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Knex } from 'knex';
import pg from 'pg';
import {
  ConcurrencyError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from '../../ports/event-store';
import { migrate } from '../../db/migrations';

const TABLE = 'event_store_events';
const SUBSCRIPTION_PAGE = 500;
/**
 * Positions are `(transaction id << 20) + rank in the append`: the feed is ordered by transaction
 * id, and readers only read below the oldest transaction still appending (as Emmett's and
 * Marten's Postgres stores read below pg_snapshot_xmin). A transaction that commits late therefore
 * always sits above everything a reader has already seen, so no subscriber can skip it, and appends
 * to different streams never wait for each other (docs/decisions.md#d6-the-postgres-event-store-never-skips-a-late-commit). Positions stay below 2^53
 * while transaction ids stay below 2^33.
 *
 * The transaction id is counted from an offset kept in OFFSET_TABLE (0 unless moved): a history
 * restored from a backup into a new database keeps its positions, which the new server's
 * transaction ids have not reached yet, so the restore moves the offset past them
 * (`continueAfterPosition`) and new appends, and the feed's bound, continue above them.
 */
const RANK_BITS = 20;
const OFFSET_TABLE = 'event_store_xid_offset';
const OFFSET_SQL = `(select o.xid_offset from ${OFFSET_TABLE} o)`;
const MAX_EVENTS_PER_APPEND = 2 ** RANK_BITS - 1;
/**
 * The visibility bound, as a transaction id: the next transaction id, or the oldest one among the
 * transactions appending right now (they hold RowExclusiveLock on the events table; an append gets
 * its transaction id only after taking that lock, in its single statement). Unlike
 * pg_snapshot_xmin, other work on the server (other schemas, other databases, a session idle in a
 * transaction) does not hold readers back. Read in a statement of its own, before the statement
 * that reads the events: whatever was appending when the bound was taken and is not listed has
 * finished by the time the events are read, so every event below the bound is visible then.
 * pg_locks gives 32-bit ids: each is widened to the xid8 just below the next one. The two
 * statements run inside one server-side function (see FEED_FUNCTIONS).
 */
const BOUND_SQL = `
with n as (select pg_snapshot_xmax(pg_current_snapshot())::text::bigint as next)
select least(n.next, min(n.next - ((n.next % 4294967296 - l.transactionid::text::bigint + 4294967296) % 4294967296))) as bound
from n left join (
  pg_locks r join pg_locks l on l.virtualtransaction = r.virtualtransaction and l.locktype = 'transactionid'
) on r.locktype = 'relation' and r.mode = 'RowExclusiveLock' and r.granted
     and r.relation = '${TABLE}'::regclass and r.database = (select oid from pg_database where datname = current_database())
group by n.next`;
/**
 * The feed's reads as PL/pgSQL functions: one round trip each, and their statements are planned
 * once per connection (planning the bound and the read took Postgres three times as long as
 * running them, and a subscriber reads after nearly every append). A VOLATILE function takes a
 * fresh snapshot for each statement, so the read sees everything committed below the bound it
 * has just taken. Column references are qualified: the output columns share the table's names.
 */
const FEED_FUNCTIONS = [
  `create or replace function event_store_feed_bound() returns bigint language plpgsql volatile as $fn$
begin
  return ((${BOUND_SQL}) + ${OFFSET_SQL}) << ${RANK_BITS};
end $fn$`,
  `create or replace function event_store_read_all(after bigint, max_count integer)
returns table (head bigint, bound bigint, "position" bigint, event_id text, stream_id text, revision integer,
               type text, data jsonb, metadata jsonb, occurred_at timestamptz)
language plpgsql volatile as $fn$
#variable_conflict use_column
declare b bigint := event_store_feed_bound();
begin
  return query
    select h.head, b, e.position, e.event_id, e.stream_id, e.revision, e.type, e.data, e.metadata, e.occurred_at
    from (select max(t.position) as head from ${TABLE} t) h left join lateral (
      select t.* from ${TABLE} t where t.position > after and t.position < b order by t.position limit max_count
    ) e on true;
end $fn$`,
  `create or replace function event_store_head() returns table (visible bigint, head bigint)
language plpgsql volatile as $fn$
#variable_conflict use_column
declare b bigint := event_store_feed_bound();
begin
  return query
    select (select max(t.position) from ${TABLE} t where t.position < b), (select max(t.position) from ${TABLE} t);
end $fn$`,
];
/** The largest page a read takes (Postgres's integer). */
const MAX_PAGE = 2 ** 31 - 1;
/** How long a read waits for committed events hidden behind a transaction that is still open. */
const HIDDEN_WAIT_MS = 1000;
const UNIQUE_VIOLATION = '23505';
const MAX_APPEND_ATTEMPTS = 100;

/**
 * Appends in one statement (one round trip, no lock): the checks, then the insert. It takes
 * several appends at once, to different streams (group commit): `requests` are the appends, each
 * with its stream, expected revision and number of events, `input` their events (data and
 * metadata embedded as JSON, read once); each request is decided on its own (a refused or repeated
 * one inserts nothing) and gets a row of its own in the answer. Counts and maxima are grouped and
 * joined rather than looked up per request: a group of 32 appends scanned its events 32 times over.
 */
const appendSql = (notify: boolean) => `
with input as (
  select * from jsonb_to_recordset(?::jsonb) as i(req int, ord int, event_id text, type text, data jsonb, metadata jsonb, occurred_at timestamptz)
),
requests as (
  select * from jsonb_to_recordset(?::jsonb) as r(req int, stream_id text, expected_kind text, expected int, n_input int)
),
existing as (
  -- One index lookup per event (offset 0 keeps it a nested loop): the statement is prepared, and a
  -- generic plan made while the table was small hashed a scan of the whole table on every append.
  select i.req, e.event_id, e.position
  from input i cross join lateral (select x.event_id, x.position from ${TABLE} x where x.event_id = i.event_id offset 0) e
),
decision as (
  select r.req, r.stream_id, r.expected_kind, r.expected, r.n_input,
         coalesce(x.n_existing, 0) as n_existing, x.existing_position, c.current
  from requests r
  left join (select req, count(*)::int as n_existing, max(position) as existing_position from existing group by req) x on x.req = r.req
  cross join lateral (select max(e.revision) as current from ${TABLE} e where e.stream_id = r.stream_id) c
),
inserted as (
  insert into ${TABLE} (position, event_id, stream_id, revision, type, data, metadata, occurred_at)
  select ((pg_current_xact_id()::text::bigint + ${OFFSET_SQL}) << ${RANK_BITS}) + row_number() over (order by i.req, i.ord),
         i.event_id, d.stream_id, coalesce(d.current, -1) + row_number() over (partition by i.req order by i.ord),
         i.type, i.data, i.metadata, i.occurred_at
  from input i join decision d on d.req = i.req
  where not exists (select 1 from existing x where x.event_id = i.event_id)
    and d.n_existing < d.n_input
    and (case d.expected_kind when 'any' then true when 'no_stream' then d.current is null else d.current = d.expected end)
  returning stream_id, position, revision
)
select d.req, d.n_existing, d.n_input, d.current, d.existing_position, n.position, n.next_revision
from decision d left join (
  select stream_id, max(position) as position, max(revision) as next_revision from inserted group by stream_id
) n on n.stream_id = d.stream_id${notify ? ' cross join (select pg_notify(?, ?)) notified' : ''}
order by d.req`;
const APPEND_SQL = appendSql(false);
/** The same, with the NOTIFY that wakes other processes: sent by Postgres when the append commits. */
const APPEND_AND_NOTIFY_SQL = appendSql(true);

/** Append statements in flight at once; the appends that come meanwhile gather for the next. */
const APPENDS_IN_FLIGHT = 2;
/** Appends ready while no statement is in flight go in two statements from this many (see sendAppends). */
const SPLIT_FROM = 4;
/**
 * A subscription reads at most once per this many ms. A busy feed (a community room's 200 posts a
 * second) made one read per append, about a third of the statements of a chat post, each waking a
 * Postgres backend; spaced, a read takes the appends of 10 ms at once. A quiet feed's append is
 * read at once (its last read is older than that), so only a busy feed's readers wait, 5 ms on average.
 */
const READ_SPACING_MS = 10;
/** How long a NOTIFY owed for committed appends waits for an append statement to carry it. */
const NOTIFY_WAIT_MS = 10;

/** A row of the events table as the driver returns it (the personal data migration reads them too). */
export interface Row {
  position: number | string;
  event_id: string;
  stream_id: string;
  revision: number;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
  occurred_at: Date | string;
}

/** 2026-01-02T03:04:05.678Z: the form `occurredAt` takes, which `timestamptzAsIso` already gives. */
const isIsoUtc = (text: string) => text.length === 24 && text.charCodeAt(10) === 84 /* T */ && text.charCodeAt(23) === 90; /* Z */

const parseTimestamptz = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ, 'text');

/**
 * A timestamptz as the text `Date#toISOString` makes of it, without a Date per row (a rebuild
 * reads every event): Postgres writes it as 2026-01-02 03:04:05.678901+00 in a UTC session. Other
 * forms (another time zone, years past 9999) go through a Date as before. Milliseconds are cut,
 * not rounded, as a Date cuts them.
 */
function timestamptzAsIso(text: string): unknown {
  const n = text.length;
  if (n >= 22 && n <= 29 && text.endsWith('+00') && text.charCodeAt(10) === 32 && (n === 22 || text.charCodeAt(19) === 46 /* . */)) {
    const fraction = n === 22 ? '' : text.slice(20, n - 3);
    return `${text.slice(0, 10)}T${text.slice(11, 19)}.${(fraction + '000').slice(0, 3)}Z`;
  }
  return parseTimestamptz(text);
}

/** Type parsers of the feed's reads: timestamps stay text (see `timestamptzAsIso`). */
const feedTypes = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.TIMESTAMPTZ && format !== 'binary' ? timestamptzAsIso : pg.types.getTypeParser(oid, format ?? 'text'),
};

export function toRecorded(row: Row): RecordedEvent {
  const at = row.occurred_at;
  return {
    id: row.event_id,
    streamId: row.stream_id,
    revision: row.revision,
    position: BigInt(row.position),
    type: row.type,
    data: row.data,
    metadata: row.metadata ?? {},
    occurredAt: typeof at === 'string' && isIsoUtc(at) ? at : new Date(at).toISOString(),
  };
}

/**
 * After events were stored with the positions of another database (a restore): moves the
 * transaction id offset so that every later append, and the feed's bound, lie above `position`.
 * Never moves it back.
 */
export async function continueAfterPosition(knex: Knex, position: bigint): Promise<void> {
  await knex.raw(`update ${OFFSET_TABLE} set xid_offset = greatest(xid_offset, (?::bigint >> ${RANK_BITS}) + 1 - pg_current_xact_id()::text::bigint)`, [
    position.toString(),
  ]);
}

export interface EventStoreLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export interface PostgresEventStoreOptions {
  /** Fallback polling interval of subscriptions, for appends made by other processes. */
  pollIntervalMs?: number;
  /** Listen for NOTIFY from other processes (real Postgres only). */
  listen?: boolean;
  /**
   * The least time between the starts of two reads of one subscription: appends closer together
   * than this are read in one statement (see subscribe). 0 reads after every append.
   */
  readSpacingMs?: number;
  /** Where a lost LISTEN connection and its reopening are reported (a pino logger fits). */
  log?: EventStoreLog;
}

interface ListenConnection {
  query(sql: string): Promise<{ rows: { pid?: number }[] }>;
  on(event: 'notification' | 'error' | 'end', cb: (arg: unknown) => void): void;
  end(): Promise<void>;
}

interface AppendRow {
  n_existing: number;
  n_input: number;
  current: number | null;
  existing_position: number | string | null;
  position: number | string | null;
  next_revision: number | null;
}

const json = (value: unknown): string => JSON.stringify(value) ?? 'null';

/**
 * An event as its member of the statement's `input` (less its group's `req`), written once per
 * append: a group's input is then these pieces joined, not its events serialised again, and data
 * and metadata are embedded as JSON rather than as strings Postgres parses a second time.
 */
const inputJson = (e: NewEvent, ord: number): string =>
  `"ord":${ord},"event_id":${json(e.id)},"type":${json(e.type)},"data":${json(e.data ?? null)},"metadata":${json(e.metadata ?? {})},"occurred_at":${json(e.occurredAt)}}`;

interface QueuedAppend {
  streamId: string;
  /** The events as `inputJson` made them. */
  events: string[];
  expected: ExpectedRevision;
  /** `notified`: the statement carried the NOTIFY of this append. */
  resolve(answer: { row: AppendRow; notified: boolean }): void;
  reject(error: unknown): void;
}

const silent: EventStoreLog = { warn: () => undefined, info: () => undefined };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class PostgresEventStore implements EventStore {
  private readonly appended = new EventEmitter();
  private listenConnection: ListenConnection | undefined;
  private listenPid: number | undefined;
  private listenRetry: NodeJS.Timeout | undefined;
  /** A real Postgres, where other connections and processes append too (PGlite has one connection). */
  private readonly onSharedServer: boolean;
  private closed = false;
  /**
   * NOTIFY after commit, coalesced: one in flight at a time (in a statement of its own, or carried
   * by an append statement), one more if appends came meanwhile.
   */
  private notifying: Promise<void> | undefined;
  private notifyAgain = false;
  /** A NOTIFY owed for committed appends, waiting for an append statement to carry it (see notifyOthers). */
  private owedNotify: NodeJS.Timeout | undefined;
  /**
   * Sent with every NOTIFY and ignored when it comes back: this process's subscribers were woken
   * at the append already, and a second wake made each of them read the feed again for nothing.
   */
  private readonly origin = randomUUID();
  private queued: QueuedAppend[] = [];
  private appendsInFlight = 0;
  /** Statements answered whose slot is not free yet (see sendAppends). */
  private answering = 0;
  /** Streams an append statement in flight writes to. */
  private readonly streamsInFlight = new Set<string>();
  /** The spacing of the feed's reads for a while (spaceReads), instead of the options'. */
  private readSpacingFor: number | undefined;

  private constructor(
    private readonly knex: Knex,
    private readonly options: Required<Omit<PostgresEventStoreOptions, 'log'>> & { log: NonNullable<PostgresEventStoreOptions['log']> },
    /** Per schema, so appends in one schema wake only the processes that share it. */
    private readonly channel: string,
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
      {
        name: '002_feed_functions',
        up: async (k) => {
          for (const fn of FEED_FUNCTIONS) await k.raw(fn);
        },
      },
      {
        name: '003_xid_offset',
        up: async (k) => {
          await k.raw(`create table ${OFFSET_TABLE} (xid_offset bigint not null)`);
          await k.raw(`create unique index ${OFFSET_TABLE}_one_row on ${OFFSET_TABLE} ((true))`);
          await k.raw(`insert into ${OFFSET_TABLE} (xid_offset) values (0)`);
          for (const fn of FEED_FUNCTIONS) await k.raw(fn);
        },
      },
    ]);
    const schema: string = (await knex.raw('select current_schema() as schema')).rows[0]?.schema ?? 'public';
    const channel = `circuit_events_${createHash('sha1').update(schema).digest('hex').slice(0, 20)}`;
    const store = new PostgresEventStore(
      knex,
      {
        pollIntervalMs: options.pollIntervalMs ?? 500,
        listen: options.listen ?? knex.client.config.client === 'pg',
        readSpacingMs: options.readSpacingMs ?? READ_SPACING_MS,
        log: options.log ?? silent,
      },
      channel,
    );
    if (store.options.listen) await store.startListening();
    return store;
  }

  /** Backend process id of the LISTEN connection (operators and tests: pg_terminate_backend). */
  get listenerPid(): number | undefined {
    return this.listenPid;
  }

  private async startListening(): Promise<void> {
    // A dedicated connection outside the pool: LISTEN lasts as long as the connection.
    const connection = (await this.knex.client.acquireRawConnection()) as ListenConnection;
    connection.on('notification', (message) => {
      if ((message as { payload?: string } | undefined)?.payload !== this.origin) this.appended.emit('appended');
    });
    connection.on('error', (error) => this.listenLost(connection, error));
    connection.on('end', () => this.listenLost(connection, undefined));
    try {
      await connection.query(`LISTEN ${this.channel}`);
      this.listenPid = (await connection.query('select pg_backend_pid() as pid')).rows[0]?.pid;
    } catch (error) {
      await connection.end().catch(() => undefined);
      throw error;
    }
    this.listenConnection = connection;
  }

  /** The LISTEN connection died (server restart, terminated backend): reopen it with backoff. */
  private listenLost(connection: ListenConnection, error: unknown): void {
    if (this.closed || this.listenConnection !== connection) return;
    this.listenConnection = undefined;
    this.listenPid = undefined;
    this.options.log.warn({ err: error }, 'event store LISTEN connection lost; reopening');
    void connection.end().catch(() => undefined);
    // Appends made while nobody listened: subscribers read again now rather than at the next poll.
    this.appended.emit('appended');
    this.reopenListen(1);
  }

  private reopenListen(attempt: number): void {
    const delay = Math.min(5000, 50 * 2 ** attempt) * (0.75 + Math.random() / 2);
    this.listenRetry = setTimeout(() => {
      this.listenRetry = undefined;
      if (this.closed) return;
      this.startListening().then(
        () => {
          this.options.log.info({ attempt }, 'event store LISTEN connection reopened');
          this.appended.emit('appended');
        },
        (error: unknown) => {
          if (this.closed) return;
          this.options.log.warn({ err: error, attempt }, 'event store could not reopen its LISTEN connection; retrying');
          this.reopenListen(attempt + 1);
        },
      );
    }, delay);
  }

  /** Wakes subscribers in other processes; PGlite has no other processes. */
  private notifyOthers(): void {
    if (!this.onSharedServer || this.closed) return;
    if (this.notifying) {
      this.notifyAgain = true;
      return;
    }
    // Owed: the next append statement sent within NOTIFY_WAIT_MS carries it (none is in flight),
    // waking the others for both; else it goes on its own then. Under load this spares a statement
    // of its own for about every third chat message. (Every append statement carrying one would
    // not: Postgres serialises the commits of notifying transactions, WAL flush and all.)
    if (this.queued.length > 0 || this.owedNotify) return;
    this.owedNotify = setTimeout(() => this.sendNotify(), NOTIFY_WAIT_MS);
  }

  /** The owed NOTIFY, in a statement of its own (one in flight at a time). */
  private sendNotify(): void {
    clearTimeout(this.owedNotify);
    this.owedNotify = undefined;
    if (this.notifying) {
      this.notifyAgain = true;
      return;
    }
    this.notifyAgain = false;
    this.notifying = (async () => {
      try {
        await this.knex.raw('select pg_notify(?, ?)', [this.channel, this.origin]);
      } catch (error) {
        if (!this.closed) this.options.log.warn({ err: error }, 'event store NOTIFY failed; other processes poll');
      }
      this.notifying = undefined;
      if (this.notifyAgain) this.notifyOthers();
    })();
  }

  async append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    if (events.length > MAX_EVENTS_PER_APPEND) throw new Error(`append takes at most ${MAX_EVENTS_PER_APPEND} events`);
    const input = events.map(inputJson);
    for (let attempt = 1; ; attempt++) {
      let row: AppendRow;
      let notified: boolean;
      try {
        ({ row, notified } = await new Promise<{ row: AppendRow; notified: boolean }>((resolve, reject) => {
          this.queued.push({ streamId, events: input, expected, resolve, reject });
          this.sendAppends();
        }));
      } catch (error) {
        // A concurrent append took the same revision, or stored the same event ids: decide again
        // against what it committed (a repeat is then recognised, a stale revision refused).
        // With a revision expected, the next attempt refuses (the revision moved); with 'any' it
        // takes the next revision, after a short jittered pause when the stream is very hot.
        if ((error as { code?: string }).code === UNIQUE_VIOLATION && attempt < MAX_APPEND_ATTEMPTS) {
          if (attempt > 2) await sleep(Math.random() * Math.min(50, 2 ** attempt));
          continue;
        }
        throw error;
      }
      if (row.n_existing === row.n_input) {
        // A repeated append (a retried request): already stored, nothing to do.
        return { nextRevision: row.current ?? -1, position: BigInt(row.existing_position!), alreadyStored: true };
      }
      if (row.position === null) throw new ConcurrencyError(streamId, expected, row.current ?? 'no_stream');
      this.appended.emit('appended');
      if (!notified) this.notifyOthers();
      return { nextRevision: row.next_revision!, position: BigInt(row.position) };
    }
  }

  /**
   * Group commit: up to APPENDS_IN_FLIGHT statements at a time, each taking queued appends (one
   * per stream: two appends to one stream in one statement would take the same revision).
   * Appends that arrive together, as a burst of commands does, then cost one statement and one
   * commit instead of one each; a lone append goes at once. An append to a stream that a statement
   * in flight writes to waits for it: sent alongside, both would take the same revision, and the
   * second statement would fail as a whole and go again in halves.
   *
   * Groups are sticky: the callers a statement answers come back together and go again together.
   * So appends that are ready while no statement is in flight go in two halves, and a group that
   * comes back less than half the size of the one in flight waits for it: 32 writers settle into
   * two groups of 16, not (as a lone first append left them) 1 and 31 for as long as they write,
   * one statement nearly idle. A few appends go whole: two statements for three save nothing.
   */
  private sendAppends(): void {
    // Callers just answered are about to append again: they go together, when the slot is free.
    if (this.answering > 0) return;
    while (this.appendsInFlight < APPENDS_IN_FLIGHT && this.queued.length > 0) {
      const streams = new Set<string>();
      const ready: QueuedAppend[] = [];
      for (const q of this.queued) {
        if (streams.has(q.streamId) || this.streamsInFlight.has(q.streamId)) continue;
        streams.add(q.streamId);
        ready.push(q);
      }
      if (ready.length === 0) return;
      // One append in flight per stream: the streams in flight count the appends not yet answered.
      if (this.appendsInFlight > 0 && ready.length * 2 < this.streamsInFlight.size) return;
      const split = this.appendsInFlight === 0 && ready.length >= SPLIT_FROM;
      const batch = split ? ready.slice(0, Math.ceil(ready.length / 2)) : ready;
      const taken = new Set(batch);
      this.queued = this.queued.filter((q) => !taken.has(q));
      for (const q of batch) this.streamsInFlight.add(q.streamId);
      this.appendsInFlight++;
      // The slot stays taken until the callers this statement answers have run on (setImmediate
      // comes after their promise callbacks): a caller that appends again at once, as a command
      // handler under load does, joins the next group instead of going alone and leaving the
      // rest for a statement after it (groups of 32 writers averaged 9 appends, not 16).
      void this.runAppends(batch).finally(() => {
        // Answered: its streams are free at once (what it wrote is committed), so they no longer count as under way.
        for (const q of batch) this.streamsInFlight.delete(q.streamId);
        this.answering++;
        setImmediate(() => {
          this.answering--;
          this.appendsInFlight--;
          this.sendAppends();
        });
      });
    }
  }

  private async runAppends(batch: QueuedAppend[]): Promise<void> {
    // No NOTIFY on its way: this statement carries one (a round trip fewer than a NOTIFY of its own).
    const notify = this.onSharedServer && !this.closed && this.notifying === undefined;
    let notified = () => undefined as void;
    if (notify) {
      clearTimeout(this.owedNotify);
      this.owedNotify = undefined;
      this.notifyAgain = false;
      this.notifying = new Promise<void>((resolve) => (notified = resolve));
    }
    let rows: AppendRow[];
    try {
      const events = `[${batch.map((q, req) => q.events.map((e) => `{"req":${req},${e}`).join(',')).join(',')}]`;
      const requests = batch.map((q, req) => ({
        req,
        stream_id: q.streamId,
        expected_kind: typeof q.expected === 'number' ? 'revision' : q.expected,
        expected: typeof q.expected === 'number' ? q.expected : null,
        n_input: q.events.length,
      }));
      const bindings = [events, JSON.stringify(requests)];
      const statement = this.knex.raw(notify ? APPEND_AND_NOTIFY_SQL : APPEND_SQL, notify ? [...bindings, this.channel, this.origin] : bindings);
      // Prepared once per connection (pg's named statements): planning the statement took Postgres three times as long as running it.
      if (this.onSharedServer) statement.options({ name: notify ? 'circuit_append_notify' : 'circuit_append' });
      rows = (await statement).rows as AppendRow[];
    } catch (error) {
      // A NOTIFY that failed with its statement may be owed for appends that counted on it (see
      // notifyOthers): it goes after all.
      if (notify) this.notifyAgain = true;
      // One statement fails as a whole: with several appends in it, it goes again in halves (the
      // appends are of different streams, so neither half waits for the other), down to the one
      // that failed, which alone sees the error. A bad append among 60 cost 60 statements one by
      // one; halved, about a dozen.
      if (batch.length === 1) batch[0]!.reject(error);
      else {
        const half = Math.ceil(batch.length / 2);
        await Promise.all([this.runAppends(batch.slice(0, half)), this.runAppends(batch.slice(half))]);
      }
      return;
    } finally {
      if (notify) {
        this.notifying = undefined;
        notified();
        // Appends that committed while this one was on its way: the next append statement
        // (sent right after this one) carries their NOTIFY, or one goes on its own.
        if (this.notifyAgain && this.queued.length === 0) this.notifyOthers();
      }
    }
    batch.forEach((q, i) => q.resolve({ row: rows[i]!, notified: notify }));
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const query = this.knex(TABLE).where({ stream_id: streamId }).orderBy('revision', 'asc');
    if (options.fromRevision !== undefined && options.fromRevision > 0) query.andWhere('revision', '>=', options.fromRevision);
    if (options.maxCount !== undefined) query.limit(Math.max(0, options.maxCount));
    const rows: Row[] = await query;
    return rows.map(toRecorded);
  }

  /**
   * Runs `read` until it is not held back by an open transaction: committed events above the
   * visibility bound (a later transaction that committed first) are waited for, briefly.
   */
  private async belowBound<T>(read: () => Promise<{ result: T; hidden: boolean }>): Promise<T> {
    const deadline = Date.now() + HIDDEN_WAIT_MS;
    for (let pause = 1; ; pause = Math.min(pause * 2, 20)) {
      const { result, hidden } = await read();
      if (!hidden || this.closed || Date.now() >= deadline) return result;
      await sleep(pause);
    }
  }

  async readAll(after: bigint, limit: number): Promise<RecordedEvent[]> {
    const from = BigInt(after).toString();
    // The read function's page size is an integer: a larger limit (a rebuild asks for everything) is all of it anyway.
    const count = Math.min(MAX_PAGE, Math.max(0, Math.floor(limit)));
    // PGlite has one connection: a read never runs beside an append, so everything stored is complete.
    if (!this.onSharedServer) {
      const rows: Row[] = await this.knex(TABLE).where('position', '>', from).orderBy('position', 'asc').limit(count);
      return rows.map(toRecorded);
    }
    return this.belowBound(async () => {
      const rows = (await this.knex.raw('select * from event_store_read_all(?, ?)', [from, count]).options({ name: 'circuit_read_all', types: feedTypes })).rows as (Partial<Row> & {
        head: number | string | null;
        bound: number | string;
      })[];
      const events = rows.filter((r) => r.position !== null && r.position !== undefined).map((r) => toRecorded(r as Row));
      const head = rows[0]?.head;
      const bound = BigInt(rows[0]!.bound);
      const hidden = events.length === 0 && head !== null && head !== undefined && BigInt(head) > after && BigInt(head) >= bound;
      return { result: events, hidden };
    });
  }

  /** The position up to which the feed is complete (events of appends still running are not counted). */
  async headPosition(): Promise<bigint> {
    if (!this.onSharedServer) {
      const [row] = (await this.knex(TABLE).max('position as head')) as { head: number | string | null }[];
      return BigInt(row?.head ?? 0);
    }
    return this.belowBound(async () => {
      const [row] = (await this.knex.raw('select * from event_store_head()').options({ name: 'circuit_feed_head' })).rows as {
        visible: number | string | null;
        head: number | string | null;
      }[];
      const visible = BigInt(row!.visible ?? 0);
      return { result: visible, hidden: BigInt(row!.head ?? 0) > visible };
    });
  }

  /**
   * Subscriptions read the feed at most once per `ms` until the answer is called, then as the options
   * say: for a burst of appends that nobody waits to see (the embedded mode's demo seed), read in
   * larger batches, each of which costs its projections a transaction.
   */
  spaceReads(ms: number): () => void {
    this.readSpacingFor = ms;
    return () => {
      this.readSpacingFor = undefined;
    };
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

    let lastReadAt = -Infinity;
    const loop = async () => {
      while (!stopped && !this.closed) {
        let batch: RecordedEvent[] = [];
        try {
          const spacing = lastReadAt + (this.readSpacingFor ?? this.options.readSpacingMs) - performance.now();
          if (spacing > 0) await new Promise((r) => setTimeout(r, spacing));
          if (stopped || this.closed) return;
          const startedAt = performance.now();
          dirty = false;
          batch = await this.readAll(after, SUBSCRIPTION_PAGE);
          // Only a read that reached the head spaces the next: catching up reads page after page.
          lastReadAt = batch.length < SUBSCRIPTION_PAGE ? startedAt : -Infinity;
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
    // Other processes hear of the last appends now, not at their next poll.
    if (this.owedNotify) this.sendNotify();
    this.closed = true;
    if (this.listenRetry) clearTimeout(this.listenRetry);
    this.appended.emit('appended');
    await this.notifying;
    const connection = this.listenConnection;
    this.listenConnection = undefined;
    if (connection) await connection.end().catch(() => undefined);
  }
}
