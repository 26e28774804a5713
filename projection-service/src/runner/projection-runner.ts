import type { Knex } from 'knex';
import type { EventStore, RecordedEvent, Subscription } from '@circuit/shared/ports/event-store';
import { CHECKPOINT_TABLE, READ_MODELS_CHECKPOINT, type ReadModelProgress } from '@circuit/shared/projections/progress';
import type { Logger } from '@circuit/shared/logger';
import type { Projection } from './projection';

/**
 * Applies the global feed to every projection. The checkpoint is written in the same transaction
 * as the rows, so after a crash the runner resumes exactly where the last commit left it.
 */
export class ProjectionRunner {
  private subscription: Subscription | undefined;
  private position = 0n;

  constructor(
    private readonly knex: Knex,
    private readonly store: EventStore,
    private readonly projections: Projection[],
    private readonly progress: ReadModelProgress | undefined,
    private readonly log: Logger,
  ) {}

  async checkpoint(): Promise<bigint> {
    const row = await this.knex(CHECKPOINT_TABLE).where({ name: READ_MODELS_CHECKPOINT }).first('position');
    return BigInt((row as { position?: number | string } | undefined)?.position ?? 0);
  }

  /** Applies a batch of events and moves the checkpoint, all in one transaction. */
  async applyBatch(events: RecordedEvent[]): Promise<void> {
    const last = events.at(-1);
    if (!last) return;
    await this.knex.transaction(async (trx) => {
      const lockCheckpoint = () => trx(CHECKPOINT_TABLE).where({ name: READ_MODELS_CHECKPOINT }).forUpdate().first('position');
      let row = await lockCheckpoint();
      if (!row) {
        // The row must exist before it is locked, or two runners starting together both pass.
        await trx(CHECKPOINT_TABLE).insert({ name: READ_MODELS_CHECKPOINT, position: 0 }).onConflict('name').ignore();
        row = await lockCheckpoint();
      }
      const stored = BigInt((row as { position?: number | string } | undefined)?.position ?? 0);
      for (const event of events) {
        if (event.position <= stored) continue; // applied before a crash: never twice
        for (const projection of this.projections) await projection.apply(trx, event);
      }
      await trx(CHECKPOINT_TABLE).where({ name: READ_MODELS_CHECKPOINT }).update({ position: last.position.toString() });
    });
    this.position = last.position;
    this.progress?.report(last.position);
  }

  /** Catches up with the feed page by page, then follows it one event at a time. */
  async start(): Promise<void> {
    this.position = await this.checkpoint();
    this.progress?.report(this.position);
    await this.catchUp();
    this.subscription = this.store.subscribe({
      after: this.position,
      // A failed apply rejects: the subscription delivers the same events again, so nothing is skipped.
      onEvent: (event) => this.applyBatch([event]),
      onBatch: (events) => this.applyBatch(events),
      onError: (error) => this.log.error({ err: error }, 'projection failed; retrying'),
    });
  }

  private async catchUp(): Promise<number> {
    let count = 0;
    for (;;) {
      const page = await this.store.readAll(this.position, 500);
      if (page.length === 0) return count;
      await this.applyBatch(page);
      count += page.length;
    }
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = undefined;
  }

  /** Empties every read model and replays the whole feed from position 0; a live runner pauses meanwhile. */
  async rebuild(): Promise<number> {
    const wasFollowing = this.subscription !== undefined;
    // Live applies would move the checkpoint under the replay and make it skip pages.
    if (wasFollowing) await this.stop();
    await this.knex.transaction(async (trx) => {
      for (const table of this.projections.flatMap((p) => p.tables)) await trx(table).del();
      await trx(CHECKPOINT_TABLE).where({ name: READ_MODELS_CHECKPOINT }).del();
    });
    this.position = 0n;
    const count = await this.catchUp();
    if (wasFollowing) await this.start();
    return count;
  }
}
