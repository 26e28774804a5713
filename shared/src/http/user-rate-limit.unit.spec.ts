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

describe('an allowance taken from the shared count a few units at a time', () => {
  const rules = { ...DEFAULT_USER_RATE_RULES, messages: { limit: 7, windowMs: 10_000 } };
  const at = 1_800_000_000_000;

  it('allows exactly the limit on one instance, with a round trip per units taken', async () => {
    const store = countingStore();
    const limiter = new UserRateLimiter(store, rules, () => at, { leases: { messages: 3 } });
    const decisions = [];
    for (let i = 0; i < 9; i++) decisions.push((await limiter.consume('messages', 'u1')).allowed);
    expect(decisions).toEqual([true, true, true, true, true, true, true, false, false]);
    // 3 + 3 + 1 units taken; the refusals come from this process's own count.
    expect(store.trips).toBe(3);
  });

  it('never allows more than the limit over two instances sharing the count', async () => {
    const store = countingStore();
    const a = new UserRateLimiter(store, rules, () => at, { leases: { messages: 3 } });
    const b = new UserRateLimiter(store, rules, () => at, { leases: { messages: 3 } });
    let allowed = 0;
    for (let i = 0; i < 10; i++) {
      if ((await a.consume('messages', 'u2')).allowed) allowed++;
      if ((await b.consume('messages', 'u2')).allowed) allowed++;
    }
    expect(allowed).toBe(7);
  });

  it('attempts that come together while units are being taken wait for them instead of taking more', async () => {
    const store = countingStore();
    const limiter = new UserRateLimiter(store, rules, () => at, { leases: { messages: 3 } });
    const decisions = await Promise.all(Array.from({ length: 3 }, () => limiter.consume('messages', 'u3')));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true]);
    expect(store.trips).toBe(1);
  });

  it('units left over from a window are not used in the next', async () => {
    const store = countingStore();
    let now = at - (at % 10_000);
    const limiter = new UserRateLimiter(store, rules, () => now, { leases: { messages: 3 } });
    await limiter.consume('messages', 'u4');
    now += 10_000;
    await limiter.consume('messages', 'u4');
    expect(store.trips).toBe(2);
  });
});
