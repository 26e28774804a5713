/** The EventStore port (docs/decisions.md#d1-event-sourcing-and-cqrs). Every adapter passes the contract suite in ./event-store.contract.ts. */

export interface EventMetadata {
  userId?: string;
  correlationId?: string;
  causationId?: string;
  /** The W3C trace context of the append that stored the event (shared/src/tracing/), when tracing was on. */
  traceparent?: string;
  [key: string]: unknown;
}

/** An event about to be appended. `id` makes the append idempotent. */
export interface NewEvent<T extends string = string, D = unknown> {
  id: string;
  type: T;
  data: D;
  metadata?: EventMetadata;
  occurredAt: string; // ISO-8601, UTC
}

export interface RecordedEvent<T extends string = string, D = unknown> extends NewEvent<T, D> {
  streamId: string;
  /** 0-based revision of the event inside its stream. */
  revision: number;
  /** Position in the global, ordered feed. Strictly increasing in feed order. */
  position: bigint;
  metadata: EventMetadata;
}

/** 'no_stream': the stream must not exist (reservations). 'any': no check. A number: the last revision seen. */
export type ExpectedRevision = 'no_stream' | 'any' | number;

export interface AppendResult {
  /** Revision of the last event of the stream after the append. */
  nextRevision: number;
  /** Global position of the last appended event (or of the already stored one, for a repeated append). */
  position: bigint;
  /** True when every event was already stored and nothing was appended (adapters that can tell say so). */
  alreadyStored?: boolean;
}

export class ConcurrencyError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${streamId}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.name = 'ConcurrencyError';
  }
}

export interface Subscription {
  stop(): Promise<void>;
}

export interface SubscribeOptions {
  /** Deliver events with position strictly greater than this. 0n (or undefined) = from the start. */
  after?: bigint;
  /** Called for each event in feed order; the next event is delivered after the promise resolves. */
  onEvent(event: RecordedEvent): Promise<void>;
  /**
   * When given, replaces onEvent: consecutive events that are already available arrive together
   * (a catch-up page, a burst of appends), so a consumer can apply them in one transaction. A
   * rejected batch is delivered again from its first event.
   */
  onBatch?(events: RecordedEvent[]): Promise<void>;
  onError?(error: unknown): void;
}

export interface ReadStreamOptions {
  /** First revision to read (0-based, inclusive). */
  fromRevision?: number;
  maxCount?: number;
}

export interface EventStore {
  /** Appends atomically. Events whose ids are already stored are not appended again. */
  append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
  /**
   * The events of a stream in revision order, from `fromRevision` (default 0) and at most
   * `maxCount` of them; [] when the stream does not exist (or has nothing from there).
   */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** A page of the global feed, events with position > after, at most `limit`. */
  readAll(after: bigint, limit: number): Promise<RecordedEvent[]>;
  /** Catch-up then live subscription to the global feed. Never skips an event, never repeats one. */
  subscribe(options: SubscribeOptions): Subscription;
  /** Position of the last event in the feed (0n when empty). */
  headPosition(): Promise<bigint>;
  close(): Promise<void>;
}
