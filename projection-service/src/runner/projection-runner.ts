import type { Knex } from 'knex';
import type { EventStore, RecordedEvent, Subscription } from '@circuit/shared/ports/event-store';
import { SharedFeed } from '@circuit/shared/adapters/event-store/shared-feed';
import type { ReadModelProgress } from '@circuit/shared/projections/progress';
import type { Logger } from '@circuit/shared/logger';
import type { Projection } from './projection';
import { advanceCheckpoint, declareProjections, expectAndAdvanceCheckpoints, isCheckpointMoved, lockAndAdvanceCheckpoints, lockCheckpoint, readCheckpoint, readCheckpoints } from './checkpoints';
import { tryRebuildLocks, type RebuildLocks } from './rebuild-lock';
import { ScratchTables } from './scratch-tables';
import { deferredWrite, oneTripTransaction } from '@circuit/shared/db/one-trip-transaction';
import { inBatchSpan } from '@circuit/shared/tracing/batch-spans';

export interface ProjectionRunnerOptions {
  /** Events per transaction while catching up (live batches are what the feed has). */
  pageSize?: number;
  /** Events per transaction while rebuilding into fresh tables (default 50,000 in a bulk load, else 5,000). */
  rebuildPageSize?: number;
  /**
   * Rebuild into copies made for a bulk load (default true; only on Postgres): unlogged and with
   * only their key indexes until the rows are in, in pages of tens of thousands of events. False
   * rebuilds into logged, fully indexed copies in pages of 5,000 (the benchmark's baseline).
   */
  bulkRebuild?: boolean;
  /**
   * How long the stored checkpoint of a projection that skipped events of no concern to it may lag
   * behind (default 1000 ms); a batch of its own moves it at once.
   */
  saveSkippedAfterMs?: number;
  /** Called once a rebuilt projection's tables are swapped in (the read cache forgets what it built from the old ones). */
  onSwapped?(projection: string): void;
}

export class RebuildInProgressError extends Error {
  constructor(readonly projection: string) {
    super(`Projection ${projection} is being rebuilt by another process`);
    this.name = 'RebuildInProgressError';
  }
}

/**
 * Applies the global feed to each projection on its own: every projection has its own checkpoint,
 * written in the same transaction as its rows, so after a crash each resumes exactly where its
 * last commit left it, a projection new to the system builds itself from position 0 while the
 * others keep following, and one projection can be rebuilt without touching the others.
 */
