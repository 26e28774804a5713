import { loadConfig } from '@circuit/shared/config';
import { createLogger } from '@circuit/shared/logger';
import { onShutdown } from '@circuit/shared/process/shutdown';
import { composeEmbedded } from './compose';

const config = loadConfig();
const log = createLogger('circuit', config.LOG_LEVEL);
const started = Date.now();
const circuit = await composeEmbedded({ config, log });
const port = await circuit.listen();
log.info({ port, dataDir: config.DATABASE_URL ? undefined : config.DATA_DIR, ms: Date.now() - started }, `Circuit is running at http://localhost:${port}`);

// PGlite must close cleanly so its data directory stays consistent.
onShutdown(log, () => circuit.stop());
