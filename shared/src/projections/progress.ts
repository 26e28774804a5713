import type { Knex } from 'knex';
import type { ReadModelVersions } from './read-cache';

export const CHECKPOINT_TABLE = 'projection_checkpoints';
/**
 * The one checkpoint every read model shared before each projection had its own. Migration
 * 002 of the read models turns it into one row per projection; nothing writes it any more.
 */
export const READ_MODELS_CHECKPOINT = 'read_models';

/** Which projections a wait is about: those reading one of `eventTypes`, and those named. */
export interface WaitConcern {
  eventTypes?: readonly string[];
  projections?: readonly string[];
}

interface Waiter {
  position: bigint;
  concern: WaitConcern | undefined;
  resolve(reached: boolean): void;
  timer: NodeJS.Timeout;
}

interface Known {
  position: bigint;
  /** The position of its last batch that changed its tables (skipped batches move `position` only). */
  changed: bigint;
  /** Event types the projection reads; undefined: it did not say, so every wait concerns it. */
  eventTypes: readonly string[] | undefined;
  /** Its facets' own `changed`: the position of its last batch that changed that part of its tables. */
  facets: Map<string, bigint>;
}

/** A facet's name where a version is asked for: `community#members`, the `members` facet of `community`. */
export const facetOf = (projection: string, facet: string) => `${projection}#${facet}`;

/**
 * Read-your-writes (docs/decisions.md#d7-read-your-writes-with-a-bounded-wait): a command's answer waits, within a bound, until the read
 * models have applied the position it appended. Each projection has its own checkpoint; a wait
 * that names the event types it appended waits only for the projections reading one of them,
 * otherwise for all. A runner in this process reports its progress directly (`local`); otherwise
 * one poller reads the checkpoint table for all waiters.
 */
export class ReadModelProgress implements ReadModelVersions {
  private readonly projections = new Map<string, Known>();
  /** Reports that named no projection (a runner of one anonymous set of read models). */
  private anonymous = 0n;
  private waiters = new Set<Waiter>();
  /** Callers of skipWaits not yet ended. */
  private waitsSkipped = 0;
  private polling: NodeJS.Timeout | undefined;
  /** Moves at every register and report: the versions `localVersionOf` made before may be stale. */
  private moves = 0;
  /** The last local version made for a list of names (the routes' constant lists), with the `moves` it was made at. */
  private readonly versions = new WeakMap<readonly string[], { moves: number; version: string }>();

  constructor(
    private readonly knex: Knex,
    private readonly options: { local?: boolean; pollMs?: number } = {},
  ) {}

  /** Called by an in-process runner for each projection it runs (with its facets' names), before it reports. */
  register(name: string, eventTypes: readonly string[] | undefined, position = 0n, facets: readonly string[] = []): void {
    const known = this.projections.get(name);
    const atLeast = (kept: bigint | undefined) => (kept !== undefined && kept > position ? kept : position);
    const changed = atLeast(known?.changed);
    this.projections.set(name, { position: atLeast(known?.position), changed, eventTypes, facets: new Map(facets.map((f) => [f, changed])) });
    this.moves += 1;
    this.settle();
  }

  /**
   * Called by an in-process runner after each committed batch (of `projection`, or of all), and
   * after a batch it skipped (`changedTables: false`: none of its events, nothing written).
   * `changedFacets` names the facets the batch changed; undefined: all of them.
   */
  report(position: bigint, projection?: string, changedTables = true, changedFacets?: readonly string[]): void {
    this.moves += 1;
    if (projection === undefined) {
      if (position > this.anonymous) this.anonymous = position;
      for (const known of this.projections.values()) {
        if (position > known.position) known.position = position;
        if (position > known.changed) known.changed = position;
        for (const facet of known.facets.keys()) known.facets.set(facet, known.changed);
      }
    } else {
      const known = this.projections.get(projection);
      if (!known) this.projections.set(projection, { position, changed: position, eventTypes: undefined, facets: new Map() });
      else {
        if (position > known.position) known.position = position;
        if (changedTables && position > known.changed) {
          known.changed = position;
          for (const facet of changedFacets ?? known.facets.keys()) if (known.facets.has(facet)) known.facets.set(facet, position);
        }
      }
    }
    this.settle();
  }

  /** The position every projection the concern is about has reached. */
  private reached(concern: WaitConcern | undefined): bigint {
    if (this.projections.size === 0) return this.anonymous;
    let min: bigint | undefined;
    for (const [name, known] of this.projections) {
      if (!concerns(concern, name, known)) continue;
      if (min === undefined || known.position < min) min = known.position;
    }
    // No projection reads these events: nothing to wait for.
    return min ?? BigInt(Number.MAX_SAFE_INTEGER);
  }

