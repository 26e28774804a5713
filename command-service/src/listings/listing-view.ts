import type { Decider } from '@circuit/shared/commands/decider';

type StoredEvent = { type: string; data: unknown };

/**
 * A read-only fold whose state is a view of another decider's state (what registrations, reviews or
 * payments need to know of a listing), so that a view is computed from the one lifecycle instead of
 * being folded a second time by rules of its own. Each view remembers the state it was computed from:
 * states are never changed in place, so the next event evolves that state and the view is made anew.
 * Used with loadState, which caches the view per stream like any state.
 */
export function viewFold<State, Event extends { type: string; data: unknown }, View extends object>(
  decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'>,
  view: (state: State) => View,
): Pick<Decider<View, unknown, StoredEvent>, 'initialState' | 'evolve'> & { decide: () => never[] } {
  const sources = new WeakMap<View, State>();
  const viewed = (state: State) => {
    const made = view(state);
    sources.set(made, state);
    return made;
  };
  return {
    initialState: () => viewed(decider.initialState()),
    // Only the decider's own events change its state; the stream's others pass through its evolve unchanged.
    evolve: (current, event) => viewed(decider.evolve(sources.get(current) ?? decider.initialState(), event as Event)),
    decide: () => [],
  };
}
