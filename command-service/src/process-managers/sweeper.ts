import type { Logger } from '@circuit/shared/logger';

/**
 * A clean-up the command service's workers run at start and then every `everyMs`: a failed sweep is only
 * logged (the next one tries again). `sweep` answers how many things it removed; `removed` names them in the log.
 */
export function sweeper(options: { everyMs: number; log: Logger; sweep: () => Promise<number>; removed: string; failed: string }) {
  let timer: NodeJS.Timeout | undefined;
  const sweep = () =>
    options
      .sweep()
      .then((removed) => removed > 0 && options.log.info({ removed }, options.removed))
      .catch((err: unknown) => options.log.warn({ err }, options.failed));
  return {
    async start() {
      void sweep();
      timer = setInterval(() => void sweep(), options.everyMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
    },
  };
}
