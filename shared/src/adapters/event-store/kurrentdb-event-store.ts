import { createHash } from 'node:crypto';
import {
  ANY,
  BACKWARDS,
  END,
  FORWARDS,
  KurrentDBClient,
  NO_STREAM,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  streamNameFilter,
  type AllStreamRecordedEvent,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type AppendStreamState,
  type Filter,
  type JSONType,
  type Position,
  type ResolvedEvent,
} from '@kurrent/kurrentdb-client';
import {
  ConcurrencyError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from '../../ports/event-store';

/**
 * The production EventStore (docs/decisions.md#d9-one-codebase-three-runtime-modes-adapters-behind-ports): EventStoreDB / KurrentDB over gRPC.
 *
 * - `position` is the event's commit position in the transaction log. Appends through gRPC write
 *   each event as its own committed record, so commit == prepare and positions strictly increase in
 *   `$all` order; a feed position is turned back into a log Position as { commit: p, prepare: p }.
 * - Our `occurredAt`, our metadata and the original event id travel in the event's metadata:
 *   `{ occurredAt, eventId, metadata, $correlationId?, $causationId? }` (the `$` keys are the ones
 *   KurrentDB's own tooling reads).
 * - KurrentDB wants UUIDs as event ids; any other id is mapped to a name-based UUID (v5 style) so
 *   the same id always gives the same UUID and the server's duplicate detection still works.
 * - `streamPrefix` (optional) namespaces every stream of this store and filters `$all` to it:
 *   several stores (test runs, tenants) can share one server without seeing each other.
 */
export interface KurrentDbEventStoreOptions {
  streamPrefix?: string;
  /** Delay before a subscription that failed (server gone, handler threw) starts again. */
  retryDelayMs?: number;
  /** How far back an 'any' append looks for already stored ids (idempotent retries). */
  idempotencyWindow?: number;
}

interface StoredMetadata {
  occurredAt?: string;
  eventId?: string;
  metadata?: EventMetadata;
  dataIsWrapped?: boolean;
  $correlationId?: string;
  $causationId?: string;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// A fixed namespace for ids that are not UUIDs (any constant works; this one is random).
const ID_NAMESPACE = Buffer.from('6f1c2a7e4b9d4f0a8e3c5d7b9a1f2e4c', 'hex');

/** The KurrentDB event id for one of our ids: the id itself when it is a UUID, else a stable UUID v5. */
export function kurrentEventId(id: string): string {
  if (UUID_RE.test(id)) return id.toLowerCase();
  const hash = createHash('sha1').update(ID_NAMESPACE).update(id, 'utf8').digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);
}

function checkedPrefix(prefix = ''): string {
  if (prefix.startsWith('$')) throw new Error('streamPrefix must not start with "$" (system streams)');
  return prefix;
}

function toLogPosition(position: bigint): Position {
  return { commit: position, prepare: position };
}

type AnyRecorded = NonNullable<ResolvedEvent['event']> | AllStreamRecordedEvent;

export class KurrentDbEventStore implements EventStore {
  private readonly prefix: string;
  private readonly filter: Filter;
  private readonly retryDelayMs: number;
  private readonly idempotencyWindow: number;
  private closed = false;
  private readonly stops = new Set<() => Promise<void>>();

  constructor(
    private readonly client: KurrentDBClient,
    options: KurrentDbEventStoreOptions = {},
  ) {
    this.prefix = checkedPrefix(options.streamPrefix);
    this.filter = this.prefix ? streamNameFilter({ prefixes: [this.prefix] }) : excludeSystemEvents();
    this.retryDelayMs = options.retryDelayMs ?? 500;
    this.idempotencyWindow = options.idempotencyWindow ?? 1_000;
  }

  /** `url` like kurrentdb://localhost:2113?tls=false (esdb:// works too). */
  static connect(url: string, options: KurrentDbEventStoreOptions = {}): KurrentDbEventStore {
    checkedPrefix(options.streamPrefix);
    return new KurrentDbEventStore(KurrentDBClient.connectionString(url), options);
  }

  private stream(streamId: string): string {
    return this.prefix + streamId;
  }

  private toRecorded(recorded: AnyRecorded, fallbackPosition?: bigint): RecordedEvent | undefined {
    if (recorded.type.startsWith('$')) return undefined;
    if (this.prefix && !recorded.streamId.startsWith(this.prefix)) return undefined;
    const meta: StoredMetadata = isRecord(recorded.metadata) ? (recorded.metadata as StoredMetadata) : {};
    const position = recorded.position?.commit ?? fallbackPosition;
    if (position === undefined) throw new Error(`KurrentDB gave no position for event ${recorded.id}; server 22.6 or later is needed`);
    let data: unknown = recorded.data;
    if (data instanceof Uint8Array) data = JSON.parse(Buffer.from(data).toString('utf8'));
    if (meta.dataIsWrapped && isRecord(data)) data = data.value;
    return {
      id: meta.eventId ?? recorded.id,
      streamId: recorded.streamId.slice(this.prefix.length),
      revision: Number(recorded.revision),
      position,
      type: recorded.type,
      data,
      metadata: isRecord(meta.metadata) ? meta.metadata : {},
      occurredAt: meta.occurredAt ?? recorded.created.toISOString(),
    };
  }

  private toEventData(event: NewEvent) {
    const wrap = !(isRecord(event.data) || Array.isArray(event.data));
    const metadata: StoredMetadata = { occurredAt: event.occurredAt, eventId: event.id, metadata: event.metadata ?? {} };
    if (wrap) metadata.dataIsWrapped = true;
    if (typeof event.metadata?.correlationId === 'string') metadata.$correlationId = event.metadata.correlationId;
    if (typeof event.metadata?.causationId === 'string') metadata.$causationId = event.metadata.causationId;
    return jsonEvent({
      id: kurrentEventId(event.id),
      type: event.type,
      data: (wrap ? { value: event.data ?? null } : event.data) as JSONType,
      metadata: metadata as unknown as JSONType,
    });
  }

  /** The last `window` events of a stream (newest last), [] when it does not exist. */
  private async readTail(streamId: string, window: number): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(this.stream(streamId), { direction: BACKWARDS, fromRevision: END, maxCount: window })) {
        const recorded = resolved.event && this.toRecorded(resolved.event, resolved.commitPosition);
        if (recorded) events.push(recorded);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events.reverse();
  }

  /** A retried append: every id already stored in the stream. Answers the original result. */
  private async alreadyAppended(streamId: string, events: NewEvent[], window: number): Promise<AppendResult | undefined> {
    const tail = await this.readTail(streamId, window);
    const byId = new Map(tail.map((e) => [e.id, e]));
    const found = events.map((e) => byId.get(e.id));
    if (found.some((e) => e === undefined)) return undefined;
    const last = found.reduce((a, b) => (b!.position > a!.position ? b : a))!;
    return { nextRevision: last.revision, position: last.position };
  }

  async append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    let toAppend = events;
    let streamState: AppendStreamState = expected === 'no_stream' ? NO_STREAM : expected === 'any' ? ANY : BigInt(expected);
    if (expected === 'any') {
      // The server's duplicate check is best effort for ANY: look ourselves, then append what is new
      // expecting the revision we saw (retrying if someone else appended meanwhile).
      for (let attempt = 0; ; attempt++) {
        const tail = await this.readTail(streamId, this.idempotencyWindow);
        const known = new Map(tail.map((e) => [e.id, e]));
        toAppend = events.filter((e) => !known.has(e.id));
        if (toAppend.length === 0) {
          const stored = events.map((e) => known.get(e.id)!);
          const last = stored.reduce((a, b) => (b.position > a.position ? b : a));
          return { nextRevision: last.revision, position: last.position };
        }
        const current = tail.length ? tail[tail.length - 1]!.revision : undefined;
        streamState = current === undefined ? NO_STREAM : BigInt(current);
        try {
          return await this.write(streamId, toAppend, streamState);
        } catch (error) {
          if (!(error instanceof WrongExpectedVersionError) || attempt >= 20) throw error;
        }
      }
    }
    try {
      return await this.write(streamId, toAppend, streamState);
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      const retried = await this.alreadyAppended(streamId, events, Math.max(this.idempotencyWindow, events.length));
      if (retried) return retried;
      const actual = error.actualState;
      throw new ConcurrencyError(streamId, expected, typeof actual === 'bigint' ? Number(actual) : 'no_stream');
    }
  }

  private async write(streamId: string, events: NewEvent[], streamState: AppendStreamState): Promise<AppendResult> {
    const result = await this.client.appendToStream(this.stream(streamId), events.map((e) => this.toEventData(e)), { streamState });
    const nextRevision = Number(result.nextExpectedRevision);
    const commit = result.position?.commit;
    // 2^64-1 (or nothing) is what a server answers for "no position": an idempotent no-op.
    if (commit !== undefined && commit > 0n && commit < 0xffffffffffffffffn) return { nextRevision, position: commit };
    // A server that answers no position (an idempotent no-op): read it back.
    const stored = await this.alreadyAppended(streamId, events, Math.max(events.length, 10));
    if (!stored) throw new Error(`KurrentDB gave no position for the append to ${streamId}`);
    return { nextRevision, position: stored.position };
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    if (options.maxCount !== undefined && options.maxCount <= 0) return events;
    const fromRevision = options.fromRevision && options.fromRevision > 0 ? BigInt(options.fromRevision) : START;
    try {
      for await (const resolved of this.client.readStream(this.stream(streamId), { direction: FORWARDS, fromRevision, ...(options.maxCount !== undefined ? { maxCount: options.maxCount } : {}) })) {
        const recorded = resolved.event && this.toRecorded(resolved.event, resolved.commitPosition);
        if (recorded) events.push(recorded);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async readAll(after: bigint, limit: number): Promise<RecordedEvent[]> {
    if (limit <= 0) return [];
    const events: RecordedEvent[] = [];
    // readAll's fromPosition is inclusive: ask for one more and drop the event at `after`.
    const fromPosition = after > 0n ? toLogPosition(after) : START;
    for await (const resolved of this.client.readAll({ fromPosition, maxCount: limit + 1, direction: FORWARDS, filter: this.filter })) {
      const recorded = this.fromAll(resolved);
      if (!recorded || recorded.position <= after) continue;
      events.push(recorded);
      if (events.length >= limit) break;
    }
    return events;
  }

  private fromAll(resolved: AllStreamResolvedEvent): RecordedEvent | undefined {
    return resolved.event ? this.toRecorded(resolved.event, resolved.commitPosition) : undefined;
  }

  async headPosition(): Promise<bigint> {
    for await (const resolved of this.client.readAll({ fromPosition: END, direction: BACKWARDS, maxCount: 1, filter: this.filter })) {
      const recorded = this.fromAll(resolved);
      if (recorded) return recorded.position;
    }
    return 0n;
  }

  subscribe(options: SubscribeOptions): Subscription {
    let after = options.after ?? 0n;
    let stopped = false;
    let current: AllStreamSubscription | undefined;
    let wake: (() => void) | undefined;

    const pause = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      }).finally(() => {
        wake = undefined;
      });

    const loop = async () => {
      while (!stopped && !this.closed) {
        // subscribeToAll's fromPosition is exclusive: exactly "strictly after `after`".
        const subscription = this.client.subscribeToAll({ fromPosition: after > 0n ? toLogPosition(after) : START, filter: this.filter });
        current = subscription;
        try {
          for await (const resolved of subscription) {
            if (stopped) break;
            const recorded = this.fromAll(resolved);
            if (!recorded || recorded.position <= after) continue;
            // The gRPC stream hands events one at a time: a batch here is one event.
            await (options.onBatch ? options.onBatch([recorded]) : options.onEvent(recorded));
            after = recorded.position;
          }
          if (stopped || this.closed) break;
          throw new Error('KurrentDB subscription ended');
        } catch (error) {
          if (stopped || this.closed) break;
          options.onError?.(error);
        } finally {
          current = undefined;
          await subscription.unsubscribe().catch(() => undefined);
        }
        // Start again from the last event handled: the failed one is delivered again, never skipped.
        if (!stopped && !this.closed) await pause(this.retryDelayMs);
      }
    };
    const running = loop();
    const stop = async () => {
      if (stopped) return running;
      stopped = true;
      wake?.();
      await current?.unsubscribe().catch(() => undefined);
      await running;
    };
    this.stops.add(stop);
    return {
      stop: async () => {
        this.stops.delete(stop);
        await stop();
      },
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await Promise.all([...this.stops].map((stop) => stop()));
    this.stops.clear();
    this.closed = true;
    await this.client.dispose();
  }
}
