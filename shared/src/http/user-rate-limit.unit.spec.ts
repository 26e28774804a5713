import { describe, expect, it } from 'vitest';
import { DEFAULT_USER_RATE_RULES, UserRateLimiter, type RateCounterStore } from './user-rate-limit';

/** A shared store in memory that counts its round trips. */
function countingStore() {
  const counts = new Map<string, number>();
  const store: RateCounterStore & { trips: number } = {
    trips: 0,
    async increment(key) {
      return (await this.incrementMany([{ key, resetAt: 0 }]))[0]!;
    },
    async incrementMany(entries) {
      store.trips++;
      return entries.map(({ key }) => {
        counts.set(key, (counts.get(key) ?? 0) + 1);
        return counts.get(key)!;
      });
    },
    async close() {},
  };
  return store;
}

describe('per-user limits of a request that counts against several allowances', () => {
  const rules = { ...DEFAULT_USER_RATE_RULES, writes: { limit: 5, windowMs: 60_000 }, follows: { limit: 3, windowMs: 60_000 } };
  const at = 1_800_000_000_000;

  it('counts them all in one round trip, and refuses once any of them is used up', async () => {
    const store = countingStore();
    const limiter = new UserRateLimiter(store, rules, () => at);
    const decisions = [];
    for (let i = 0; i < 4; i++) decisions.push((await limiter.consumeAll(['writes', 'follows'], 'u1')).allowed);
    expect(decisions).toEqual([true, true, true, false]);
    expect(store.trips).toBe(4);
    // The fourth follow was refused, but it was a write all the same: one write is left.
    expect((await limiter.consume('writes', 'u1')).allowed).toBe(true);
    expect((await limiter.consume('writes', 'u1')).allowed).toBe(false);
  });

  it('an allowance this process saw used up refuses without a round trip', async () => {
    const store = countingStore();
    const limiter = new UserRateLimiter(store, rules, () => at);
    for (let i = 0; i < 3; i++) await limiter.consumeAll(['writes', 'follows'], 'u2');
    const trips = store.trips;
    const refused = await limiter.consumeAll(['follows'], 'u2');
    expect(refused).toEqual({ allowed: false, retryAfterMs: 60_000 - (at % 60_000) });
    expect(store.trips).toBe(trips);
  });
});
