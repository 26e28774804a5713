import { describe, expect, it } from 'vitest';
import { countingRateStore } from '../testkit/counting-rate-store';
import { DEFAULT_USER_RATE_RULES, UserRateLimiter, type RateCounterStore } from './user-rate-limit';
import { LeasedRateCounterStore } from './leased-rate-counters';

describe('per-user limits of a request that counts against several allowances', () => {
  const rules = { ...DEFAULT_USER_RATE_RULES, writes: { limit: 5, windowMs: 60_000 }, follows: { limit: 3, windowMs: 60_000 } };
  const at = 1_800_000_000_000;

  it('counts them all in one round trip, and refuses once any of them is used up', async () => {
    const store = countingRateStore();
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
    const store = countingRateStore();
    const limiter = new UserRateLimiter(store, rules, () => at);
    for (let i = 0; i < 3; i++) await limiter.consumeAll(['writes', 'follows'], 'u2');
    const trips = store.trips;
    const refused = await limiter.consumeAll(['follows'], 'u2');
    expect(refused).toEqual({ allowed: false, retryAfterMs: 60_000 - (at % 60_000) });
    expect(store.trips).toBe(trips);
  });
});

describe('an allowance counted over counts taken from the shared store a few at a time', () => {
  const leased = (store: RateCounterStore) => new LeasedRateCounterStore(store, () => ({ units: 3 }));
  const rules = { ...DEFAULT_USER_RATE_RULES, messages: { limit: 7, windowMs: 10_000 } };
  const at = 1_800_000_000_000;

  it('allows exactly the limit on one instance, with a round trip per units taken', async () => {
    const store = countingRateStore();
    const limiter = new UserRateLimiter(leased(store), rules, () => at);
    const decisions = [];
    for (let i = 0; i < 9; i++) decisions.push((await limiter.consume('messages', 'u1')).allowed);
    expect(decisions).toEqual([true, true, true, true, true, true, true, false, false]);
    // 3 + 3 + 3 counts taken; the eighth is refused from the last three, the ninth by this process's own count.
    expect(store.trips).toBe(3);
  });

  it('never allows more than the limit over two instances sharing the count', async () => {
    const store = countingRateStore();
    const a = new UserRateLimiter(leased(store), rules, () => at);
    const b = new UserRateLimiter(leased(store), rules, () => at);
    let allowed = 0;
    for (let i = 0; i < 10; i++) {
      if ((await a.consume('messages', 'u2')).allowed) allowed++;
      if ((await b.consume('messages', 'u2')).allowed) allowed++;
    }
    expect(allowed).toBe(7);
  });

  it('attempts that come together while units are being taken wait for them instead of taking more', async () => {
    const store = countingRateStore();
    const limiter = new UserRateLimiter(leased(store), rules, () => at);
    const decisions = await Promise.all(Array.from({ length: 3 }, () => limiter.consume('messages', 'u3')));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true]);
    // One take for the three, and the next units taken ahead once they were handed out.
    expect(store.trips).toBe(2);
    expect(store.total(`messages:u3:${at}`)).toBe(6);
  });

  it('takes the next window’s units shortly before it begins, so its first attempt waits for no round trip', async () => {
    const store = countingRateStore();
    const windowStart = at - (at % 10_000);
    let now = windowStart + 1000;
    const limiter = new UserRateLimiter(leased(store), rules, () => now);
    await limiter.consume('messages', 'u5');
    expect(store.total(`messages:u5:${windowStart + 10_000}`)).toBe(0);
    // Within a fifth of the window of its end: the next window's counts are taken with this attempt.
    now = windowStart + 8500;
    await limiter.consume('messages', 'u5');
    await new Promise((r) => setTimeout(r, 0));
    expect(store.total(`messages:u5:${windowStart + 10_000}`)).toBe(3);
    const trips = store.trips;
    now = windowStart + 10_100;
    expect((await limiter.consume('messages', 'u5')).allowed).toBe(true);
    expect(store.trips).toBe(trips);
  });

  it('units left over from a window are not used in the next', async () => {
    const store = countingRateStore();
    let now = at - (at % 10_000);
    const limiter = new UserRateLimiter(leased(store), rules, () => now);
    await limiter.consume('messages', 'u4');
    now += 10_000;
    await limiter.consume('messages', 'u4');
    expect(store.trips).toBe(2);
  });
});
