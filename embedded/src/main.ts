import { loadConfig } from '@circuit/shared/config';
import { createLogger } from '@circuit/shared/logger';
import { onShutdown } from '@circuit/shared/process/shutdown';
import { buildWebApps, precompressInBackground } from './web-build';

// `npm start` passes --build-web: the web apps that are out of date build beside the start (in a child
// process), started before this process loads the rest of its modules.
const buildWeb = process.argv.includes('--build-web');
const webBuilt = buildWeb ? buildWebApps() : undefined;
webBuilt?.catch(() => undefined); // awaited (and so reported) by composeEmbedded

const { composeEmbedded } = await import('./compose');
// From the process's start: the ms before compose are loading (and, under tsx, compiling) the modules.
const loaded = Math.round(performance.now());
const config = loadConfig();
const log = createLogger('circuit', config.LOG_LEVEL);
const started = Date.now();
const circuit = await composeEmbedded({ config, log, webBuilt });
const port = await circuit.listen();
log.info({ port, dataDir: config.DATABASE_URL ? undefined : config.DATA_DIR, ms: Date.now() - started, loadedMs: loaded, phases: circuit.startPhases }, `Circuit is running at http://localhost:${port}`);
const stopCompressing = buildWeb ? precompressInBackground(log) : undefined;

// PGlite must close cleanly so its data directory stays consistent.
onShutdown(log, async () => {
  stopCompressing?.();
  await circuit.stop();
});
