import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import { migrate } from '../db/migrations';
import type { Logger } from '../logger';
import { resilientRedisClient, type RedisClient } from '../adapters/redis/redis-client';
import { batchWhileInFlight } from '../process/batching';

/**
 * Per-user limits on writes and socket events (docs/decisions.md#d15-per-user-limits-so-one-user-cannot-slow-the-others: one user cannot slow the others).
 * Fixed windows counted in a store every instance shares (Postgres, or Redis when REDIS_URL is set),
 * with a count kept in memory in front of it: once this process alone has seen a user reach the
 * limit, further attempts are refused without a round trip, so a flood costs almost nothing.
 */

export interface RateRule {
  /** Attempts allowed per window. */
  limit: number;
  windowMs: number;
}

export type UserAction = 'messages' | 'comments' | 'follows' | 'reports' | 'writes' | 'socketEvents';

export const DEFAULT_USER_RATE_RULES: Record<UserAction, RateRule> = {
  // Chat faster than a message every third of a second, sustained for ten seconds, is not typing.
  messages: { limit: 30, windowMs: 10_000 },
  comments: { limit: 20, windowMs: 60_000 },
  // Follow, connect, accept, block and the rest of the social graph.
  follows: { limit: 60, windowMs: 60_000 },
  reports: { limit: 10, windowMs: 10 * 60_000 },
  // Every state-changing request of a signed-in user, whatever it is.
  writes: { limit: 300, windowMs: 60_000 },
  // Every event one user's sockets send (typing, presence checks, counts, messages).
  socketEvents: { limit: 120, windowMs: 10_000 },
};

export const RATE_LIMITED_MESSAGE = 'You are doing that too often. Please wait a moment and try again.';
export const MESSAGES_RATE_LIMITED_MESSAGE = 'You are sending messages too fast. Please wait a moment and try again.';

/** Counts attempts per key and window; shared by every instance. */
export interface RateCounterStore {
  /** Adds one to the key's count in the window that ends at `resetAt`; answers the new count. */
  increment(key: string, resetAt: number): Promise<number>;
  /** `increment` of several keys in one round trip (a request that counts against several allowances); counts in order. */
  incrementMany(entries: readonly { key: string; resetAt: number }[]): Promise<number[]>;
  /** Keys about to be counted (the next window's): a store that takes counts ahead may take theirs now. */
  prepare?(entries: readonly { key: string; resetAt: number }[]): void;
  close(): Promise<void>;
}

/**
 * The fixed window of `now` for the counters named `prefix`: its key and end, and the next window's
 * once that begins within a fifth of a window (at most 5 s), for a store that takes counts ahead
 * (see RateCounterStore.prepare): the first count of the next window then waits for no round trip.
 */
export function counterWindow(prefix: string, windowMs: number, now: number): { key: string; resetAt: number; next?: { key: string; resetAt: number } } {
  const start = Math.floor(now / windowMs) * windowMs;
  const resetAt = start + windowMs;
  const soon = resetAt - now <= Math.min(windowMs / 5, 5000);
  return { key: `${prefix}:${start}`, resetAt, next: soon ? { key: `${prefix}:${resetAt}`, resetAt: resetAt + windowMs } : undefined };
}

const TABLE = 'user_rate_counters';

const tables = new WeakMap<Knex, Promise<void>>();

/** Creates the table once per database handle. */
function countersTable(knex: Knex): Promise<void> {
  let ready = tables.get(knex);
  if (!ready) {
    const run = () =>
      migrate(knex, 'user_rate_limits', [
        {
          name: '001_user_rate_counters',
          up: (k) =>
            k.schema.createTable(TABLE, (t) => {
              t.text('key').primary();
              t.integer('count').notNullable();
              t.timestamp('reset_at', { useTz: true }).notNullable().index();
            }),
        },
      ]);
    ready = run();
    ready.catch(() => tables.delete(knex));
    tables.set(knex, ready);
  }
  return ready;
}

