import type { FileStore } from '@circuit/shared/ports/file-store';
import type { Logger } from '@circuit/shared/logger';
import { DATA_EXPORT_VALID_MS } from '@circuit/shared/events/data-exports';
import { EXPORT_FILE_PREFIX } from './export-builder';
import { sweeper } from '../process-managers/sweeper';

const SWEEP_EVERY_MS = 10 * 60 * 1000;

/**
 * Deletes archives written more than 24 hours ago. An archive is written just before its export is
 * recorded ready, so none outlives its expiresAt by more than a sweep's interval; the download
 * refuses by expiresAt itself, on the dot. Returns the keys it removed.
 */
export async function sweepExpiredExports(exportStore: FileStore, now: Date): Promise<string[]> {
  const cutoff = now.getTime() - DATA_EXPORT_VALID_MS;
  const expired = (await exportStore.list(EXPORT_FILE_PREFIX)).filter((f) => f.modifiedAt.getTime() <= cutoff);
  for (const file of expired) await exportStore.delete(file.key);
  return expired.map((f) => f.key);
}

/** Sweeps every 10 minutes (and at start) while the command service's workers run. */
export function dataExportSweeper(deps: { exportStore: FileStore; log: Logger; now?: () => Date }) {
  return sweeper({
    everyMs: SWEEP_EVERY_MS,
    log: deps.log,
    sweep: async () => (await sweepExpiredExports(deps.exportStore, deps.now?.() ?? new Date())).length,
    removed: 'removed expired data exports',
    failed: 'sweeping expired data exports failed',
  });
}
