import { resilientRedisClient } from '@circuit/shared/adapters/redis/redis-client';
import type { Knex } from 'knex';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Logger } from '@circuit/shared/logger';
import { InsuredRateCounterStore, KnexRateCounterStore, RedisRateCounterStore, type RateCounterStore } from '@circuit/shared/http/user-rate-limit';
import { LeasedRateCounterStore, leasesByKind } from '@circuit/shared/http/leased-rate-counters';

/** The counters of every limiter live in this table (or in Redis), so all instances share them. */
export const LIMITS_TABLE = 'rate_limits';

export interface LimiterSpec {
  /** Names the counter family; part of every key. */
  name: string;
  points: number;
  durationMs: number;
}

/** Makes shared counters; `close` releases the Redis connection when there is one. */
export interface LimiterStore {
  limiter(spec: LimiterSpec): RateLimiterAbstract;
  /**
   * Plain fixed-window counters in the same place, for the counts taken on every write (the
   * client ceiling, the per-user limits), taken from the shared store a few at a time (see
   * countLeaseOf): most writes count without a round trip, and on Postgres the takes of requests
   * that arrive together share one statement.
   */
  counters: RateCounterStore;
  close(): Promise<void>;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * Counts of a kind taken from the shared store at once (LeasedRateCounterStore), by the first part
 * of the counter's key: the client ceiling (3,000 per window; an address whose requests outrun
 * the round trips, a campus behind one address, takes up to 80 at once) and the per-user allowances
 * of every write (300 a minute), social actions (60) and messages (30 per 10 s). Each stays a small
 * part of its limit, the most a user could be refused early per other instance; the small
 * allowances (comments, reports) count one at a time.
 */
const countLeaseOf = leasesByKind({ client: { units: 10, max: 80 }, writes: 10, follows: 3, messages: 3 });

/**
 * rate-limiter-flexible speaks to Postgres through a `query({ text, values })` client with `$n`
 * parameters; this one runs those statements through knex, so the same code works on Postgres
 * (with the test's schema) and on the embedded PGlite.
 */
function knexQueryClient(knex: Knex) {
  return {
    async query(q: { text: string; values?: unknown[] }) {
      const bindings: Record<string, unknown> = {};
      (q.values ?? []).forEach((v, i) => (bindings[`p${i + 1}`] = v));
      const sql = q.text.replace(/\$(\d+)/g, (_m, n: string) => `:p${n}`);
      const result = (await knex.raw(sql, bindings as Knex.ValueDict)) as { rows: unknown[]; rowCount?: number | null };
      // PGlite counts only changed rows; the library reads rowCount of a SELECT as "found".
      return { ...result, rowCount: Math.max(result.rowCount ?? 0, result.rows.length) };
    },
  };
}

async function ensureTable(knex: Knex): Promise<void> {
  // The library's own table shape (key, points, expire in epoch ms).
  await knex.raw(`CREATE TABLE IF NOT EXISTS ${LIMITS_TABLE} (key varchar(255) PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint)`).catch((error: unknown) => {
    // Two instances creating the table at once: the other one won.
    if ((error as { code?: string }).code !== '23505') throw error;
  });
}

/**
 * Counters in Redis when `redisUrl` is given, else in the database. A store that fails answers
 * from a per-process memory counter instead (the library's insurance limiter), so an outage of
 * the store neither locks everyone out nor lets everything through.
 */
export async function createLimiterStore(deps: ({ knex: Knex; redisUrl?: string } | { knex?: Knex; redisUrl: string }) & { log: Logger }): Promise<LimiterStore> {
  const insurance = (spec: LimiterSpec) => new RateLimiterMemory({ keyPrefix: spec.name, points: spec.points, duration: seconds(spec.durationMs) });

  if (deps.redisUrl) {
    const client = resilientRedisClient(deps.redisUrl, { name: 'rate limiters', log: deps.log, failFast: true });
    await client.connect();
    const counters = new LeasedRateCounterStore(new InsuredRateCounterStore(new RedisRateCounterStore(deps.redisUrl, deps.log), deps.log), countLeaseOf);
    return {
      counters,
      limiter: (spec) =>
        new RateLimiterRedis({
          storeClient: client,
          useRedisPackage: true,
          keyPrefix: `circuit:limit:${spec.name}`,
          points: spec.points,
          duration: seconds(spec.durationMs),
          insuranceLimiter: insurance(spec),
        }),
      async close() {
        await client.quit().catch(() => undefined);
        await counters.close();
      },
    };
  }

  if (!deps.knex) throw new Error('The rate limit store needs a database or REDIS_URL');
  await ensureTable(deps.knex);
  const storeClient = knexQueryClient(deps.knex);
  const limiters: RateLimiterPostgres[] = [];
  const counters = new LeasedRateCounterStore(new InsuredRateCounterStore(new KnexRateCounterStore(deps.knex), deps.log), countLeaseOf);
  return {
    counters,
    limiter(spec) {
      const limiter = new RateLimiterPostgres({
        storeClient,
        storeType: 'client',
        tableName: LIMITS_TABLE,
        tableCreated: true,
        // One sweep per process is enough; see close().
        clearExpiredByTimeout: limiters.length === 0,
        keyPrefix: spec.name,
        points: spec.points,
        duration: seconds(spec.durationMs),
        insuranceLimiter: insurance(spec),
      });
      limiters.push(limiter);
      return limiter;
    },
    async close() {
      for (const limiter of limiters) {
        const timer = (limiter as unknown as { _clearExpiredTimeoutId?: NodeJS.Timeout })._clearExpiredTimeoutId;
        if (timer) clearTimeout(timer);
      }
      await counters.close();
    },
  };
}
