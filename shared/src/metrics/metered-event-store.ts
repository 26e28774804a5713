import type { AppendResult, EventStore, ExpectedRevision, NewEvent, ReadStreamOptions, RecordedEvent, SubscribeOptions, Subscription } from '../ports/event-store';
import type { Metrics } from './metrics';

/** Counts and times the appends this process makes, by event type; everything else passes through. */
export class MeteredEventStore implements EventStore {
  constructor(
    private readonly inner: EventStore,
    private readonly metrics: Metrics,
  ) {}

  async append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    const stop = this.metrics.appendDuration.startTimer();
    const result = await this.inner.append(streamId, events, expected);
    stop();
    if (!result.alreadyStored) for (const event of events) this.metrics.eventsAppended.inc({ type: event.type });
    return result;
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
