import type { Logger } from '@circuit/shared/logger';

/** Runs work a socket's event started, where a shutdown waits for it; a failure is logged as `${what} failed`. */
export type Safely = (what: string, work: () => Promise<unknown>) => void;

/** Work started by sockets; a shutdown waits for it before the caller closes the database pool. */
export function socketWork() {
  const inFlight = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  };
  return {
    track,
    /** The `safely` of one socket, logging to its own logger. */
    safelyFor:
      (log: Logger): Safely =>
      (what, work) =>
        track(work().catch((err: unknown) => log.error({ err }, `${what} failed`))),
    async drain() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
