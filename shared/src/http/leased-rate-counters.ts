import type { RateCounterStore } from './user-rate-limit';

/**
 * `unitsFor` from a table of units per kind of counter, the kind being the part of the key before
 * its first ':' (`client:<address>:<window>`, `<action>:<user>:<window>`); kinds not named count one
 * at a time.
 */
export function unitsByKind(units: Readonly<Record<string, number>>): (key: string) => number {
  return (key) => units[key.slice(0, key.indexOf(':'))] ?? 1;
}

/** One counter key as this process sees it: the counts it holds, and the counts asked for and not answered yet. */
interface KeyState {
  key: string;
  resetAt: number;
  /** Counts taken from the shared store and not handed out yet: next..last (none when next > last). */
  next: number;
  last: number;
  waiting: { resolve(count: number): void; reject(error: unknown): void }[];
  taking: boolean;
}

/**
 * Counts taken from the shared store a few at a time: a key's first count adds `unitsFor(key)` to
 * the shared count at once, and the counts in between are this process's to hand out, in order,
 * without a round trip. Counts asked for while a take is on its way wait for it, and the next take
 * is sized for all of them (plus the units to hold), so a hot key (every request of one client
 * address) costs a round trip per burst, not one per request. A key that used up what it held
 * takes its next units at once, before anyone asks: a user who posts once a second, or the
 * client address of every request, would otherwise make one request in every few wait for a
 * round trip behind the others' statements (the longest wait of a community post under load).
 * Kinds counted one at a time take nothing ahead. Every count handed out is a count of
 * the shared store (no two instances hand out the same one), so a limit compared with it holds
 * across instances: together they never allow more than the limit. What a process took and did not
 * use still counts for others, so a user whose requests go to several instances may be refused up
 * to `units` per other instance (what it holds or took ahead) before the limit: units stay small
 * beside their limits.
 */
export class LeasedRateCounterStore implements RateCounterStore {
  private readonly keys = new Map<string, KeyState>();
  private lastSweep = 0;

  constructor(
    private readonly shared: RateCounterStore,
    /** Counts to take at once for a key (1: a round trip per count, as without this store). */
    private readonly unitsFor: (key: string) => number,
    private readonly now: () => number = Date.now,
  ) {}

  async increment(key: string, resetAt: number): Promise<number> {
    return (await this.incrementMany([{ key, resetAt }]))[0]!;
  }

  incrementMany(entries: readonly { key: string; resetAt: number }[]): Promise<number[]> {
    const answers: Promise<number>[] = [];
    const toTake: KeyState[] = [];
    for (const { key, resetAt } of entries) {
      const state = this.stateOf(key, resetAt);
      if (state.waiting.length === 0 && state.next <= state.last) {
        answers.push(Promise.resolve(state.next++));
        // It handed out the last it held: the next units, ahead of the next request.
        if (state.next > state.last && this.unitsOf(state) > 1 && !state.taking && !toTake.includes(state)) toTake.push(state);
        continue;
      }
      answers.push(new Promise<number>((resolve, reject) => state.waiting.push({ resolve, reject })));
      if (!state.taking && !toTake.includes(state)) toTake.push(state);
    }
    // The keys of one call that need counts take them in one round trip.
    if (toTake.length > 0) this.take(toTake);
    return Promise.all(answers);
  }

  private stateOf(key: string, resetAt: number): KeyState {
    let state = this.keys.get(key);
    if (!state) {
      if (this.keys.size >= 10_000 && this.now() - this.lastSweep >= 1000) this.sweep();
      state = { key, resetAt, next: 1, last: 0, waiting: [], taking: false };
      this.keys.set(key, state);
    }
    return state;
  }

  private unitsOf(state: KeyState): number {
    return Math.max(1, Math.floor(this.unitsFor(state.key)));
  }

  /**
   * Takes, for each key, the counts its waiting callers need and the units to hold (the units
   * alone when nobody waits yet), in one round trip.
   */
  private take(states: KeyState[]): void {
    const units = states.map((s) => Math.max(1, s.waiting.length) + this.unitsOf(s) - 1);
    const asked = states.flatMap((s, i) => Array.from({ length: units[i]! }, () => ({ key: s.key, resetAt: s.resetAt })));
    for (const s of states) s.taking = true;
    this.shared.incrementMany(asked).then(
      (counts) => {
        let at = 0;
        const again: KeyState[] = [];
        states.forEach((s, i) => {
          const mine = counts.slice(at, (at += units[i]!));
          s.next = mine[0]!;
          s.last = mine.at(-1)!;
          s.taking = false;
          while (s.waiting.length > 0 && s.next <= s.last) s.waiting.shift()!.resolve(s.next++);
          // More came while this take was on its way than it took for.
          if (s.waiting.length > 0) again.push(s);
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
