import { EventEmitter } from 'node:events';
import type { Knex } from 'knex';

export const CHECKPOINT_TABLE = 'projection_checkpoints';
export const READ_MODELS_CHECKPOINT = 'read_models';

/**
 * Read-your-writes (DESIGN section 2): a command's answer waits, within a bound, until the read
 * models have applied the position it appended. The projection runner of this process reports
 * progress directly; progress made by another process is seen by polling the checkpoint table.
 */
export class ReadModelProgress {
  private readonly emitter = new EventEmitter();
  private known = 0n;

  constructor(
    private readonly knex: Knex,
    private readonly pollMs = 50,
  ) {
    this.emitter.setMaxListeners(0);
  }

  /** Called by an in-process runner after each committed batch. */
  report(position: bigint): void {
    if (position > this.known) this.known = position;
    this.emitter.emit('progress');
  }

  private async readCheckpoint(): Promise<bigint> {
    const hasTable = await this.knex.schema.hasTable(CHECKPOINT_TABLE);
    if (!hasTable) return 0n;
    const row = await this.knex(CHECKPOINT_TABLE).where({ name: READ_MODELS_CHECKPOINT }).first('position');
    return BigInt((row as { position?: number | string } | undefined)?.position ?? 0);
  }

  /** Resolves true once read models include `position`, false after `timeoutMs`. */
  async waitFor(position: bigint | undefined, timeoutMs = 5000): Promise<boolean> {
    if (position === undefined || this.known >= position) return true;
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.emitter.off('progress', done);
          resolve();
        };
        const timer = setTimeout(done, this.pollMs);
        this.emitter.on('progress', done);
      });
      if (this.known >= position) return true;
      const stored = await this.readCheckpoint();
      if (stored > this.known) this.known = stored;
      if (this.known >= position) return true;
    }
    return false;
  }
}
