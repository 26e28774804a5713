import type { Knex } from 'knex';
import type { FileStore } from '@circuit/shared/ports/file-store';
import type { Logger } from '@circuit/shared/logger';
import { uploadsInUse } from './upload-uses';

/** An upload no profile or project refers to a day after it was written was abandoned (a form left, a project deleted). */
export const ORPHAN_AFTER_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** The kinds of upload a profile or a project uses (upload-uses.ts says which ones they use now). */
const SWEPT_PREFIXES = ['projects', 'profile-pictures'] as const;

/** Deletes uploads older than ORPHAN_AFTER_MS that nothing refers to. Returns the keys it removed. */
export async function sweepOrphanUploads(deps: { knex: Knex; fileStore: FileStore; now: Date }): Promise<string[]> {
  const removed: string[] = [];
  const cutoff = deps.now.getTime() - ORPHAN_AFTER_MS;
  for (const prefix of SWEPT_PREFIXES) {
    const old = (await deps.fileStore.list(prefix)).filter((f) => f.modifiedAt.getTime() < cutoff);
    if (old.length === 0) continue;
    const used = await uploadsInUse(deps.knex, old.map((f) => f.url));
    for (const file of old) {
      if (used.has(file.url)) continue;
      await deps.fileStore.delete(file.key);
      removed.push(file.key);
    }
  }
  return removed;
}

/** Sweeps once an hour while the command service's workers run. */
export function orphanUploadSweeper(deps: { knex: Knex; fileStore: FileStore; log: Logger; now?: () => Date }) {
  let timer: NodeJS.Timeout | undefined;
  const sweep = () =>
    sweepOrphanUploads({ knex: deps.knex, fileStore: deps.fileStore, now: deps.now?.() ?? new Date() })
      .then((removed) => removed.length > 0 && deps.log.info({ removed: removed.length }, 'removed abandoned uploads'))
      .catch((err: unknown) => deps.log.warn({ err }, 'sweeping abandoned uploads failed'));
  return {
    async start() {
      timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
    },
  };
}
