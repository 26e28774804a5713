import type { EventStore } from '../ports/event-store';
import { loadState, type Decider } from './decider';

type Fold<State, Event extends { type: string; data: unknown }> = Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'>;

/**
 * The state of a stream another aggregate's decision depends on (who the actor is, whether a user
 * is registered), folded by `fold` and kept in memory per stream by loadState.
 */
export async function loadFresh<State, Event extends { type: string; data: unknown }>(store: EventStore, streamId: string, fold: Fold<State, Event>): Promise<State> {
  return (await loadState(store, streamId, fold)).state;
}
