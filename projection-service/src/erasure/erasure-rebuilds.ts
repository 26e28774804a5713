import type { Knex } from 'knex';
import { migrate } from '@circuit/shared/db/migrations';
import type { Logger } from '@circuit/shared/logger';
import type { EventStore, RecordedEvent, Subscription } from '@circuit/shared/ports/event-store';
import { ERASURE_EVENT_TYPE } from '@circuit/shared/personal-data/personal-data-event-store';

const TABLE = 'erasure_rebuilds';
/** How often the position followed so far is stored while no erasure waits (a restart reads again from there). */
const SAVE_EVERY_MS = 10_000;
const RETRY_FIRST_MS = 5_000;
const RETRY_MAX_MS = 5 * 60_000;

interface Rebuilder {
  rebuild(): Promise<number>;
}

/**
 * Rebuilds every projection after an erasure (docs/personal-data.md), online, in this process: the read models
 * then show what erasure leaves ("Deleted user", "Message deleted") in every row, also those a projection
 * copied from events before the erasure. Until the rebuild swaps its tables in, the old rows are served.
 * Erasures seen while a rebuild runs are coalesced into one more rebuild after it; never two at once; a failed
 * rebuild is retried with a growing wait. What is rebuilt is stored, so a restart rebuilds what a crash left out.
 */
export class ErasureRebuilds {
  private subscription: Subscription | undefined;
  /** The position of the latest erasure seen, and of the latest one a finished rebuild includes. */
  private wanted = 0n;
  private rebuilt = 0n;
  private followed = 0n;
  private savedFollowed = 0n;
  private running: Promise<void> | undefined;
  /** Ends the wait before a retry early (stop). */
  private wake: (() => void) | undefined;
  private saveTimer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly deps: { knex: Knex; store: EventStore; runner: Rebuilder; log: Logger; retryFirstMs?: number },
  ) {}

  async start(): Promise<void> {
    await migrate(this.deps.knex, 'erasure_rebuilds', [
      {
        name: '001_erasure_rebuilds',
        up: (k) =>
          k.schema.createTable(TABLE, (t) => {
            t.integer('id').primary();
            /** Feed position followed so far while no rebuild was owed. */
            t.bigInteger('followed').notNullable();
          }),
      },
    ]);
    const row = (await this.deps.knex(TABLE).where({ id: 1 }).first('followed')) as { followed: string | number } | undefined;
    // First start: an erasure before this table existed is rebuilt once.
    this.followed = row ? BigInt(row.followed) : 0n;
    this.savedFollowed = this.followed;
    this.rebuilt = this.followed;
    this.stopped = false;
    this.subscription = this.deps.store.subscribe({
      after: this.followed,
      onBatch: async (events) => this.seen(events),
      onEvent: async (event) => this.seen([event]),
      onError: (err) => this.deps.log.warn({ err }, 'erasure rebuilds: reading the feed failed; retrying'),
    });
    this.saveTimer = setInterval(() => void this.saveFollowed().catch(() => undefined), SAVE_EVERY_MS);
    this.saveTimer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.saveTimer);
    this.wake?.();
    await this.subscription?.stop();
    await this.running?.catch(() => undefined);
  }

  /** Whether the read models were rebuilt after the erasure at `position` (tests wait on it). */
  rebuiltThrough(position: bigint): boolean {
    return this.rebuilt >= position;
  }

  private async seen(events: RecordedEvent[]): Promise<void> {
    for (const event of events) {
      if (event.type === ERASURE_EVENT_TYPE && event.streamId.startsWith('user-') && event.position > this.wanted) this.wanted = event.position;
    }
    const last = events.at(-1);
    if (last && last.position > this.followed) this.followed = last.position;
    if (this.wanted > this.rebuilt) this.schedule();
  }

  private schedule(): void {
    if (this.running || this.stopped) return;
    this.running = this.rebuildOwed().finally(() => {
      this.running = undefined;
    });
  }

  /** One rebuild covers every erasure seen before it starts; those seen during it get one more after. */
  private async rebuildOwed(): Promise<void> {
    let wait = this.deps.retryFirstMs ?? RETRY_FIRST_MS;
    while (!this.stopped && this.wanted > this.rebuilt) {
      const target = this.wanted;
      const started = Date.now();
      this.deps.log.info({ erasureAt: target.toString() }, 'erasure seen: rebuilding every projection');
      try {
        const replayed = await this.deps.runner.rebuild();
        this.rebuilt = target;
        this.deps.log.info({ replayed, ms: Date.now() - started }, 'projections rebuilt after an erasure');
        await this.saveFollowed();
        wait = this.deps.retryFirstMs ?? RETRY_FIRST_MS;
      } catch (err) {
        this.deps.log.error({ err, retryInMs: wait }, 'rebuilding the projections after an erasure failed; trying again');
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, wait);
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.wake = undefined;
        wait = Math.min(wait * 2, RETRY_MAX_MS);
      }
    }
  }

  /** Stores how far the feed was followed, but never past an erasure still owed its rebuild. */
  private async saveFollowed(): Promise<void> {
    const upTo = this.wanted > this.rebuilt ? this.rebuilt : this.followed;
    if (upTo <= this.savedFollowed) return;
    await this.deps.knex(TABLE).insert({ id: 1, followed: upTo.toString() }).onConflict('id').merge();
    this.savedFollowed = upTo;
  }
}
