import type { ReadModelProgress } from './progress';

/**
 * `read`, with each answer kept per key beside the version of the read models it came from
 * (`from`, projections or facets) and given again while that version stands: the same answer a
 * new read would give, without its round trip. Only where the process knows the version without a
 * read (`versions.localVersionOf`: the embedded mode, whose runner is the only one); elsewhere every
 * call reads. The version is taken before the read, so a kept answer is never labelled newer than
 * it is. At most `remembered` answers are kept; the process starts over when that many are.
 * Answers `keeps` refuses (an unknown hackathon, say) are read again each time.
 */
export function keptWhileUnchanged<A, V>(
  read: (args: A) => Promise<V>,
  options: {
    versions: Pick<ReadModelProgress, 'localVersionOf'> | undefined;
    from: readonly string[];
    keyOf: (args: A) => string;
    remembered: number;
    keeps?: (value: V) => boolean;
  },
): (args: A) => Promise<V> {
  const kept = new Map<string, { version: string; value: V }>();
  return async (args) => {
    const version = options.versions?.localVersionOf(options.from);
    if (version === undefined) return read(args);
    const key = options.keyOf(args);
    const known = kept.get(key);
    if (known?.version === version) return known.value;
    const value = await read(args);
    if (options.keeps && !options.keeps(value)) return value;
    if (kept.size >= options.remembered) kept.clear();
    kept.set(key, { version, value });
    return value;
  };
}
