import type { EventStore, Subscription } from '../ports/event-store';
import { onAppended } from './appended';
import { loadState, type Decider } from './decider';

type Fold<State, Event extends { type: string; data: unknown }> = Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'>;

/** Streams whose folds one process keeps known fresh; the least recently used are forgotten first. */
const MAX_FRESH_STREAMS = 20_000;

/**
 * Folded states of streams that other aggregates' decisions depend on (who the actor is, whether
 * a user is registered, whether a pair is connected), kept known to be current by the process's
 * own feed: a stream is read again only once the feed has shown an event on it since it was last
 * read, or once this process appended to it (decider.ts tells at once). So a busy chat or
 * community decides on such facts without a round trip, and still sees every change: its own
 * appends at once, another process's as soon as the feed hands them over (what a read-model lookup
 * of the same fact would lag by at best).
 *
 * A stream's state is remembered only from a read that began once the feed was followed and saw
 * no event of that stream arrive while it ran.
 */
class StreamFreshness {
  private readonly states = new Map<string, Map<object, unknown>>();
  private readonly reading = new Map<string, Set<{ overtaken: boolean }>>();
  private subscription: Subscription | undefined;
  private stopListening: (() => void) | undefined;
  private following = false;

  constructor(
    private readonly store: EventStore,
    private readonly feed: EventStore,
  ) {}

  async start(): Promise<void> {
    const after = await this.feed.headPosition();
    this.stopListening = onAppended(this.store, (streamId) => this.changed(streamId));
    this.subscription = this.feed.subscribe({
      after,
      onEvent: async (event) => this.changed(event.streamId),
      onBatch: async (events) => {
        for (const event of events) this.changed(event.streamId);
      },
    });
    this.following = true;
  }

  async stop(): Promise<void> {
    this.following = false;
    this.stopListening?.();
    await this.subscription?.stop();
    this.states.clear();
  }

  private changed(streamId: string): void {
    this.states.delete(streamId);
    for (const read of this.reading.get(streamId) ?? []) read.overtaken = true;
  }

  async load<State, Event extends { type: string; data: unknown }>(streamId: string, fold: Fold<State, Event>): Promise<State> {
    const folds = this.states.get(streamId);
    if (folds?.has(fold.evolve)) {
      // The most recently used last: the first entry is the one to forget.
      this.states.delete(streamId);
      this.states.set(streamId, folds);
      return folds.get(fold.evolve) as State;
    }
    const read = { overtaken: false };
    const begunFollowing = this.following;
    let reads = this.reading.get(streamId);
    if (!reads) this.reading.set(streamId, (reads = new Set()));
    reads.add(read);
    try {
      const { state } = await loadState(this.store, streamId, fold);
      if (begunFollowing && this.following && !read.overtaken) this.remember(streamId, fold.evolve, state);
      return state;
    } finally {
      reads.delete(read);
      if (reads.size === 0) this.reading.delete(streamId);
    }
  }

  private remember(streamId: string, evolve: object, state: unknown): void {
    const folds = this.states.get(streamId) ?? new Map<object, unknown>();
    folds.set(evolve, state);
    this.states.delete(streamId);
    this.states.set(streamId, folds);
    if (this.states.size > MAX_FRESH_STREAMS) this.states.delete(this.states.keys().next().value!);
  }
}

const followed = new WeakMap<EventStore, StreamFreshness>();

/**
 * Keeps the folds loadFresh makes on `store` known fresh while the returned handle runs, from the
 * events `feed` hands over (the process's one feed reader) and from this process's appends to
 * `store`. Only a composition root starts it; without it loadFresh reads every time.
 */
export function followFreshness(store: EventStore, feed: EventStore): { start(): Promise<void>; stop(): Promise<void> } {
  const freshness = new StreamFreshness(store, feed);
  return {
    async start() {
      await freshness.start();
      followed.set(store, freshness);
    },
    async stop() {
      if (followed.get(store) === freshness) followed.delete(store);
      await freshness.stop();
    },
  };
}

/**
 * The state of a stream another aggregate's decision depends on, folded by `fold`: from memory
 * while it is known fresh (followFreshness), else read (only the events since it was last folded).
 */
export async function loadFresh<State, Event extends { type: string; data: unknown }>(store: EventStore, streamId: string, fold: Fold<State, Event>): Promise<State> {
  const freshness = followed.get(store);
  return freshness ? freshness.load(streamId, fold) : (await loadState(store, streamId, fold)).state;
}
