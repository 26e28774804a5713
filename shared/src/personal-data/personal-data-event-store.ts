import type { AppendResult, EventStore, ExpectedRevision, NewEvent, ReadStreamOptions, RecordedEvent, SubscribeOptions, Subscription } from '../ports/event-store';
import type { PersonalDataCodec } from './personal-data-codec';

/** The event that records an erasure on the person's `user-<id>` stream; every reader of the feed forgets the key when it passes. */
export const ERASURE_EVENT_TYPE = 'AccountErased';

/**
 * Crypto-shredding around any EventStore adapter (docs/personal-data.md): personal fields are sealed on the way in
 * and opened on the way out, so the Postgres and KurrentDB adapters store the same encrypted payloads and every
 * reader (deciders, projections, rebuilds, replays, audits) sees plain values, or what erasure leaves.
 */
export class PersonalDataEventStore implements EventStore {
  constructor(
    private readonly inner: EventStore,
    readonly codec: PersonalDataCodec,
  ) {}

  async append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    return this.inner.append(streamId, await this.codec.seal(streamId, events), expected);
  }

  async readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    return this.opened(await this.inner.readStream(streamId, options));
  }

  async readAll(after: bigint, limit: number): Promise<RecordedEvent[]> {
    return this.opened(await this.inner.readAll(after, limit));
  }

  subscribe(options: SubscribeOptions): Subscription {
    const { onBatch, onEvent } = options;
    return this.inner.subscribe({
      ...options,
      onEvent: async (event) => {
        const [opened] = await this.opened([event]);
        await onEvent(opened!);
      },
      onBatch: onBatch ? async (events) => onBatch(await this.opened(events)) : undefined,
    });
  }

  headPosition(): Promise<bigint> {
    return this.inner.headPosition();
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  private opened(events: RecordedEvent[]): Promise<RecordedEvent[]> {
    for (const event of events) {
      if (event.type === ERASURE_EVENT_TYPE && event.streamId.startsWith('user-')) this.codec.keys.forget(event.streamId.slice('user-'.length), { erased: true });
    }
    return this.codec.open(events);
  }
}
