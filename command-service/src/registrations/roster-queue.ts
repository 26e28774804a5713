import { keyedQueue } from '@circuit/shared/commands/keyed-queue';

export interface RosterQueueOptions {
  /** Queue the roster commands of one listing in this process (default true; tests of the store's own exactness turn it off). */
  queueRosterCommands?: boolean;
}

/** Roster commands of one listing wait their turn in this process instead of spending retries on each other. */
export function rosterQueue(options: RosterQueueOptions = {}) {
  const queue = keyedQueue();
  return <T>(listingId: string, task: () => Promise<T>): Promise<T> => (options.queueRosterCommands === false ? task() : queue(listingId, task));
}