export class ProjectionRunner {
  private readonly subscriptions: Subscription[] = [];
  private readonly positions = new Map<string, bigint>();
  private readonly feed: EventStore;
  private readonly pageSize: number;
  private readonly rebuildPageSize: number;
  private readonly bulkRebuild: boolean;
  private readonly saveAfterMs: number;
  private readonly onSwapped: ((projection: string) => void) | undefined;
  /** The event types each projection declares (none: it reads every event). */
  private readonly reads = new Map<string, ReadonlySet<string> | undefined>();
  /**
   * Positions projections reached with batches that held none of their event types: in memory at
   * once (read-your-writes, the read cache), in the checkpoint table a moment later, together.
   */
  private readonly unsaved = new Map<string, bigint>();
  private saveTimer: NodeJS.Timeout | undefined;
  private saving: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly knex: Knex,
    store: EventStore,
    private readonly projections: Projection[],
    private readonly progress: ReadModelProgress | undefined,
    private readonly log: Logger,
    options: ProjectionRunnerOptions = {},
  ) {
    const names = new Set<string>();
    for (const p of projections) {
      if (names.has(p.name)) throw new Error(`Two projections are named ${p.name}`);
      names.add(p.name);
    }
    // Every projection follows the feed on its own cursor, through one reader of the feed.
    this.feed = store instanceof SharedFeed ? store : new SharedFeed(store);
    this.pageSize = options.pageSize ?? 1000;
    this.bulkRebuild = options.bulkRebuild ?? true;
    // A bulk page's rows travel as one value per table and statement: 50,000 events make some
    // megabytes of them, and ten times fewer transactions and statements than pages of 5,000.
    this.rebuildPageSize = options.rebuildPageSize ?? options.pageSize ?? (this.bulkRebuild ? 50_000 : 5000);
    this.saveAfterMs = options.saveSkippedAfterMs ?? 1000;
    this.onSwapped = options.onSwapped;
    for (const p of projections) this.reads.set(p.name, p.eventTypes ? new Set(p.eventTypes) : undefined);
  }

  /** Whether a batch holds an event the projection reads (a projection that declares no types reads all). */
  private concerns(p: Projection, events: RecordedEvent[]): boolean {
    const types = this.reads.get(p.name);
    return types === undefined || events.some((e) => types.has(e.type));
  }

  private projection(name: string): Projection {
    const p = this.projections.find((x) => x.name === name);
    if (!p) throw new Error(`Unknown projection ${name}; known: ${this.projections.map((x) => x.name).join(', ')}`);
    return p;
  }

  /** The position every projection of this runner has applied (or one projection's, by name). */
  async checkpoint(name?: string): Promise<bigint> {
    // A position passed with events of no concern to a projection counts before it is stored.
    const reached = (n: string, stored: bigint) => {
      const skipped = this.unsaved.get(n);
      return skipped !== undefined && skipped > stored ? skipped : stored;
    };
    if (name !== undefined) return reached(name, await readCheckpoint(this.knex, name));
    const all = await readCheckpoints(
      this.knex,
      this.projections.map((p) => p.name),
    );
    const positions = [...all].map(([n, stored]) => reached(n, stored));
    return positions.reduce((a, b) => (b < a ? b : a), positions[0] ?? 0n);
  }

  /** Applies consecutive events to every projection, each with its own checkpoint. */
  async applyBatch(events: RecordedEvent[]): Promise<void> {
    const failures = await this.applyGroup(this.projections.map((p) => ({ p, events })));
    if (failures.size > 0) throw failures.values().next().value;
  }

  /** One projection's batch again, on its own (after its group failed). */
  private async applyTo(p: Projection, events: RecordedEvent[]): Promise<void> {
    const last = events.at(-1);
    if (!last || (this.positions.get(p.name) ?? -1n) >= last.position) return;
    this.advanced(p, (await this.applyLocked([{ p, events }]))[0]!, events);
  }

  /**
   * Several projections' batches in one transaction (one commit, not one per projection), each
   * still with its own checkpoint row. When one of them fails, each goes again in a transaction of
   * its own: the others commit, only the failing ones are returned, with their errors (to be
   * delivered again).
   */
  private async applyGroup<E extends { p: Projection; events: RecordedEvent[] }>(entries: E[]): Promise<Map<E, unknown>> {
    const failures = new Map<E, unknown>();
    const todo: E[] = [];
    for (const entry of entries) {
      const last = entry.events.at(-1);
      if (!last || (this.positions.get(entry.p.name) ?? -1n) >= last.position) continue;
      if (this.concerns(entry.p, entry.events)) todo.push(entry);
      else this.skipped(entry.p, last.position);
    }
    todo.sort((a, b) => (a.p.name < b.p.name ? -1 : a.p.name > b.p.name ? 1 : 0));
    if (todo.length === 0) return failures;
    // One span per transaction, linked to the traces of the commands whose events it applies (tracing on).
    const projections = todo.map((e) => e.p.name);
    return inBatchSpan('projection batch', todo.map((e) => e.events), { 'circuit.projections': projections }, async () => {
      try {
        const reached = await this.applyExpected(todo).catch((error: unknown) => {
          // Another process got there first (or a checkpoint row is missing): lock, read, apply what is left.
          if (isCheckpointMoved(error)) return this.applyLocked(todo);
          throw error;
        });
        todo.forEach(({ p, events }, i) => this.advanced(p, reached[i]!, events));
      } catch (error) {
        if (todo.length === 1) failures.set(todo[0]!, error);
        else for (const entry of todo) await this.applyTo(entry.p, entry.events).catch((e: unknown) => failures.set(entry, e));
      }
      return failures;
    });
  }

  /**
   * The batches applied after the positions this runner holds, which are the stored ones unless
   * another process moved them: the checkpoint statement checks that instead of answering them,
   * so nothing in the transaction waits for an answer and it goes to Postgres as one message
   * (oneTripTransaction), unless a projection reads in it. Only one batch of a projection is
   * applied at a time, so its position does not move meanwhile.
   */
  private applyExpected(todo: { p: Projection; events: RecordedEvent[] }[]): Promise<bigint[]> {
    const moves = todo.map(({ p, events }) => ({ name: p.name, from: this.positions.get(p.name) ?? 0n, to: events.at(-1)!.position }));
    return oneTripTransaction(this.knex, async (trx) => {
      await expectAndAdvanceCheckpoints(trx, moves);
      for (const [i, { p, events }] of todo.entries()) await p.applyBatch(trx, events.filter((e) => e.position > moves[i]!.from));
      return moves.map((m) => m.to);
    });
  }

  /**
   * The batches applied after the stored checkpoints, read and locked first (in name order, so two
   * processes never deadlock): a second runner of the same projection waits, then sees the new
   * checkpoint and skips what was applied; never twice, never backwards.
   */
  private applyLocked(todo: { p: Projection; events: RecordedEvent[] }[]): Promise<bigint[]> {
    return oneTripTransaction(this.knex, async (trx) => {
      // Each checkpoint is locked and moved to the end of its batch up front, in one statement:
      // the rows below commit with it, or nothing does.
      const stored = await lockAndAdvanceCheckpoints(trx, new Map(todo.map((e) => [e.p.name, e.events.at(-1)!.position])));
      const positions: bigint[] = [];
      for (const { p, events } of todo) {
        const from = stored.get(p.name)!;
        const fresh = events.filter((e) => e.position > from);
        if (fresh.length === 0) {
          positions.push(from);
          continue;
        }
        await p.applyBatch(trx, fresh);
        positions.push(events.at(-1)!.position);
      }
      return positions;
    });
  }

  private pending: { p: Projection; events: RecordedEvent[]; settle(error?: unknown): void }[] = [];

  /**
   * A live batch of one projection. The feed hands the same new events to every projection at
   * about the same time: those that arrive together go in one transaction (`applyGroup`).
   */
  private applyLive(p: Projection, events: RecordedEvent[]): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ p, events, settle: (error) => (error === undefined ? resolve() : reject(error)) });
      if (this.pending.length === 1) setImmediate(() => void this.flushLive());
    });
  }

  private async flushLive(): Promise<void> {
    const entries = this.pending.splice(0);
    const failures = await this.applyGroup(entries);
    for (const e of entries) e.settle(failures.get(e));
  }

  /** `events`: the batch applied, for the facets it changed (without it, all of them). */
  private advanced(p: Projection, position: bigint, events?: RecordedEvent[]): void {
    if ((this.positions.get(p.name) ?? -1n) < position) this.positions.set(p.name, position);
    // Its checkpoint row moved with the batch: whatever it skipped before is stored too.
    if ((this.unsaved.get(p.name) ?? -1n) <= position) this.unsaved.delete(p.name);
    this.progress?.report(position, p.name, true, events && p.facets && changedFacets(p.facets, events));
  }

  /**
   * A batch with none of the projection's event types: nothing to write, so no transaction (a chat
   * message touched every projection's checkpoint row, in every batch). The position counts in
   * memory now and is stored with the projection's next batch or within `saveSkippedAfterMs`. A
   * restart before that reads those events again and skips them again.
   */
  private skipped(p: Projection, position: bigint): void {
    if ((this.positions.get(p.name) ?? -1n) < position) this.positions.set(p.name, position);
    this.unsaved.set(p.name, position);
    this.progress?.report(position, p.name, false);
    this.saveTimer ??= setTimeout(() => {
      this.saveTimer = undefined;
      void this.saveSkipped();
    }, this.saveAfterMs);
    this.saveTimer.unref();
  }

  /** Stores the positions reached by skipping, in one transaction (never backwards: another runner may be ahead). */
  private saveSkipped(): Promise<void> {
    if (this.saving) return this.saving;
    if (this.unsaved.size === 0) return Promise.resolve();
    const targets = new Map(this.unsaved);
    this.saving = oneTripTransaction(this.knex, (trx) => lockAndAdvanceCheckpoints(trx, targets))
      .then(() => {
        for (const [name, position] of targets) if (this.unsaved.get(name) === position) this.unsaved.delete(name);
      })
      .catch((error: unknown) => this.log.warn({ err: error }, 'could not store the checkpoints of skipped events; retrying'))
      .finally(() => {
        this.saving = undefined;
        if (this.unsaved.size > 0 && !this.saveTimer && !this.stopped) {
          this.saveTimer = setTimeout(() => {
            this.saveTimer = undefined;
            void this.saveSkipped();
          }, this.saveAfterMs);
          this.saveTimer.unref();
        }
      });
    return this.saving;
  }

  /** Catches every projection up with the feed, page by page, then follows it live. */
  async start(): Promise<void> {
    this.stopped = false;
    await declareProjections(this.knex, this.projections);
    const stored = await readCheckpoints(
      this.knex,
      this.projections.map((p) => p.name),
    );
    for (const p of this.projections) {
      const position = stored.get(p.name)!;
      this.positions.set(p.name, position);
      this.progress?.register(p.name, p.eventTypes, position, Object.keys(p.facets ?? {}));
    }
    await this.catchUp(this.projections);
    for (const p of this.projections) {
      this.subscriptions.push(
        this.feed.subscribe({
          after: this.positions.get(p.name)!,
          // A failed apply rejects: the feed delivers the same events again, so nothing is skipped.
          onEvent: (event) => this.applyLive(p, [event]),
          onBatch: (events) => this.applyLive(p, events),
          onError: (error) => this.log.error({ err: error, projection: p.name }, 'projection failed; retrying'),
        }),
      );
    }
  }

  /** One read of each page for all the projections, each applying the part after its own position. */
  private async catchUp(projections: Projection[]): Promise<number> {
    let count = 0;
    for (;;) {
      const from = projections.map((p) => this.positions.get(p.name)!).reduce((a, b) => (b < a ? b : a));
      const page = await this.feed.readAll(from, this.pageSize);
      if (page.length === 0) return count;
      const failures = await this.applyGroup(projections.map((p) => ({ p, events: page })));
      if (failures.size > 0) throw failures.values().next().value;
      count += page.length;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.subscriptions.splice(0).map((s) => s.stop()));
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    await this.saving;
    await this.saveSkipped();
  }

  /**
   * Rebuilds projections (default: all) from position 0 into fresh tables and swaps them in once
   * they have caught up: readers keep the old tables, still followed live, until the swap, and
   * never see an empty or half-built one. Only one process rebuilds a projection at a time.
   * Returns the number of events replayed.
   */
  async rebuild(names?: string[]): Promise<number> {
    const targets = names ? names.map((n) => this.projection(n)) : this.projections;
    const keys: string[] = [];
    for (const p of targets) keys.push(ScratchTables.lockKey(await ScratchTables.liveSchema(this.knex, p), p));
    const locked = await tryRebuildLocks(this.knex, keys);
    if ('heldElsewhere' in locked) throw new RebuildInProgressError(targets[keys.indexOf(locked.heldElsewhere)]!.name);
    const locks: RebuildLocks = locked.locks;
    const scratches: ScratchTables[] = [];
    try {
      // Each projection's copies on a connection of their own, side by side (the database's work
      // of one overlaps another's round trips and the app's own work).
      const started = performance.now();
      await allSettled(targets, async (p) => void scratches.push(await ScratchTables.create(this.knex, p, { bulk: this.bulkRebuild })));
      const phases = { createMs: performance.now() - started, replayMs: 0, finishMs: 0, swapMs: 0 };
      const positions = new Map(scratches.map((s) => [s, 0n]));
      let replayed = 0;
      let pending = [...scratches];
      while (pending.length > 0) {
        let at = performance.now();
        replayed += await this.replay(pending, positions);
        phases.replayMs += performance.now() - at;
        at = performance.now();
        await allSettled(pending, (scratch) => scratch.finishLoad(this.knex));
        phases.finishMs += performance.now() - at;
        at = performance.now();
        const swapped: ScratchTables[] = [];
        await allSettled(pending, async (scratch) => {
          if (await this.trySwap(scratch, positions.get(scratch)!)) swapped.push(scratch);
        });
        phases.swapMs += performance.now() - at;
        pending = pending.filter((s) => !swapped.includes(s));
      }
      this.log.info({ events: replayed, ...Object.fromEntries(Object.entries(phases).map(([k, v]) => [k, Math.round(v)])) }, 'projections rebuilt');
      return replayed;
    } finally {
      for (const scratch of scratches) await scratch.drop(this.knex).catch((error: unknown) => this.log.warn({ err: error }, 'could not drop a rebuild schema'));
      await locks.release();
    }
  }

  /**
   * Applies the feed to the scratch tables until the head: one read of each page for all of them
   * (the next page is read while this one is applied), one transaction per page and projection. The copies are
   * worth nothing until swapped in (a crashed rebuild starts again), so their commits need not
   * wait for the disk.
   */
  private async replay(scratches: ScratchTables[], positions: Map<ScratchTables, bigint>): Promise<number> {
    let count = 0;
    const from = () => scratches.map((s) => positions.get(s)!).reduce((a, b) => (b < a ? b : a));
    // The first pages are small and each next one twice as large, up to the page size: the
    // projections start on the first events while the larger pages after them are read.
    let size = Math.max(1, Math.floor(this.rebuildPageSize / 16));
    let next = this.feed.readAll(from(), size);
    for (;;) {
      const page = await next;
      if (page.length === 0) return count;
      const last = page.at(-1)!.position;
      size = Math.min(this.rebuildPageSize, size * 2);
      next = this.feed.readAll(last, size);
      // Keeps the read ahead from being an unhandled rejection while this page is applied.
      next.catch(() => undefined);
      // Each projection in a transaction of its own, side by side: on Postgres they run on
      // separate connections (and cores); PGlite's one connection takes them in turn.
      await allSettled(scratches, async (scratch) => {
        const after = positions.get(scratch)!;
        // (Only a copy that caught up again after a live runner got ahead has applied part of the page.)
        const events = page[0]!.position > after ? page : page.filter((e) => e.position > after);
        if (events.length === 0) return;
        await oneTripTransaction(this.knex, async (trx) => {
          await deferredWrite(trx, `select set_config('synchronous_commit', 'off', true)`, []);
          await scratch.enter(trx);
          await scratch.projection.applyBatch(trx, events);
        });
      });
      for (const scratch of scratches) if (positions.get(scratch)! < last) positions.set(scratch, last);
      count += page.length;
    }
  }

  /**
   * Swaps the caught-up copies in, in one transaction with the live checkpoint row locked: a live
   * runner of the projection (any process) waits for it, then goes on from the new checkpoint.
   * When a live runner got past the copies since they caught up, they catch up again first.
   */
  private async trySwap(scratch: ScratchTables, position: bigint): Promise<boolean> {
    const p = scratch.projection;
    const swapped = await this.knex.transaction(async (trx) => {
      const live = await lockCheckpoint(trx, p.name);
      if (live > position) return false;
      await scratch.swap(trx);
      await advanceCheckpoint(trx, p.name, position);
      return true;
    });
    if (swapped) {
      this.advanced(p, position);
      this.onSwapped?.(p.name);
      this.log.info({ projection: p.name, position: position.toString() }, 'projection rebuilt and swapped in');
    }
    return swapped;
  }
}

/**
 * Runs `work` for every item at once and waits for all of them before failing with the first
 * error: the rebuild's clean-up must not drop a schema under a statement still running.
 */
async function allSettled<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  const results = await Promise.allSettled(items.map(work));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}

function changedFacets(facets: Readonly<Record<string, readonly string[]>>, events: RecordedEvent[]): string[] {
  return Object.keys(facets).filter((facet) => events.some((e) => facets[facet]!.includes(e.type)));
}
