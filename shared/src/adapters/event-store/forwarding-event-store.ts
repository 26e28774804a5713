import type { AppendResult, EventStore, ExpectedRevision, NewEvent, ReadStreamOptions, RecordedEvent, SubscribeOptions, Subscription } from '../../ports/event-store';

/** An event store that hands every call to another: a decorator extends it and overrides only what it adds to. */
export abstract class ForwardingEventStore implements EventStore {
  constructor(protected readonly inner: EventStore) {}

  append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    return this.inner.append(streamId, events, expected);
  }

  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    return this.inner.readStream(streamId, options);
  }

  readAll(after: bigint, limit: number): Promise<RecordedEvent[]> {
    return this.inner.readAll(after, limit);
  }

  subscribe(options: SubscribeOptions): Subscription {
    return this.inner.subscribe(options);
  }

  headPosition(): Promise<bigint> {
    return this.inner.headPosition();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
