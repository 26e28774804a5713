import { loadConfig } from '@circuit/shared/config';
import { createLogger } from '@circuit/shared/logger';
import { composeEmbedded } from './compose';

const config = loadConfig();
const log = createLogger('circuit', config.LOG_LEVEL);
const started = Date.now();
const circuit = await composeEmbedded({ config, log });
const port = await circuit.listen();
log.info({ port, dataDir: config.DATABASE_URL ? undefined : config.DATA_DIR, ms: Date.now() - started }, `Circuit is running at http://localhost:${port}`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    // PGlite must close cleanly so its data directory stays consistent.
    circuit
      .stop()
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  });
}