/**
 * Counters in a Postgres table (one row per user, action and window; old windows swept). The
 * increments of requests that arrive together share one statement: while one upsert is on its
 * way, the next requests' increments gather and go in the next (a burst of writes costs a round
 * trip per batch, not per request; a lone request goes at once).
 */
export class KnexRateCounterStore implements RateCounterStore {
  private readonly ready: Promise<void>;
  private lastSweep = Date.now();
  /** The increments of the requests that came while an upsert was on its way, in one upsert. */
  private readonly upsertTogether = batchWhileInFlight(async (requests: (readonly { key: string; resetAt: number }[])[]) => {
    const counts = await this.upsert(requests.flat());
    this.sweepSometimes();
    let at = 0;
    return requests.map((entries) => counts.slice(at, (at += entries.length)));
  });

  constructor(private readonly knex: Knex) {
    this.ready = countersTable(knex);
  }

  async increment(key: string, resetAt: number): Promise<number> {
    return (await this.incrementMany([{ key, resetAt }]))[0]!;
  }

  async incrementMany(entries: readonly { key: string; resetAt: number }[]): Promise<number[]> {
    await this.ready;
    return this.upsertTogether(entries);
  }

  /** Forgets ended windows, at most once a minute. */
  private sweepSometimes(): void {
    if (Date.now() - this.lastSweep <= 60_000) return;
    this.lastSweep = Date.now();
    void this.knex(TABLE).where('reset_at', '<', new Date()).del().catch(() => undefined);
  }

  /**
   * Adds every entry in one statement (a key given n times adds n) and answers each entry's count
   * as if they had been counted one after another, in order. Keys in sorted order: two instances
   * upserting the same keys lock their rows in the same order and never deadlock.
   */
  private async upsert(entries: readonly { key: string; resetAt: number }[]): Promise<number[]> {
    const added = new Map<string, { count: number; resetAt: number }>();
    for (const { key, resetAt } of entries) added.set(key, { count: (added.get(key)?.count ?? 0) + 1, resetAt });
    const rows = await this.knex(TABLE)
      .insert([...added].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, { count, resetAt }]) => ({ key, count, reset_at: new Date(resetAt) })))
      .onConflict('key')
      .merge({ count: this.knex.raw(`${TABLE}.count + excluded.count`) })
      .returning<{ key: string; count: number }[]>(['key', 'count']);
    const totals = new Map(rows.map((r) => [r.key, Number(r.count)]));
    // The entries of one key get the counts that lead up to its total, in order.
    const handed = new Map<string, number>();
    return entries.map(({ key }) => {
      const before = handed.get(key) ?? 0;
      handed.set(key, before + 1);
      return (totals.get(key) ?? added.get(key)!.count) - added.get(key)!.count + before + 1;
    });
  }

  /** Waits for the table's creation, which the constructor starts: it must not outlive the database handle. */
  async close(): Promise<void> {
    await this.ready.catch(() => undefined);
  }
}

/** Counters in Redis: INCR and an expiry at the window's end. */
export class RedisRateCounterStore implements RateCounterStore {
  private readonly client: RedisClient;
  private readonly connected: Promise<unknown>;

  constructor(url: string, log?: Logger) {
    // Fails fast while Redis is away: InsuredRateCounterStore counts in this process meanwhile.
    this.client = resilientRedisClient(url, { name: 'rate counters', log, failFast: true });
    this.connected = this.client.connect();
    this.connected.catch(() => undefined);
  }

  async increment(key: string, resetAt: number): Promise<number> {
    return (await this.incrementMany([{ key, resetAt }]))[0]!;
  }

  async incrementMany(entries: readonly { key: string; resetAt: number }[]): Promise<number[]> {
    await this.connected;
    const multi = this.client.multi();
    for (const { key, resetAt } of entries) multi.incr(`rate:${key}`).pExpireAt(`rate:${key}`, resetAt);
    const replies = await multi.exec();
    return entries.map((_, i) => Number(replies[2 * i]));
  }

