import { describe, expect, it, vi } from 'vitest';
import { InsuredRateCounterStore, type RateCounterStore } from './user-rate-limit';

/** A shared store the test breaks and mends. */
function flakyStore() {
  const counts = new Map<string, number>();
  let broken = false;
  const store: RateCounterStore = {
    async increment(key) {
      if (broken) throw new Error('store down');
      counts.set(key, (counts.get(key) ?? 0) + 1);
      return counts.get(key)!;
    },
    async incrementMany(entries) {
      if (broken) throw new Error('store down');
      return entries.map(({ key }) => {
        counts.set(key, (counts.get(key) ?? 0) + 1);
        return counts.get(key)!;
      });
    },
    async close() {},
  };
  return { store, break: () => (broken = true), mend: () => (broken = false) };
}

describe('InsuredRateCounterStore', () => {
  it('counts in the shared store, in this process while it fails, and in the shared store again once it answers', async () => {
    let now = 0;
    const shared = flakyStore();
    const counters = new InsuredRateCounterStore(shared.store, undefined, () => now);
    expect(await counters.increment('a', 1000)).toBe(1);
    shared.break();
    expect(await counters.increment('a', 1000)).toBe(1);
    expect(await counters.incrementMany([{ key: 'a', resetAt: 1000 }, { key: 'a', resetAt: 1000 }, { key: 'b', resetAt: 1000 }])).toEqual([2, 3, 1]);
    // A new window starts afresh here too.
    now = 1000;
    expect(await counters.increment('a', 2000)).toBe(1);
    shared.mend();
    expect(await counters.increment('a', 2000)).toBe(2);
  });

  it('counts here when the shared store neither answers nor fails in time', async () => {
    vi.useFakeTimers();
    try {
      const hanging: RateCounterStore = {
        increment: () => new Promise<number>(() => undefined),
        incrementMany: () => new Promise<number[]>(() => undefined),
        async close() {},
      };
      const counters = new InsuredRateCounterStore(hanging, undefined, () => 0, 500);
      const first = counters.increment('a', 1000);
      const many = counters.incrementMany([{ key: 'a', resetAt: 1000 }, { key: 'b', resetAt: 1000 }]);
      await vi.advanceTimersByTimeAsync(499);
      let settled = false;
      void first.then(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await first).toBe(1);
      expect(await many).toEqual([2, 1]);
    } finally {
      vi.useRealTimers();
    }
  });
});
