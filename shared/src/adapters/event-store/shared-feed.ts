import type { EventStore, RecordedEvent, SubscribeOptions, Subscription } from '../../ports/event-store';
import { ForwardingEventStore } from './forwarding-event-store';

export interface SharedFeedOptions {
  /** Page size of a subscriber that reads on its own (behind the shared reader, or after a failure). */
  pageSize?: number;
  /** Wait before a subscriber whose handler failed gets the same events again. */
  retryMs?: number;
  /** Events kept from the shared reader's recent batches, for subscribers a little behind it. */
  bufferEvents?: number;
}

interface Batch {
  after: bigint;
  events: RecordedEvent[];
}

/**
 * One reader of the global feed per process, fanned out to every subscriber (projections,
 * process managers), instead of one reader each. It is an EventStore: everything but `subscribe`
 * (and `close`, which stops its subscribers first) goes to the wrapped store, so a composition
 * root wraps its store once and hands it to everyone.
 *
 * Each subscriber keeps its own cursor and its own pace: it takes its events from the shared
 * reader's recent batches when its cursor is inside them, and reads pages of its own when it is
 * behind (a projection new to the system, a handler that failed and retries), so a slow or
 * failing subscriber never holds the others back. The guarantees of `subscribe` hold per
 * subscriber: feed order, nothing skipped, nothing repeated, a failed batch delivered again.
 */
export class SharedFeed extends ForwardingEventStore {
  private readonly subscribers = new Set<Subscriber>();
  private reader: Subscription | undefined;
  private recent: Batch[] = [];
  /** The events in `recent`. */
  private keptEvents = 0;
  private head = -1n;
  private readonly options: Required<SharedFeedOptions>;

  constructor(store: EventStore, options: SharedFeedOptions = {}) {
    super(store);
    this.options = { pageSize: options.pageSize ?? 500, retryMs: options.retryMs ?? 200, bufferEvents: options.bufferEvents ?? 5000 };
  }

  override subscribe(options: SubscribeOptions): Subscription {
    const subscriber = new Subscriber(this, options, options.after ?? 0n);
    this.subscribers.add(subscriber);
    if (!this.reader) {
      // The shared reader starts where its first subscriber does; later ones catch up on their own.
      this.head = subscriber.cursor;
      this.reader = this.inner.subscribe({
        after: subscriber.cursor,
        onEvent: async (event) => this.received([event]),
        onBatch: async (events) => this.received(events),
      });
    }
    subscriber.start();
    return {
      stop: async () => {
        this.subscribers.delete(subscriber);
        await subscriber.stop();
        if (this.subscribers.size === 0 && this.reader) {
          const reader = this.reader;
          this.reader = undefined;
          this.recent = [];
          this.keptEvents = 0;
          await reader.stop();
        }
      },
    };
  }

  private async received(events: RecordedEvent[]): Promise<void> {
    const last = events.at(-1);
    if (!last) return;
    this.recent.push({ after: this.head, events });
    this.head = last.position;
    // Counted as batches come and go: a busy feed keeps thousands of batches of one or two events.
    this.keptEvents += events.length;
    while (this.recent.length > 1 && this.keptEvents > this.options.bufferEvents) this.keptEvents -= this.recent.shift()!.events.length;
    for (const subscriber of this.subscribers) subscriber.wake();
    // A full page means the reader is catching up: let the subscribers keep pace instead of
    // racing ahead of them and making each read the same pages again.
    if (events.length >= this.options.pageSize) await Promise.all([...this.subscribers].map((s) => s.idle()));
  }

  /** @internal The next events after `cursor`: from the recent batches when they cover it, else a page read. */
  async next(cursor: bigint): Promise<RecordedEvent[]> {
    if (cursor >= this.head) return [];
    // The recent batches follow each other (each starts where the one before ended): the one
    // holding the cursor is found by halving, not by a walk through thousands of small batches.
    let [low, high] = [0, this.recent.length - 1];
    while (low <= high) {
      const mid = (low + high) >> 1;
      const batch = this.recent[mid]!;
      if (batch.events.at(-1)!.position <= cursor) low = mid + 1;
      else if (batch.after > cursor) high = mid - 1;
      else return this.fromRecent(mid, cursor);
    }
    return this.inner.readAll(cursor, this.options.pageSize);
  }

