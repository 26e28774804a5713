import type { Logger } from '../logger';

/** Runs `stop` once on SIGINT/SIGTERM, then exits (0 when it completed). */
export function onShutdown(log: Logger, stop: () => Promise<void>): void {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      log.info({ signal }, 'shutting down');
      stop()
        .then(() => process.exit(0))
        .catch((err: unknown) => {
          log.error({ err }, 'shutdown failed');
          process.exit(1);
        });
    });
  }
}
