import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Bus, BusHandler, GroupBacklog, SubscribeOptions } from '../../ports/bus';
import { processing, publishing } from '../../tracing/bus-spans';

/**
 * The cluster mode's bus (docs/decisions.md#d9-one-codebase-three-runtime-modes-adapters-behind-ports): Postgres LISTEN/NOTIFY between the processes that share
 * one database. Every message goes through one channel (`circuit_bus` by default) as JSON
 * `{ "t": topic, "p": payload }` (and `"c"`, the publisher's traceparent, when tracing is on): no
 * identifier is ever built from a topic name. A group's stored copies carry no trace context.
 *
 * - One dedicated pg.Client per bus LISTENs; publishes go through a small pool (`select pg_notify($1, $2)`).
 * - Postgres refuses NOTIFY payloads of 8000 bytes or more: publish rejects such a message with a
 *   BusPayloadTooLargeError before sending it (publish an id and let the subscriber load the rest).
 * - When the listening connection is lost the bus reconnects with a growing delay and LISTENs again.
 *   Like NOTIFY itself, live subscriptions are fire-and-forget: a message sent while no connection
 *   listens is lost.
 * - Group subscriptions (commands) are durable: a group is registered in `bus_groups` at its first
 *   subscription, and from then on publish stores a copy of each message of the topic for the group
 *   in `bus_queue` in the same statement as its NOTIFY. A member takes the group's oldest rows (as
 *   many as its concurrency, one by default) with `for update skip locked` on a connection of its
 *   own, hands them to its handler side by side, and deletes the handled ones in the same
 *   transaction: a member that dies while handling leaves those messages to the next (at least
 *   once), and only those. The NOTIFY wakes the members; they also look every pollMs, for a
 *   notification missed while reconnecting. Both tables live in the schema of the connection (its
 *   search_path).
 */
export interface PostgresNotifyBusOptions {
  /** postgres://... of the database every process shares. */
  connectionString: string;
  /** Channel name, a plain lower-case identifier. Default `circuit_bus`. */
  channel?: string;
  /** First reconnect delay; doubles up to maxReconnectDelayMs. */
  reconnectDelayMs?: number;
  maxReconnectDelayMs?: number;
  /** application_name of the listening connection (shows in pg_stat_activity). */
  applicationName?: string;
  /** Handler failures and connection problems. Default: ignored. */
  onError?: (error: unknown) => void;
  /** How often group members look for stored messages without a notification. Default 5000 ms. */
  pollMs?: number;
  /** First delay before a group message whose handler threw is tried again; doubles up to 30 s. Default 1000 ms. */
  retryDelayMs?: number;
}

/** Postgres' limit: a NOTIFY payload must be shorter than 8000 bytes. */
export const NOTIFY_PAYLOAD_LIMIT_BYTES = 8000;

export class BusPayloadTooLargeError extends Error {
  constructor(
    readonly topic: string,
    readonly bytes: number,
  ) {
    super(
      `Bus message on topic "${topic}" is ${bytes} bytes once serialised; Postgres NOTIFY carries fewer than ` +
        `${NOTIFY_PAYLOAD_LIMIT_BYTES} bytes. Publish an id and let subscribers load the data.`,
    );
    this.name = 'BusPayloadTooLargeError';
  }
}

const CHANNEL_RE = /^[a-z_][a-z0-9_]{0,62}$/;
/** Messages one drain handles before it lets other work of the process run. */
const GROUP_BATCH = 50;
const MAX_RETRY_DELAY_MS = 30_000;

// Created at connect by whichever process comes first (the advisory lock keeps two from racing).
const CREATE_TABLES = `
create table if not exists bus_groups (
  topic text not null,
  group_name text not null,
  created_at timestamptz not null default now(),
  primary key (topic, group_name)
);
create table if not exists bus_queue (
  id bigserial primary key,
  topic text not null,
  group_name text not null,
  payload text not null,
  created_at timestamptz not null default now()
);
create index if not exists bus_queue_by_group on bus_queue (group_name, topic, id);`;

