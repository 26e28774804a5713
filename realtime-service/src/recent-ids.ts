/**
 * A bounded memory of ids seen lately, in this process only: the command side may publish one
 * stored chat message twice (the request it was handling when its instance died is handled
 * again by the next one), and the sockets must see it once. Repeats come seconds apart, so a few
 * thousand ids for some minutes are plenty; the oldest go first when it is full.
 */
export class RecentIds {
  /** Id -> when it was recorded; a Map keeps insertion order, so the oldest come first. */
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly options: { capacity: number; ttlMs: number },
    private readonly now: () => number = Date.now,
  ) {}

  /** Records the id; answers whether it was not already recorded (within the TTL). */
  firstTime(id: string): boolean {
    const now = this.now();
    this.dropExpired(now);
    if (this.seen.has(id)) return false;
    this.seen.set(id, now);
    if (this.seen.size > this.options.capacity) this.seen.delete(this.seen.keys().next().value as string);
    return true;
  }

  /** Forgets the id, so its next occurrence counts as a first one. */
  forget(id: string): void {
    this.seen.delete(id);
  }

  get size(): number {
    return this.seen.size;
  }

  private dropExpired(now: number): void {
    for (const [id, at] of this.seen) {
      if (now - at < this.options.ttlMs) return;
      this.seen.delete(id);
    }
  }
}
