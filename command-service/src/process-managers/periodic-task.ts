import type { Logger } from '@circuit/shared/logger';

/**
 * Work the command service's workers do every so often by the server's clock (the waitlist, the reminders, the
 * erasure of unverified sign-ups): one run at a time, a failed run tried again at the next tick, and `stop`
 * waiting for the run under way. A subclass says what one run does and answers how much it did.
 */
export abstract class PeriodicTask {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  protected constructor(private readonly every: { name: string; intervalMs: number; log: Logger }) {}

  async start(): Promise<void> {
    this.timer = setInterval(() => {
      void this.tick().catch((err: unknown) => this.every.log.error({ err }, `${this.every.name} failed; trying again on the next tick`));
    }, this.every.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /** Does what is due now; answers how much it did. A tick while one runs shares that run. */
  tick(): Promise<number> {
    this.running ??= this.run().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  protected abstract run(): Promise<number>;
}