interface Subscriber {
  handler: BusHandler;
  /** Messages reach one handler one after the other, in order. */
  queue: Promise<void>;
  active: boolean;
}

export class PostgresNotifyBus implements Bus {
  private readonly channel: string;
  private readonly pool: pg.Pool;
  private readonly subscribers = new Map<string, Set<Subscriber>>();
  private readonly members = new Map<string, Set<GroupMember>>();
  private listener: pg.Client | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private reconnectDelay: number;
  private closed = false;
  private connecting: Promise<void> | undefined;
  private readonly applicationName: string;

  private constructor(private readonly options: PostgresNotifyBusOptions) {
    this.channel = options.channel ?? 'circuit_bus';
    if (!CHANNEL_RE.test(this.channel)) throw new Error(`Invalid bus channel name "${this.channel}": use lower-case letters, digits and _`);
    this.reconnectDelay = options.reconnectDelayMs ?? 100;
    this.applicationName = options.applicationName ?? `circuit-bus-${randomBytes(4).toString('hex')}`;
    this.pool = new pg.Pool({ connectionString: options.connectionString, max: 2, application_name: 'circuit-bus-publish' });
    this.pool.on('error', (error) => this.options.onError?.(error));
  }

  /** Connects the listening connection, so a message published after this resolves is received. */
  static async connect(options: PostgresNotifyBusOptions | string): Promise<PostgresNotifyBus> {
    const bus = new PostgresNotifyBus(typeof options === 'string' ? { connectionString: options } : options);
    try {
      await bus.createTables();
      await bus.listen();
    } catch (error) {
      await bus.pool.end().catch(() => undefined);
      throw error;
    }
    return bus;
  }

  private async createTables(): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      await client.query("select pg_advisory_xact_lock(hashtext(current_schema() || ':circuit-bus-tables'))");
      await client.query(CREATE_TABLES);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /** Whether the listening connection is up (false while reconnecting). */
  get listening(): boolean {
    return this.listener !== undefined;
  }

