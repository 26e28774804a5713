import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestHandler } from 'express';
import type { ReadModelProgress } from '@circuit/shared/projections/progress';

/**
 * Read-your-writes (docs/decisions.md#d7-read-your-writes-with-a-bounded-wait): a command waits, within a bound, until the read models
 * include what it appended. When the bound runs out the command still succeeded; the request
 * remembers that its read models are behind, and its route answers 202 instead of reading a model
 * that does not show the change yet. The request's context carries the fact so that every wait of
 * a use case (some wait several times, through several services) counts without each one returning it.
 */
const requests = new AsyncLocalStorage<{ behind: boolean }>();

/** Mount before the command routes: each request gets its own record. */
export const trackReadYourWrites: RequestHandler = (_req, _res, next) => {
  requests.run({ behind: false }, next);
};

/**
 * Waits for the read models that `events` concern (all of them when not given) to include
 * `position`; false (and the request marked behind) when the wait ran out. A projection that
 * handles none of the events has nothing to show of them, so a slow one never holds up the others.
 */
export async function caughtUp(progress: Pick<ReadModelProgress, 'waitFor'>, position: bigint | undefined, events?: readonly { type: string }[]): Promise<boolean> {
  const reached = await progress.waitFor(position, undefined, events ? { eventTypes: events.map((e) => e.type) } : undefined);
  if (!reached) {
    const request = requests.getStore();
    if (request) request.behind = true;
  }
  return reached;
}

/** Whether a wait of this request ran out (its answer must not be read from the read models). */
export function readModelsBehind(): boolean {
  return requests.getStore()?.behind ?? false;
}
