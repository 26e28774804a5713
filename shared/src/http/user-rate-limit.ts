import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import { createClient } from 'redis';
import { migrate } from '../db/migrations';

/**
 * Per-user limits on writes and socket events (DESIGN section 6: one user cannot slow the others).
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
  close(): Promise<void>;
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

/** Counters in a Postgres table (one row per user, action and window; old windows swept). */
export class KnexRateCounterStore implements RateCounterStore {
  private readonly ready: Promise<void>;
  private lastSweep = Date.now();

  constructor(private readonly knex: Knex) {
    this.ready = countersTable(knex);
  }

  async increment(key: string, resetAt: number): Promise<number> {
    await this.ready;
    const [row] = await this.knex(TABLE)
      .insert({ key, count: 1, reset_at: new Date(resetAt) })
      .onConflict('key')
      .merge({ count: this.knex.raw(`${TABLE}.count + 1`) })
      .returning<{ count: number }[]>('count');
    if (Date.now() - this.lastSweep > 60_000) {
      this.lastSweep = Date.now();
      void this.knex(TABLE).where('reset_at', '<', new Date()).del().catch(() => undefined);
    }
    return Number(row?.count ?? 1);
  }

  async close(): Promise<void> {}
}

/** Counters in Redis: INCR and an expiry at the window's end. */
export class RedisRateCounterStore implements RateCounterStore {
  private readonly client: ReturnType<typeof createClient>;
  private readonly connected: Promise<unknown>;

  constructor(url: string) {
    this.client = createClient({ url });
    this.connected = this.client.connect();
    this.connected.catch(() => undefined);
  }

  async increment(key: string, resetAt: number): Promise<number> {
    await this.connected;
    const [count] = await this.client.multi().incr(`rate:${key}`).pExpireAt(`rate:${key}`, resetAt).exec();
    return Number(count);
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

export function selectRateCounterStore(knex: Knex, redisUrl?: string): RateCounterStore {
  return redisUrl ? new RedisRateCounterStore(redisUrl) : new KnexRateCounterStore(knex);
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

  async consume(action: UserAction, userId: string): Promise<RateDecision> {
    const rule = this.rules[action];
    const now = this.now();
    const windowStart = Math.floor(now / rule.windowMs) * rule.windowMs;
    const resetAt = windowStart + rule.windowMs;
    const key = `${action}:${userId}:${windowStart}`;
    this.sweepLocal(now);
    const seen = this.local.get(key) ?? 0;
    if (seen >= rule.limit) return { allowed: false, retryAfterMs: resetAt - now };
    this.local.set(key, seen + 1);
    this.localWindowEnd = Math.max(this.localWindowEnd, resetAt);
    const count = await this.store.increment(key, resetAt);
    // Other instances counted too: remember the shared count so the next refusal is local.
    if (count > seen + 1) this.local.set(key, count);
    return count > rule.limit ? { allowed: false, retryAfterMs: resetAt - now } : { allowed: true, retryAfterMs: 0 };
  }

  /** Forgets local counts of ended windows (all of them once the latest window is over). */
  private sweepLocal(now: number): void {
    if (this.local.size > 0 && now >= this.localWindowEnd) this.local.clear();
    if (this.local.size > 50_000) this.local.clear();
  }

  async close(): Promise<void> {
    await this.store.close();
  }
}

/**
 * Express guard: refuses the signed-in user's request with 429 and the message the screens show
 * once they have used up `action`'s allowance. Signed-out requests pass (the route answers 401).
 */
export function limitPerUser(limiter: UserRateLimiter, action: UserAction, message = RATE_LIMITED_MESSAGE): RequestHandler {
  return (req, res, next) => {
    const userId = req.session?.userId;
    if (!userId) return next();
    limiter.consume(action, userId).then(
      (decision) => {
        if (decision.allowed) return next();
        res.setHeader('Retry-After', String(Math.max(1, Math.ceil(decision.retryAfterMs / 1000))));
        res.status(429).json({ success: false, message });
      },
      (err: unknown) => next(err),
    );
  };
}
