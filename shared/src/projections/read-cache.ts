import { createHash } from 'node:crypto';

/**
 * Where the read models are: the checkpoint positions of the projections an answer is built
 * from, joined into one string. It changes whenever one of them commits a batch.
 */
export interface ReadModelVersions {
  versionOf(projections: readonly string[]): string | Promise<string>;
}

export interface ReadCacheOptions {
  /** How many answers one process keeps (least recently used go first). */
  maxEntries?: number;
  /** How many bytes of answers one process keeps at most (least recently used go first): a few large lists fill it before maxEntries do. */
  maxBytes?: number;
  /**
   * How long an answer may be served at an unchanged version. Answers that depend on the clock
   * (a listing's phase, "3 days left") are at most this old.
   */
  ttlMs?: number;
  /** How long an answer that says when the clock changes it (`ChangesAt`) may be kept at most, if the clock does not change it sooner. */
  maxAgeMs?: number;
  /** false: every read is computed (READ_CACHE=false; the benches' uncached figures). */
  enabled?: boolean;
  now?: () => number;
}

/** A serialised answer (UTF-8 bytes, encoded once) and its entity tag, made once per entry instead of once per request. */
export interface CachedJson {
  body: Buffer;
  etag: string;
  /** The body's length as its Content-Length header says it (made once, not at every hit). */
  length: string;
}

interface Entry extends CachedJson {
  version: string;
  expires: number;
  /** From here on a hit also recomputes the entry in the background (see `json`). */
  refreshFrom: number;
}

/**
 * An answer that knows the first moment the clock changes it (epoch ms; Infinity: never), e.g. a list whose
 * filters do not read the clock and whose cards change phase at their own dates. It is kept until then
 * (at most `maxAgeMs`) instead of for the short time to live of answers that may change at any moment.
 */
export class ChangesAt<T> {
  constructor(
    readonly value: T,
    readonly at: number,
  ) {}
}

/** The share of the time to live after which a hit starts the entry's next computation. */
const REFRESH_AHEAD = 0.75;

/** A weak tag of the bytes, as express makes for what it sends (length and SHA-1), so conditional GETs get 304. */
function etagOf(body: Buffer): string {
  const hash = createHash('sha1').update(body).digest('base64').slice(0, 27);
  return `W/"${body.length.toString(16)}-${hash}"`;
}

function answerOf(value: unknown): CachedJson {
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  return { body, etag: etagOf(body), length: String(body.length) };
}

/**
 * Serialised query answers, kept per process and keyed by the request and the version of the
 * read models they were built from. A hit serves the very bytes a fresh computation would give
 * (read-your-writes holds: a command answers only after the projections it touched committed,
 * which moves their version before the client's next read). The version is read before the
 * answer is computed, so an entry is never labelled newer than its contents.
 */
export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  /** Misses being computed: simultaneous requests for one key and version share one computation. */
  private readonly pending = new Map<string, Promise<CachedJson>>();
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  /** The bodies' bytes held in `entries`. */
  private bytes = 0;
  private readonly ttlMs: number;
  private readonly maxAgeMs: number;
  private readonly enabled: boolean;
  private readonly now: () => number;
  /** Moves at every `clear`: a computation begun before it is not stored. */
  private generation = 0;

  constructor(
    private readonly versions: ReadModelVersions,
    options: ReadCacheOptions = {},
  ) {
    this.maxEntries = options.maxEntries ?? 5000;
    this.maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
    this.ttlMs = options.ttlMs ?? 1000;
    this.maxAgeMs = options.maxAgeMs ?? 60_000;
    this.enabled = options.enabled ?? true;
    this.now = options.now ?? Date.now;
  }

  /**
   * The JSON text of `compute()`'s answer, served from the cache while `projections` stand still
   * (and the clock does not change it: for `ttlMs`, or until the moment a `ChangesAt` answer names).
   * A hit whose version is known at once (the embedded runner reports it in memory) is answered
   * synchronously: the busiest reads make no promise and wait for no turn of the event loop.
   * An entry read in the last quarter of its life is recomputed in the background while the hit is
   * served, so under steady reads a clock-bound answer is renewed before it expires instead of
   * making every request that arrives at its expiry wait for the query; an answer is still never
   * older than `ttlMs`.
   */
  json(key: string, projections: readonly string[], compute: () => Promise<unknown>): CachedJson | Promise<CachedJson> {
    if (!this.enabled) return compute().then((computed) => answerOf(computed instanceof ChangesAt ? computed.value : computed));
    const version = this.versions.versionOf(projections);
    if (typeof version === 'string') return this.hit(key, version, compute) ?? this.fill(key, version, compute);
    return version.then((v) => this.hit(key, v, compute) ?? this.fill(key, v, compute));
  }

  /**
   * Forgets every answer: for tables swapped by a rebuild, whose checkpoint may equal the one the answers were
   * built at (an erasure's rebuild changes rows at an unchanged position).
   */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.bytes = 0;
    this.pending.clear();
  }

  /** The answers held now. */
  get size(): number {
    return this.entries.size;
  }

  private hit(key: string, version: string, compute: () => Promise<unknown>): CachedJson | undefined {
    const hit = this.entries.get(key);
    const now = this.now();
    if (!hit || hit.version !== version || hit.expires <= now) return undefined;
    // Refresh its place in the least-recently-used order.
    this.entries.delete(key);
    this.entries.set(key, hit);
    if (now >= hit.refreshFrom) this.fill(key, version, compute).catch(() => undefined);
    return hit;
  }

  /** Simultaneous computations of one key at one version share one run. */
  private async fill(key: string, version: string, compute: () => Promise<unknown>): Promise<CachedJson> {
    const flight = `${version}\u0000${key}`;
    const running = this.pending.get(flight);
    if (running) return running;
    const generation = this.generation;
    const computing = (async () => {
      // The answer is as old as the moment its computation began.
      const startedAt = this.now();
      const computed = await compute();
      const answer = answerOf(computed instanceof ChangesAt ? computed.value : computed);
      const life = computed instanceof ChangesAt ? Math.max(0, Math.min(computed.at - startedAt, this.maxAgeMs)) : this.ttlMs;
      if (generation === this.generation) this.store(key, { ...answer, version, expires: startedAt + life, refreshFrom: startedAt + life * REFRESH_AHEAD });
      return answer;
    })();
    this.pending.set(flight, computing);
    try {
      return await computing;
    } finally {
      if (this.pending.get(flight) === computing) this.pending.delete(flight);
    }
  }

  private store(key: string, entry: Entry): void {
    this.remove(key);
    this.entries.set(key, entry);
    this.bytes += entry.body.length;
    // The least recently used first: over a bound, and while expired (never served again, they only took memory
    // until 5,000 newer ones pushed them out, at every distinct viewer's or filter's key).
    const now = this.now();
    for (const [oldest, held] of this.entries) {
      if (oldest === key || (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes && held.expires > now)) break;
      this.remove(oldest);
    }
  }

  private remove(key: string): void {
    const held = this.entries.get(key);
    if (!held) return;
    this.entries.delete(key);
    this.bytes -= held.body.length;
  }
}
