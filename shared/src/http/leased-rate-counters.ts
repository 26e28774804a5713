import type { RateCounterStore } from './user-rate-limit';

/** How many counts of a key to take at once, and how far a key that cannot keep up may grow that. */
export interface Lease {
  units: number;
  /** At most this many at once (a busy key doubles its units while requests still wait for its takes); `units` when not given. */
  max?: number;
}

/**
 * `leaseOf` from a table of leases per kind of counter, the kind being the part of the key before
 * its first ':' (`client:<address>:<window>`, `<action>:<user>:<window>`); kinds not named count one
 * at a time.
 */
export function leasesByKind(leases: Readonly<Record<string, number | Lease>>): (key: string) => Lease {
  return (key) => {
    const lease = leases[key.slice(0, key.indexOf(':'))] ?? 1;
    return typeof lease === 'number' ? { units: lease } : lease;
  };
}

/** One counter key as this process sees it: the counts it holds, and the counts asked for and not answered yet. */
interface KeyState {
  key: string;
  resetAt: number;
  /** Counts taken from the shared store and not handed out yet, as ranges in order (two takes need not be adjacent). */
  held: { next: number; last: number }[];
  waiting: { resolve(count: number): void; reject(error: unknown): void }[];
  taking: boolean;
  /** The units this key takes ahead (grows from the lease's units up to its max while counts wait). */
  units: number;
  max: number;
  /** A count had to wait while a take was on its way: the key's counts outrun its takes. */
  outran: boolean;
}

const heldCount = (s: KeyState) => s.held.reduce((n, r) => n + r.last - r.next + 1, 0);

/**
 * Counts taken from the shared store a few at a time: a key's first count adds its lease's units
 * to the shared count at once, and the counts in between are this process's to hand out, in order,
 * without a round trip. Counts asked for while a take is on its way wait for it, and the next take
 * is sized for all of them (plus the units to hold), so a hot key (every request of one client
 * address) costs a round trip per burst, not one per request. A key takes its next units once it
 * holds less than half of them, before anyone has to wait: a user who posts once a second, or the
 * client address of every request, would otherwise make one request in every few wait for a
 * round trip behind the others' statements (the longest wait of a community post under load). A key
 * whose counts still had to wait (a client address whose requests outrun a round trip) doubles
 * the units it takes, up to its lease's max. Kinds counted one at a time take nothing ahead.
 *
 * Every count handed out is a count of the shared store (no two instances hand out the same one),
 * so a limit compared with it holds across instances: together they never allow more than the
 * limit. What a process took and did not use still counts for others, so a user whose requests go
 * to several instances may be refused up to the units held per other instance before the limit:
 * leases stay small beside their limits.
 */
export class LeasedRateCounterStore implements RateCounterStore {
  private readonly keys = new Map<string, KeyState>();
  private lastSweep = 0;

  constructor(
    private readonly shared: RateCounterStore,
    /** Counts to take at once for a key (units 1: a round trip per count, as without this store). */
    private readonly leaseOf: (key: string) => Lease,
    private readonly now: () => number = Date.now,
  ) {}

  async increment(key: string, resetAt: number): Promise<number> {
    return (await this.incrementMany([{ key, resetAt }]))[0]!;
  }

  incrementMany(entries: readonly { key: string; resetAt: number }[]): Promise<number[]> {
    const answers: Promise<number>[] = [];
    const toTake = new Set<KeyState>();
    for (const { key, resetAt } of entries) {
      const state = this.stateOf(key, resetAt);
      if (state.waiting.length === 0 && state.held.length > 0) {
        answers.push(Promise.resolve(this.handOut(state)));
        if (this.runsLow(state)) toTake.add(state);
        continue;
      }
      if (state.taking) state.outran = true;
      answers.push(new Promise<number>((resolve, reject) => state.waiting.push({ resolve, reject })));
      if (!state.taking) toTake.add(state);
    }
    // The keys of one call that need counts take them in one round trip.
    if (toTake.size > 0) this.take([...toTake]);
    return Promise.all(answers);
  }

  /**
   * Takes a lease for keys about to be counted (the next window's, shortly before it begins), so
   * the first count of the window waits for no round trip. Keys counted one at a time, and keys
   * already held or being taken, are left alone.
   */
  prepare(entries: readonly { key: string; resetAt: number }[]): void {
    const toTake = entries.map(({ key, resetAt }) => this.stateOf(key, resetAt)).filter((s) => s.units > 1 && !s.taking && s.held.length === 0);
    if (toTake.length > 0) this.take(toTake);
  }

  private handOut(state: KeyState): number {
    const range = state.held[0]!;
    const count = range.next++;
    if (range.next > range.last) state.held.shift();
    return count;
  }

  /** Whether a leased key holds less than half its units, with no take on its way. */
  private runsLow(state: KeyState): boolean {
    return state.units > 1 && !state.taking && heldCount(state) * 2 < state.units;
  }

  private stateOf(key: string, resetAt: number): KeyState {
    let state = this.keys.get(key);
    if (!state) {
      if (this.keys.size >= 10_000 && this.now() - this.lastSweep >= 1000) this.sweep();
      const lease = this.leaseOf(key);
      const units = Math.max(1, Math.floor(lease.units));
      state = { key, resetAt, held: [], waiting: [], taking: false, units, max: Math.max(units, Math.floor(lease.max ?? units)), outran: false };
      this.keys.set(key, state);
    }
    return state;
  }

  /**
   * Takes, for each key, the counts its waiting callers need and the units to hold (the units
   * alone when nobody waits yet), in one round trip.
   */
  private take(states: KeyState[]): void {
    const units = states.map((s) => Math.max(1, s.waiting.length) + s.units - 1);
    const asked = states.flatMap((s, i) => Array.from({ length: units[i]! }, () => ({ key: s.key, resetAt: s.resetAt })));
    for (const s of states) s.taking = true;
    this.shared.incrementMany(asked).then(
      (counts) => {
        let at = 0;
        const again: KeyState[] = [];
        states.forEach((s, i) => {
          // One take's counts of a key follow each other (the store counts a call's entries in order).
          const mine = counts.slice(at, (at += units[i]!));
          s.held.push({ next: mine[0]!, last: mine.at(-1)! });
          s.taking = false;
          // Counts waited for this take: the key takes twice as many from now on (up to its max).
          if (s.outran) s.units = Math.min(s.max, s.units * 2);
          s.outran = false;
          while (s.waiting.length > 0 && s.held.length > 0) s.waiting.shift()!.resolve(this.handOut(s));
          // More came while this take was on its way than it took for, or what is left runs low already.
          if (s.waiting.length > 0 || this.runsLow(s)) again.push(s);
        });
        if (again.length > 0) this.take(again);
      },
      (error: unknown) => {
        for (const s of states) {
          s.taking = false;
          for (const w of s.waiting.splice(0)) w.reject(error);
        }
      },
    );
  }

  /** Forgets keys of windows that ended (their keys name a window that is over) with nothing under way; at most once a second. */
  private sweep(): void {
    const now = this.now();
    this.lastSweep = now;
    for (const [key, s] of this.keys) if (s.resetAt <= now && !s.taking && s.waiting.length === 0) this.keys.delete(key);
  }

  close(): Promise<void> {
    return this.shared.close();
  }
}
