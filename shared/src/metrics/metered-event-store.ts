import type { AppendResult, EventStore, ExpectedRevision, NewEvent } from '../ports/event-store';
import { ForwardingEventStore } from '../adapters/event-store/forwarding-event-store';
import type { Metrics } from './metrics';

/** Counts and times the appends this process makes, by event type; everything else passes through. */
export class MeteredEventStore extends ForwardingEventStore {
  constructor(
    inner: EventStore,
    private readonly metrics: Metrics,
  ) {
    super(inner);
  }

  override async append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    const stop = this.metrics.appendDuration.startTimer();
    const result = await this.inner.append(streamId, events, expected);
    stop();
    if (!result.alreadyStored) for (const event of events) this.metrics.eventsAppended.inc({ type: event.type });
    return result;
  }
}
