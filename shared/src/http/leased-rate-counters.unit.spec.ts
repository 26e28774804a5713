import { describe, expect, it } from 'vitest';
import { countingRateStore } from '../testkit/counting-rate-store';
import { LeasedRateCounterStore, leasesByKind } from './leased-rate-counters';
import type { RateCounterStore } from './user-rate-limit';

describe('counts taken from the shared store a few at a time', () => {
  it('hands out every count in order, with a round trip per units taken', async () => {
    const shared = countingRateStore();
    const leased = new LeasedRateCounterStore(shared, () => ({ units: 5 }));
    const counts = [];
    for (let i = 0; i < 12; i++) counts.push(await leased.increment('k', 60_000));
    expect(counts).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(shared.trips).toBe(3);
  });

  it('gives simultaneous counts of one key distinct counts in order; those that wait for a take are answered by the next, one for all', async () => {
    const shared = countingRateStore(5);
    const leased = new LeasedRateCounterStore(shared, () => ({ units: 4 }));
    const counts = await Promise.all(Array.from({ length: 30 }, () => leased.increment('k', 60_000)));
    expect(counts).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    // The first takes 4; the 29 that came meanwhile take 26 more (the 3 it held answer 3 of them) and 3 to hold.
    expect(shared.trips).toBe(2);
    expect(shared.total('k')).toBe(33);
    expect(await leased.increment('k', 60_000)).toBe(31);
    expect(shared.trips).toBe(2);
  });

  it('takes a key’s next units once it holds less than half of them, so the next count waits for no round trip', async () => {
    const shared = countingRateStore(20);
    const leased = new LeasedRateCounterStore(shared, leasesByKind({ writes: 3 }));
    expect(await leased.increment('writes:u', 60_000)).toBe(1);
    expect(shared.trips).toBe(1);
    expect(await leased.increment('writes:u', 60_000)).toBe(2);
    // It holds one of three: the next three are asked for with the second count's answer.
    expect(shared.trips).toBe(2);
    // That take (20 ms) is back before the next counts are asked for, which it answers.
    await new Promise((r) => setTimeout(r, 40));
    expect(await leased.increment('writes:u', 60_000)).toBe(3);
    expect(await leased.increment('writes:u', 60_000)).toBe(4);
    expect(shared.trips).toBe(2);
    expect(shared.total('writes:u')).toBe(6);
  });

  it('a key whose counts outrun its take-ahead takes more at a time, up to its max', async () => {
    const shared = countingRateStore(10);
    const sizes: number[] = [];
    const recording: RateCounterStore = { ...shared, incrementMany: (entries) => (sizes.push(entries.length), shared.incrementMany(entries)) };
    const leased = new LeasedRateCounterStore(recording, leasesByKind({ client: { units: 2, max: 8 } }));
    // A count every 2 ms: five of them in each 10 ms round trip.
    const counts: Promise<number>[] = [];
    for (let i = 0; i < 100; i++) {
      counts.push(leased.increment('client:a', 60_000));
      await new Promise((r) => setTimeout(r, 2));
    }
    expect(await Promise.all(counts)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    // The takes grew from 2 (the first, for one waiting count) to the max of 8 held ahead.
    expect(sizes[0]).toBe(2);
    expect(Math.max(...sizes)).toBeGreaterThanOrEqual(8);
    // Once grown, a take holds no more than the max beyond the counts waiting for it.
    expect(sizes.at(-1)).toBeLessThanOrEqual(8 + 5);
    expect(sizes.length).toBeLessThan(100 / 4);
  });

  it('prepares a key about to be counted (the next window’s): its first count waits for no round trip', async () => {
    const shared = countingRateStore();
    const leased = new LeasedRateCounterStore(shared, leasesByKind({ writes: 5 }));
    leased.prepare([{ key: 'writes:u:2', resetAt: 3 }, { key: 'reports:u:2', resetAt: 3 }]);
    // Counted one at a time, reports take nothing ahead; writes take their units.
    expect(shared.trips).toBe(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(shared.total('writes:u:2')).toBe(5);
    expect(shared.total('reports:u:2')).toBe(0);
    expect(await leased.increment('writes:u:2', 3)).toBe(1);
    expect(shared.trips).toBe(1);
    // A key held already is not taken again.
    leased.prepare([{ key: 'writes:u:2', resetAt: 3 }]);
    expect(shared.trips).toBe(1);
  });

  it('takes the units of several keys of one call in one round trip, each its own size', async () => {
    const shared = countingRateStore();
    const leased = new LeasedRateCounterStore(shared, leasesByKind({ writes: 5 }));
    expect(await leased.incrementMany([{ key: 'writes:u', resetAt: 1 }, { key: 'reports:u', resetAt: 1 }])).toEqual([1, 1]);
    expect(shared.trips).toBe(1);
    expect(shared.total('writes:u')).toBe(5);
    expect(await leased.incrementMany([{ key: 'writes:u', resetAt: 1 }, { key: 'reports:u', resetAt: 1 }])).toEqual([2, 2]);
    expect(shared.trips).toBe(2);
  });

  it('reads the kind of a counter from its key, an IPv6 client address included', () => {
    const leases = leasesByKind({ client: { units: 10, max: 80 }, writes: 5 });
    expect([leases('client:::1:1800000000000'), leases('writes:u1:1800000000000'), leases('reports:u1:1800000000000')]).toEqual([{ units: 10, max: 80 }, { units: 5 }, { units: 1 }]);
  });

  it('fails a count whose take fails, and takes again on the next', async () => {
    const shared = countingRateStore();
    let failing = true;
    const flaky: RateCounterStore = { ...shared, incrementMany: (entries) => (failing ? Promise.reject(new Error('down')) : shared.incrementMany(entries)) };
    const leased = new LeasedRateCounterStore(flaky, () => ({ units: 3 }));
    await expect(leased.increment('k', 1)).rejects.toThrow('down');
    failing = false;
    expect(await leased.increment('k', 1)).toBe(1);
  });

  it('forgets the counts it held for windows that ended, once it holds many keys', async () => {
    const shared = countingRateStore();
    let now = 0;
    const leased = new LeasedRateCounterStore(shared, () => ({ units: 2 }), () => now);
    await leased.increment('old', 1000);
    for (let i = 0; i < 10_000; i++) await leased.increment(`k${i}`, 1000);
    const trips = shared.trips;
    now = 2000;
    await leased.increment('new', 3000);
    // 'old' held a second count; its window is over, so it was forgotten and is taken again.
    await leased.increment('old', 1000);
    expect(shared.trips).toBe(trips + 2);
  });
});
