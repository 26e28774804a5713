import type { Knex } from 'knex';
import { DomainError } from '@circuit/shared/commands/domain-errors';
import type { Logger } from '@circuit/shared/logger';
import type { ErasureService } from './erasure-service';
import { forgetUnverified, unverifiedBefore } from './erasure-tables';

/** A sign-up not verified within this long is erased (docs/personal-data.md): its code expired long ago. */
export const UNVERIFIED_ERASED_AFTER_MS = 7 * 24 * 60 * 60 * 1000;
const EVERY_MS = 60 * 60 * 1000;
const BATCH = 100;

/**
 * Erases the sign-ups still unverified 7 days after they were made (reason `unverified`), by the server's clock,
 * every hour while the command service's workers run. The list comes from unverified_sign_ups (ErasureProcessManager).
 */
export class UnverifiedSignUpEraser {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  constructor(private readonly deps: { knex: Knex; erasure: Pick<ErasureService, 'eraseUnverified'>; log: Logger; now?: () => Date; intervalMs?: number }) {}

  async start(): Promise<void> {
    this.timer = setInterval(() => {
      void this.tick().catch((err: unknown) => this.deps.log.error({ err }, 'erasing unverified sign-ups failed; trying again on the next tick'));
    }, this.deps.intervalMs ?? EVERY_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /** Erases what is due now; answers how many accounts it erased. One run at a time. */
  tick(): Promise<number> {
    this.running ??= this.run().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async run(): Promise<number> {
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