  async close(): Promise<void> {
    await this.client.quit().catch(() => undefined);
  }
}

/**
 * A fixed-window count kept in this process and answered synchronously: for the hot path of socket
 * events, where a flood must be dropped without a promise or a round trip per event (the events
 * of one socket all land on one instance, so this count needs no sharing).
 */
export class LocalRateCounter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly rule: RateRule,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one attempt; `count` is how many the key made in this window (allowed or not). */
  hit(key: string): RateDecision & { count: number } {
    const now = this.now();
    const start = Math.floor(now / this.rule.windowMs) * this.rule.windowMs;
    let window = this.windows.get(key);
    if (!window || window.start !== start) {
      if (this.windows.size >= 50_000) for (const [k, w] of this.windows) if (w.start !== start) this.windows.delete(k);
      window = { start, count: 0 };
      this.windows.set(key, window);
    }
    window.count += 1;
    const allowed = window.count <= this.rule.limit;
    return { allowed, retryAfterMs: allowed ? 0 : start + this.rule.windowMs - now, count: window.count };
  }

  forget(key: string): void {
    this.windows.delete(key);
  }
}

/**
 * Counts in this process while the shared store fails, as the limiters' insurance does: an outage of
 * Redis or of the counters' table neither refuses every write nor lets a flood through. Counts taken
 * here are not shared; the shared store takes over again at its first answer.
 */
export class InsuredRateCounterStore implements RateCounterStore {
  private readonly here = new Map<string, { resetAt: number; count: number }>();
  private failing = false;

  constructor(
    private readonly shared: RateCounterStore,
    private readonly log?: Logger,
    private readonly now: () => number = Date.now,
    /**
     * How long a count may wait for the shared store before it is counted here: a store that
     * neither answers nor fails (a connection that hangs) must not hold the request.
     */
    private readonly answerWithinMs = 2000,
  ) {}

  async increment(key: string, resetAt: number): Promise<number> {
    return this.insured(() => this.shared.increment(key, resetAt).then((count) => [count]), [{ key, resetAt }]).then((counts) => counts[0]!);
  }

  incrementMany(entries: readonly { key: string; resetAt: number }[]): Promise<number[]> {
    return this.insured(() => this.shared.incrementMany(entries), entries);
  }

  close(): Promise<void> {
    return this.shared.close();
  }

