/**
 * An immutable string-keyed map whose `set` copies a few small arrays instead of the whole map.
 *
 * Deciders' states are values (`evolve` returns a new state and never changes the one it is
 * given; the folded-state cache relies on it), so a state holding one entry per item of a
 * long-lived stream, copied on every event, costs O(n) per event and O(n^2) to fold the stream:
 * 10,000 notifications of one organiser took seconds of CPU. Here the entries sit in buckets at the
 * leaves of a fixed two-level trie of 64 x 64 slots chosen by the key's hash; a `set` copies the
 * path (two arrays of 64) and one bucket (about n / 4096 entries).
 */
const FAN_OUT = 64;
const MASK = FAN_OUT - 1;

type Bucket<V> = ReadonlyArray<readonly [string, V]>;
type Level<V> = ReadonlyArray<Bucket<V> | undefined>;
type Root<V> = ReadonlyArray<Level<V> | undefined>;

/** FNV-1a: cheap and spreads short ids (uuids, ulids) evenly. */
function hash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export class PersistentMap<V> {
  private constructor(
    private readonly root: Root<V>,
    readonly size: number,
  ) {}

  static empty<V>(): PersistentMap<V> {
    return new PersistentMap<V>([], 0);
  }

  static from<V>(entries: Iterable<readonly [string, V]>): PersistentMap<V> {
    let map = PersistentMap.empty<V>();
    for (const [key, value] of entries) map = map.set(key, value);
    return map;
  }

  get(key: string): V | undefined {
    const h = hash(key);
    const bucket = this.root[h & MASK]?.[(h >>> 6) & MASK];
    return bucket?.find((entry) => entry[0] === key)?.[1];
  }

  has(key: string): boolean {
    const h = hash(key);
    return this.root[h & MASK]?.[(h >>> 6) & MASK]?.some((entry) => entry[0] === key) ?? false;
  }

  set(key: string, value: V): PersistentMap<V> {
    const h = hash(key);
    const [i, j] = [h & MASK, (h >>> 6) & MASK];
    const level = this.root[i] ?? [];
    const bucket = level[j] ?? [];
    const at = bucket.findIndex((entry) => entry[0] === key);
    const nextBucket = at < 0 ? [...bucket, [key, value] as const] : bucket.map((entry, k) => (k === at ? ([key, value] as const) : entry));
    const nextLevel = [...level];
    nextLevel[j] = nextBucket;
    const nextRoot = [...this.root];
    nextRoot[i] = nextLevel;
    return new PersistentMap(nextRoot, at < 0 ? this.size + 1 : this.size);
  }

  *entries(): IterableIterator<readonly [string, V]> {
    for (const level of this.root) for (const bucket of level ?? []) yield* bucket ?? [];
  }

  *values(): IterableIterator<V> {
    for (const [, value] of this.entries()) yield value;
  }
}