  private settle(): void {
    if (this.waiters.size === 0) return;
    // Waiters mostly share a concern (every chat send waits for the same event type): each
    // distinct one is computed once per report, not once per waiter.
    const reachedBy = new Map<string, bigint>();
    for (const waiter of this.waiters) {
      const key = concernKey(waiter.concern);
      let reached = reachedBy.get(key);
      if (reached === undefined) reachedBy.set(key, (reached = this.reached(waiter.concern)));
      if (reached >= waiter.position) this.finish(waiter, true);
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
    const rows: { name: string; position: number | string; event_types: unknown }[] = await this.knex(CHECKPOINT_TABLE)
      .whereNot({ name: READ_MODELS_CHECKPOINT })
      .select('name', 'position', 'event_types');
    for (const row of rows) {
      const types = Array.isArray(row.event_types) ? row.event_types.filter((t): t is string => typeof t === 'string') : undefined;
      this.projections.set(row.name, { position: BigInt(row.position), changed: BigInt(row.position), eventTypes: types, facets: new Map() });
    }
    this.moves += 1;
    this.settle();
  }

  /**
   * The checkpoints of `names` as one string (ReadCache's version). A process whose runner is
   * the only one (`local`: the embedded mode) knows them, and knows which batches changed the
   * tables: the version moves only with those, so a burst of chat messages does not make every
   * profile answer new. Otherwise the table is read each time, since a runner of another process
   * may have moved them a moment ago.
   */
  versionOf(names: readonly string[]): string | Promise<string> {
    const local = this.localVersionOf(names);
    if (local !== undefined) return local;
    // A facet's version is its projection's checkpoint here: it moves with every batch.
    const projections = names.map((name) => name.split('#')[0]!);
    return this.knex(CHECKPOINT_TABLE)
      .whereIn('name', projections)
      .select('name', 'position')
      .then((rows: { name: string; position: number | string }[]) => {
        const at = new Map(rows.map((r) => [r.name, String(r.position)]));
        return projections.map((name) => at.get(name) ?? '0').join(',');
      });
  }

  /**
   * The version `versionOf` gives, when this process knows it without a read (the embedded mode);
   * else undefined. A name may be a facet (`facetOf`): part of a projection's tables, whose version
   * moves only with the batches that changed that part (a facet the projection did not declare
   * moves with all of them).
   */
  localVersionOf(names: readonly string[]): string | undefined {
    if (!this.options.local) return undefined;
    // A cached read asks for the same list at every hit: its string is made again only after a batch.
    const made = this.versions.get(names);
    if (made?.moves === this.moves) return made.version;
    const version = names.map((name) => this.changedOf(name).toString()).join(',');
    this.versions.set(names, { moves: this.moves, version });
    return version;
  }

  private changedOf(name: string): bigint {
    const hash = name.indexOf('#');
    if (hash < 0) return this.projections.get(name)?.changed ?? this.anonymous;
    const known = this.projections.get(name.slice(0, hash));
    return known ? (known.facets.get(name.slice(hash + 1)) ?? known.changed) : this.anonymous;
  }

  /**
   * Until the answer is called, `waitFor` answers false at once instead of waiting. For work done
   * before anyone reads the read models (the embedded mode's demo seed, before the site listens):
   * its commands' read-your-writes waits would only hold it back.
   */
  /** Whether waits are skipped now (skipWaits): other read-your-writes waits (a process manager's) skip theirs too. */
  get skippingWaits(): boolean {
    return this.waitsSkipped > 0;
  }

  skipWaits(): () => void {
    this.waitsSkipped += 1;
    let ended = false;
    return () => {
      if (!ended) this.waitsSkipped -= 1;
      ended = true;
    };
  }

  /**
   * Resolves true once the read models include `position`, false after `timeoutMs`. With a
   * `concern`, only the projections it is about are waited for (e.g. the types of the events the
   * command appended): a command is not held up by a projection that its events do not touch.
   */
  waitFor(position: bigint | undefined, timeoutMs = 5000, concern?: WaitConcern): Promise<boolean> {
    if (position === undefined || this.reached(concern) >= position) return Promise.resolve(true);
    if (this.waitsSkipped > 0) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => {
      const waiter: Waiter = { position, concern, resolve, timer: setTimeout(() => this.finish(waiter, false), timeoutMs) };
      this.waiters.add(waiter);
      if (!this.options.local && !this.polling) {
        this.polling = setInterval(() => void this.poll().catch(() => undefined), this.options.pollMs ?? 25);
      }
    });
  }
}

function concernKey(concern: WaitConcern | undefined): string {
  if (!concern) return '';
  return `${concern.eventTypes?.join(',') ?? '*'}|${concern.projections?.join(',') ?? '*'}`;
}

function concerns(concern: WaitConcern | undefined, name: string, known: Known): boolean {
  if (!concern || (concern.eventTypes === undefined && concern.projections === undefined)) return true;
  if (concern.projections?.includes(name)) return true;
  if (concern.eventTypes === undefined) return false;
  if (known.eventTypes === undefined) return true;
  return concern.eventTypes.some((t) => known.eventTypes!.includes(t));
}