  /**
   * The events after `cursor` in the recent batch `index` and the ones after it, up to a page: a
   * subscriber that fell behind the reader by several small batches (under load the reader reads
   * after nearly every append) takes them in one go, one transaction of a projection instead of
   * one per batch. One batch at a time, a projection whose transaction took longer than the time
   * between two reads never caught up again.
   */
  private fromRecent(index: number, cursor: bigint): RecordedEvent[] {
    const first = this.recent[index]!.events;
    const events = first.filter((e) => e.position > cursor);
    for (let i = index + 1; i < this.recent.length && events.length < this.options.pageSize; i++) {
      const batch = this.recent[i]!.events;
      const room = this.options.pageSize - events.length;
      if (batch.length <= room) for (const e of batch) events.push(e);
      else for (let j = 0; j < room; j++) events.push(batch[j]!);
    }
    return events;
  }

  /** @internal */
  get knownHead(): bigint {
    return this.head;
  }

  /** @internal */
  get retryMs(): number {
    return this.options.retryMs;
  }

  override async close(): Promise<void> {
    await Promise.all([...this.subscribers].map((s) => s.stop()));
    this.subscribers.clear();
    await this.reader?.stop();
    this.reader = undefined;
    await this.inner.close();
  }
}

class Subscriber {
  private stopped = false;
  private waiting: (() => void) | undefined;
  private idleWaiters: (() => void)[] = [];
  private isIdle = false;
  /** Set by a wake-up that came while the loop was busy, so the next pause returns at once. */
  private dirty = false;
  private retrying = false;
  private running: Promise<void> | undefined;

  constructor(
    private readonly feed: SharedFeed,
    private readonly options: SubscribeOptions,
    public cursor: bigint,
  ) {}

  start(): void {
    this.running = this.loop();
  }

  wake(): void {
    // A failed batch waits out its pause even when new events come: no hot loop on a bad event.
    if (this.retrying) return;
    this.dirty = true;
    this.waiting?.();
  }

  /** Resolves once this subscriber has nothing to do (caught up, waiting to retry, or stopped). */
  idle(): Promise<void> {
    if (this.stopped || (this.isIdle && this.cursor >= this.feed.knownHead)) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private async pause(ms?: number): Promise<void> {
    this.isIdle = true;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
    if (this.dirty && !this.retrying) {
      this.isIdle = false;
      return;
    }
    await new Promise<void>((resolve) => {
      const timer = ms === undefined ? undefined : setTimeout(resolve, ms);
      this.waiting = () => {
        if (timer) clearTimeout(timer);
        resolve();
      };
    });
    this.waiting = undefined;
    this.isIdle = false;
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      let events: RecordedEvent[];
      this.dirty = false;
      try {
        events = await this.feed.next(this.cursor);
      } catch (error) {
        if (this.stopped) return;
        this.options.onError?.(error);
        await this.retry();
        continue;
      }
      if (events.length === 0) {
        await this.pause();
        continue;
      }
      try {
        if (this.options.onBatch) {
          await this.options.onBatch(events);
          this.cursor = events.at(-1)!.position;
        } else {
          for (const event of events) {
            if (this.stopped) return;
            await this.options.onEvent(event);
            this.cursor = event.position;
          }
        }
      } catch (error) {
        if (this.stopped) return;
        this.options.onError?.(error);
        // Delivered again from the cursor after a pause.
        await this.retry();
      }
    }
  }

  private async retry(): Promise<void> {
    this.retrying = true;
    try {
      await this.pause(this.feed.retryMs);
    } finally {
      this.retrying = false;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.waiting?.();
    for (const resolve of this.idleWaiters.splice(0)) resolve();
    await this.running;
  }
}
