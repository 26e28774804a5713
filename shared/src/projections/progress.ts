import type { Knex } from 'knex';

export const CHECKPOINT_TABLE = 'projection_checkpoints';
export const READ_MODELS_CHECKPOINT = 'read_models';

interface Waiter {
  position: bigint;
  resolve(reached: boolean): void;
  timer: NodeJS.Timeout;
}

/**
 * Read-your-writes (DESIGN section 2): a command's answer waits, within a bound, until the read
 * models have applied the position it appended. A projection runner in this process reports its
 * progress directly (`local`); otherwise one poller reads the checkpoint table for all waiters.
 */
export class ReadModelProgress {
  private known = 0n;
  private waiters = new Set<Waiter>();
  private polling: NodeJS.Timeout | undefined;

  constructor(
    private readonly knex: Knex,
    private readonly options: { local?: boolean; pollMs?: number } = {},
  ) {}

  /** Called by an in-process runner after each committed batch. */
  report(position: bigint): void {
    if (position > this.known) this.known = position;
    this.settle();
  }

  private settle(): void {
    for (const waiter of this.waiters) {
      if (this.known >= waiter.position) this.finish(waiter, true);
    }
  }

  private finish(waiter: Waiter, reached: boolean): void {
    clearTimeout(waiter.timer);
    this.waiters.delete(waiter);
    waiter.resolve(reached);
    if (this.waiters.size === 0 && this.polling) {
      clearInterval(this.polling);
      this.polling = undefined;
    }
  }

  private async poll(): Promise<void> {
    const row = await this.knex(CHECKPOINT_TABLE).where({ name: READ_MODELS_CHECKPOINT }).first('position');
    const stored = BigInt((row as { position?: number | string } | undefined)?.position ?? 0);
    if (stored > this.known) this.known = stored;
    this.settle();
  }

  /** Resolves true once read models include `position`, false after `timeoutMs`. */
  waitFor(position: bigint | undefined, timeoutMs = 5000): Promise<boolean> {
    if (position === undefined || this.known >= position) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      const waiter: Waiter = { position, resolve, timer: setTimeout(() => this.finish(waiter, false), timeoutMs) };
      this.waiters.add(waiter);
      if (!this.options.local && !this.polling) {
        this.polling = setInterval(() => void this.poll().catch(() => undefined), this.options.pollMs ?? 25);
      }
    });
  }
}