  private async insured(count: () => Promise<number[]>, entries: readonly { key: string; resetAt: number }[]): Promise<number[]> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the shared rate counters did not answer within ${this.answerWithinMs} ms`)), this.answerWithinMs);
    });
    try {
      // A late answer is dropped: the shared count then holds one more, which only errs on the safe side.
      const counts = await Promise.race([count(), late]);
      if (this.failing) this.log?.info('rate counters: the shared store answers again');
      this.failing = false;
      return counts;
    } catch (err) {
      if (!this.failing) this.log?.warn({ err }, 'rate counters: the shared store failed; counting in this process until it answers');
      this.failing = true;
      return entries.map((entry) => this.countHere(entry));
    } finally {
      clearTimeout(timer);
    }
  }

  private countHere({ key, resetAt }: { key: string; resetAt: number }): number {
    const now = this.now();
    if (this.here.size >= 50_000) for (const [k, w] of this.here) if (w.resetAt <= now) this.here.delete(k);
    const current = this.here.get(key);
    const window = current && current.resetAt > now ? current : { resetAt, count: 0 };
    window.count += 1;
    this.here.set(key, window);
    return window.count;
  }
}

export function selectRateCounterStore(knex: Knex, redisUrl?: string, log?: Logger): RateCounterStore {
  return new InsuredRateCounterStore(redisUrl ? new RedisRateCounterStore(redisUrl, log) : new KnexRateCounterStore(knex), log);
}

export interface RateDecision {
  allowed: boolean;
  /** When refused: how long until the window ends. */
  retryAfterMs: number;
}

export class UserRateLimiter {
  /** This process's own count per key and window (never more than the shared count). */
  private readonly local = new Map<string, number>();
  private localWindowEnd = 0;

  constructor(
    private readonly store: RateCounterStore,
    private readonly rules: Record<UserAction, RateRule> = DEFAULT_USER_RATE_RULES,
    private readonly now: () => number = Date.now,
  ) {}

  consume(action: UserAction, userId: string): Promise<RateDecision> {
    return this.consumeAll([action], userId);
  }

  /**
   * Counts one attempt against each of `actions` (a follow is a write and a follow), in one
   * round trip to the shared store; refused when any of them is used up. Checked in order: an
   * allowance this process already saw used up refuses at once, counting none of the later ones.
   */
  async consumeAll(actions: readonly UserAction[], userId: string): Promise<RateDecision> {
    const now = this.now();
    this.sweepLocal(now);
    const entries: { key: string; resetAt: number; limit: number; seen: number }[] = [];
    const nextWindows: { key: string; resetAt: number }[] = [];
    for (const action of actions) {
      const { rule, resetAt, key, next } = this.windowOf(action, userId, now);
      if (next) nextWindows.push(next);
      const seen = this.local.get(key) ?? 0;
      if (seen >= rule.limit) {
        if (entries.length > 0) await this.count(entries);
        return { allowed: false, retryAfterMs: resetAt - now };
      }
      entries.push({ key, resetAt, limit: rule.limit, seen });
    }
    if (nextWindows.length > 0) this.store.prepare?.(nextWindows);
    const counts = await this.count(entries);
    const refused = entries.find((e, i) => counts[i]! > e.limit);
    return refused ? { allowed: false, retryAfterMs: refused.resetAt - now } : { allowed: true, retryAfterMs: 0 };
  }

  /** The action's rule, the end of its current fixed window, the counter key of that window, and the next window's when it is near. */
  private windowOf(action: UserAction, userId: string, now: number) {
    const rule = this.rules[action];
    return { rule, ...counterWindow(`${action}:${userId}`, rule.windowMs, now) };
  }

  private async count(entries: { key: string; resetAt: number; seen: number }[]): Promise<number[]> {
    for (const e of entries) {
      this.local.set(e.key, e.seen + 1);
      this.localWindowEnd = Math.max(this.localWindowEnd, e.resetAt);
    }
    const counts = await this.store.incrementMany(entries);
    // Other instances counted too: remember the shared count so the next refusal is local.
    entries.forEach((e, i) => {
      if (counts[i]! > e.seen + 1) this.local.set(e.key, counts[i]!);
    });
    return counts;
  }

  /** Forgets local counts of ended windows (all of them once the latest window is over). */
  private sweepLocal(now: number): void {
    if (now >= this.localWindowEnd || this.local.size > 50_000) this.local.clear();
  }

  async close(): Promise<void> {
    await this.store.close();
  }
}

/**
 * Express guard: refuses the signed-in user's request with 429 and the message the screens show
 * once they have used up `action`'s allowance. Signed-out requests pass (the route answers 401).
 */
export function limitPerUser(limiter: UserRateLimiter, action: UserAction | readonly UserAction[], message = RATE_LIMITED_MESSAGE): RequestHandler {
  const actions = typeof action === 'string' ? [action] : action;
  return (req, res, next) => {
    const userId = req.session?.userId;
    if (!userId) return next();
    limiter.consumeAll(actions, userId).then(
      (decision) => {
        if (decision.allowed) return next();
        res.setHeader('Retry-After', String(Math.max(1, Math.ceil(decision.retryAfterMs / 1000))));
        res.status(429).json({ success: false, message });
      },
      (err: unknown) => next(err),
    );
  };
}
