import type { RateCounterStore } from '../http/user-rate-limit';

/** A shared rate counter store in memory that counts its round trips; each may take `delayMs`, like a real one. */
export function countingRateStore(delayMs = 0) {
  const counts = new Map<string, number>();
  const store: RateCounterStore & { trips: number; total(key: string): number } = {
    trips: 0,
    total: (key) => counts.get(key) ?? 0,
    async increment(key, resetAt) {
      return (await store.incrementMany([{ key, resetAt }]))[0]!;
    },
    async incrementMany(entries) {
      store.trips++;
      if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
      return entries.map(({ key }) => {
        counts.set(key, (counts.get(key) ?? 0) + 1);
        return counts.get(key)!;
      });
    },
    async close() {},
  };
  return store;
}
