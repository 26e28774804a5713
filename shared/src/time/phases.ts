/**
 * How long each phase of a start took, in ms, logged once the server listens: a slow start says where its
 * time went (opening the database, migrations, the projections catching up, the seed) without a profiler.
 */
export function startPhases(clock: () => number = () => performance.now()) {
  const phases: Record<string, number> = {};
  let last = clock();
  return {
    /** Closes the phase that ran since the previous mark (or since creation) under this name. */
    mark(name: string): void {
      const now = clock();
      phases[name] = Math.round(now - last);
      last = now;
    },
    get phases(): Readonly<Record<string, number>> {
      return phases;
    },
  };
}
