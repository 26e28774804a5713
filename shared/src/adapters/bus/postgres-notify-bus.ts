import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Bus, BusHandler } from '../../ports/bus';

/**
 * The cluster mode's bus (DESIGN section 4): Postgres LISTEN/NOTIFY between the processes that share
 * one database. Every message goes through one channel (`circuit_bus` by default) as JSON
 * `{ "t": topic, "p": payload }`: no identifier is ever built from a topic name.
 *
 * - One dedicated pg.Client per bus LISTENs; publishes go through a small pool (`select pg_notify($1, $2)`).
 * - Postgres refuses NOTIFY payloads of 8000 bytes or more: publish rejects such a message with a
 *   BusPayloadTooLargeError before sending it (publish an id and let the subscriber load the rest).
 * - When the listening connection is lost the bus reconnects with a growing delay and LISTENs again.
 *   Like NOTIFY itself, it is fire-and-forget: a message sent while no connection listens is lost.
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
      await bus.listen();
    } catch (error) {
      await bus.pool.end().catch(() => undefined);
      throw error;
    }
    return bus;
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
    let message: { t?: unknown; p?: unknown };
    try {
      message = JSON.parse(raw) as { t?: unknown; p?: unknown };
    } catch (error) {
      this.options.onError?.(error);
      return;
    }
    if (typeof message.t !== 'string') return;
    const set = this.subscribers.get(message.t);
    if (!set) return;
    const payload = message.p ?? null;
    for (const subscriber of set) {
      subscriber.queue = subscriber.queue
        .then(() => (subscriber.active ? subscriber.handler(payload) : undefined))
        .catch((error: unknown) => this.options.onError?.(error));
    }
  }

  async publish(topic: string, payload: unknown): Promise<void> {
    if (this.closed) throw new Error('The bus is closed');
    const text = JSON.stringify({ t: topic, p: payload ?? null });
    const bytes = Buffer.byteLength(text, 'utf8');
    if (bytes >= NOTIFY_PAYLOAD_LIMIT_BYTES) throw new BusPayloadTooLargeError(topic, bytes);
    await this.pool.query('select pg_notify($1, $2)', [this.channel, text]);
  }

  async subscribe(topic: string, handler: BusHandler): Promise<() => Promise<void>> {
    if (this.closed) throw new Error('The bus is closed');
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

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
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
