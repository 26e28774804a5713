import type { Knex } from 'knex';
import { DomainError } from '@circuit/shared/commands/domain-errors';
import type { Logger } from '@circuit/shared/logger';
import type { ErasureService } from './erasure-service';
import { forgetUnverified, unverifiedBefore } from './erasure-tables';
import { PeriodicTask } from '../process-managers/periodic-task';

/** A sign-up not verified within this long is erased (docs/personal-data.md): its code expired long ago. */
export const UNVERIFIED_ERASED_AFTER_MS = 7 * 24 * 60 * 60 * 1000;
const EVERY_MS = 60 * 60 * 1000;
const BATCH = 100;

/**
 * Erases the sign-ups still unverified 7 days after they were made (reason `unverified`), by the server's clock,
 * every hour while the command service's workers run. The list comes from unverified_sign_ups (ErasureProcessManager).
 */
export class UnverifiedSignUpEraser extends PeriodicTask {
  constructor(private readonly deps: { knex: Knex; erasure: Pick<ErasureService, 'eraseUnverified'>; log: Logger; now?: () => Date; intervalMs?: number }) {
    super({ name: 'erasing unverified sign-ups', intervalMs: deps.intervalMs ?? EVERY_MS, log: deps.log });
  }

  protected async run(): Promise<number> {
    const cutoff = new Date((this.deps.now?.() ?? new Date()).getTime() - UNVERIFIED_ERASED_AFTER_MS);
    let erased = 0;
    for (const userId of await unverifiedBefore(this.deps.knex, cutoff, BATCH)) {
      try {
        if (await this.deps.erasure.eraseUnverified(userId)) erased += 1;
      } catch (error) {
        // Verified or gone since (the feed has not told the table yet): not for this eraser.
        if (!(error instanceof DomainError)) throw error;
      }
      await forgetUnverified(this.deps.knex, userId);
    }
    if (erased > 0) this.deps.log.info({ erased }, 'erased unverified sign-ups older than 7 days');
    return erased;
  }
}
