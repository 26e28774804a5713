import type { EventStore } from '../ports/event-store';

/**
 * Who wants to hear of the appends this process makes to a store (fresh-states.ts forgets what it
 * knew of the stream at once, without waiting for the feed to hand the events over).
 */
const listeners = new WeakMap<EventStore, Set<(streamId: string) => void>>();

/** Calls `listener` with the stream of every append made through appended(store, ...); answers how to stop. */
export function onAppended(store: EventStore, listener: (streamId: string) => void): () => void {
  let set = listeners.get(store);
  if (!set) listeners.set(store, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

/** Tells the listeners of `store` that this process appended to `streamId`. */
export function appended(store: EventStore, streamId: string): void {
  for (const listener of listeners.get(store) ?? []) listener(streamId);
}