  private listen(): Promise<void> {
    if (this.listener) return Promise.resolve();
    this.connecting ??= (async () => {
      const client = new pg.Client({ connectionString: this.options.connectionString, application_name: this.applicationName, keepAlive: true });
      let lost = false;
      const onLost = (error?: unknown) => {
        if (lost) return;
        lost = true;
        if (this.listener === client) this.listener = undefined;
        client.removeAllListeners('notification');
        client.end().catch(() => undefined);
        if (error) this.options.onError?.(error);
        this.scheduleReconnect();
      };
      client.on('error', onLost);
      client.on('end', () => onLost());
      client.on('notification', (message) => {
        if (message.channel === this.channel && message.payload !== undefined) this.dispatch(message.payload);
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${this.channel}`);
      } catch (error) {
        lost = true;
        client.removeAllListeners();
        client.on('error', () => undefined);
        await client.end().catch(() => undefined);
        throw error;
      }
      if (this.closed) {
        lost = true;
        await client.end().catch(() => undefined);
        return;
      }
      this.listener = client;
      this.reconnectDelay = this.options.reconnectDelayMs ?? 100;
    })().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer) return;
    const delay = this.reconnectDelay;
    this.reconnectDelay = Math.min(delay * 2, this.options.maxReconnectDelayMs ?? 5_000);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      if (this.closed) return;
      this.listen().catch((error: unknown) => {
        this.options.onError?.(error);
        this.scheduleReconnect();
      });
    }, delay);
  }

  private dispatch(raw: string): void {
    let message: { t?: unknown; p?: unknown; c?: unknown };
    try {
      message = JSON.parse(raw) as { t?: unknown; p?: unknown; c?: unknown };
    } catch (error) {
      this.options.onError?.(error);
      return;
    }
    if (typeof message.t !== 'string') return;
    for (const member of this.members.get(message.t) ?? []) member.wake();
    const set = this.subscribers.get(message.t);
    if (!set) return;
    const payload = message.p ?? null;
    const topic = message.t;
    for (const subscriber of set) {
      subscriber.queue = subscriber.queue
        .then(() => (subscriber.active ? processing('postgres', topic, message.c, () => subscriber.handler(payload)) : undefined))
        .catch((error: unknown) => this.options.onError?.(error));
    }
  }

  async publish(topic: string, payload: unknown): Promise<void> {
    if (this.closed) throw new Error('The bus is closed');
    await publishing('postgres', topic, async (traceparent) => {
      const text = JSON.stringify(traceparent ? { t: topic, p: payload ?? null, c: traceparent } : { t: topic, p: payload ?? null });
      const bytes = Buffer.byteLength(text, 'utf8');
      if (bytes >= NOTIFY_PAYLOAD_LIMIT_BYTES) throw new BusPayloadTooLargeError(topic, bytes);
      // One statement: the copies for the topic's groups are stored and the NOTIFY sent at the same commit.
      await this.pool.query(
        `with queued as (insert into bus_queue (topic, group_name, payload) select $1, group_name, $2 from bus_groups where topic = $1)
         select pg_notify($3, $4)`,
        [topic, JSON.stringify(payload ?? null), this.channel, text],
      );
    });
  }

  async subscribe(topic: string, handler: BusHandler, options: SubscribeOptions = {}): Promise<() => Promise<void>> {
    if (this.closed) throw new Error('The bus is closed');
    if (options.group !== undefined) return this.joinGroup(topic, options.group, handler, Math.max(1, Math.floor(options.concurrency ?? 1)));
    if (!this.listener) await this.listen();
    const subscriber: Subscriber = { handler, queue: Promise.resolve(), active: true };
    const set = this.subscribers.get(topic) ?? new Set<Subscriber>();
    set.add(subscriber);
    this.subscribers.set(topic, set);
    return async () => {
      subscriber.active = false;
      set.delete(subscriber);
      if (set.size === 0 && this.subscribers.get(topic) === set) this.subscribers.delete(topic);
    };
  }

  private async joinGroup(topic: string, group: string, handler: BusHandler, concurrency: number): Promise<() => Promise<void>> {
    if (!this.listener) await this.listen();
    await this.pool.query('insert into bus_groups (topic, group_name) values ($1, $2) on conflict do nothing', [topic, group]);
    const member = new GroupMember(topic, group, handler, this.options, concurrency);
    const set = this.members.get(topic) ?? new Set<GroupMember>();
    set.add(member);
    this.members.set(topic, set);
    member.start();
    return async () => {
      set.delete(member);
      if (set.size === 0 && this.members.get(topic) === set) this.members.delete(topic);
      await member.stop();
    };
  }

  async backlog(topic: string, group: string): Promise<GroupBacklog> {
    const { rows } = await this.pool.query<{ messages: number; oldest: Date | null }>(
      'select count(*)::int as messages, min(created_at) as oldest from bus_queue where group_name = $1 and topic = $2',
      [group, topic],
    );
    return { messages: rows[0]?.messages ?? 0, oldestAt: rows[0]?.oldest ?? undefined };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const members = [...this.members.values()].flatMap((set) => [...set]);
    this.members.clear();
    await Promise.all(members.map((m) => m.stop()));
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    for (const set of this.subscribers.values()) for (const s of set) s.active = false;
    this.subscribers.clear();
    await this.connecting?.catch(() => undefined);
    const listener = this.listener;
    this.listener = undefined;
    if (listener) {
      listener.removeAllListeners('end');
      listener.removeAllListeners('notification');
      await listener.end().catch(() => undefined);
    }
    await this.pool.end().catch(() => undefined);
  }
}

/**
 * One member of a group in this process: a connection of its own, and one drain at a time that
 * takes the group's stored messages a batch of `concurrency` at a time, starts their handlers in
 * order, and deletes the handled ones when it commits. A batch ends with its slowest message: the
 * chat's sends, each waiting for the read models, went through one at a time (about 30 a second)
 * before a member took more than one.
 */
class GroupMember {
  private client: pg.Client | undefined;
  private draining: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private retryDelay: number;

  constructor(
    private readonly topic: string,
    private readonly group: string,
    private readonly handler: BusHandler,
    private readonly options: PostgresNotifyBusOptions,
    private readonly concurrency: number,
  ) {
    this.retryDelay = options.retryDelayMs ?? 1000;
  }

  start(): void {
    this.wake();
  }

  /** Something may be waiting: drain now, or right after the drain under way. */
  wake(): void {
    if (this.stopped) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.draining = this.drain()
      .catch((error: unknown) => {
        this.options.onError?.(error);
        return 'failed' as const;
      })
      .then((outcome) => {
        this.draining = undefined;
        if (this.stopped) return;
        if (outcome === 'failed') {
          // A handler or the database failed: the same rows are tried again, later and later.
          const delay = this.retryDelay;
          this.retryDelay = Math.min(delay * 2, MAX_RETRY_DELAY_MS);
          this.schedule(delay);
          return;
        }
        this.retryDelay = this.options.retryDelayMs ?? 1000;
        if (this.again || outcome === 'more') {
          this.again = false;
          this.wake();
        } else this.schedule(this.options.pollMs ?? 5000);
      });
  }

  private schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.wake();
    }, ms);
  }

  private async connection(): Promise<pg.Client> {
    if (this.client) return this.client;
    const client = new pg.Client({ connectionString: this.options.connectionString, application_name: 'circuit-bus-group', keepAlive: true });
    client.on('error', (error) => {
      if (this.client === client) this.client = undefined;
      this.options.onError?.(error);
    });
    client.on('end', () => {
      if (this.client === client) this.client = undefined;
    });
    await client.connect();
    this.client = client;
    return client;
  }

  /** 'more' when the batch was full (look again at once), 'failed' when a handler threw. */
  private async drain(): Promise<'done' | 'more' | 'failed'> {
    for (let handled = 0; handled < GROUP_BATCH; ) {
      if (this.stopped) return 'done';
      const outcome = await this.handleOldest();
      if (typeof outcome !== 'number') return outcome;
      handled += outcome;
    }
    return 'more';
  }

  /**
   * The oldest messages, up to the member's concurrency, in one transaction: their handlers run side by side
   * (started in order), the handled ones are deleted when all have settled, and all stay when the process dies.
   * Returns how many were handled, 'done' when none was waiting, 'failed' when a handler threw (the others'
   * messages are deleted all the same; the failed one stays for the retry).
   */
  private async handleOldest(): Promise<number | 'done' | 'failed'> {
    const client = await this.connection();
    await client.query('begin');
    try {
      const { rows } = await client.query<{ id: string; payload: string }>(
        'select id::text as id, payload from bus_queue where group_name = $1 and topic = $2 order by id limit $3 for update skip locked',
        [this.group, this.topic, this.concurrency],
      );
      if (rows.length === 0) {
        await client.query('commit');
        return 'done';
      }
      const outcomes = await Promise.allSettled(rows.map((row) => this.handle(row.payload)));
      const handled = rows.filter((_, i) => outcomes[i]!.status === 'fulfilled').map((row) => row.id);
      for (const outcome of outcomes) if (outcome.status === 'rejected') this.options.onError?.(outcome.reason);
      if (handled.length > 0) await client.query('delete from bus_queue where id = any($1::bigint[])', [handled]);
      await client.query('commit');
      return handled.length === rows.length ? handled.length : 'failed';
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    }
  }

  /** A message that never parses is reported and counts as handled: it would fail however often it came. */
  private async handle(text: string): Promise<void> {
    let payload: unknown;
    try {
      payload = JSON.parse(text);
    } catch (error) {
      this.options.onError?.(error);
      return;
    }
    await this.handler(payload);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.draining;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}
