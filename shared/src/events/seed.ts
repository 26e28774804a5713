import { z } from 'zod';

/**
 * The demo seed's progress, on the stream `seed-demo`: a seed interrupted half-way is finished at the
 * next start; one that failed on three starts is given up.
 */
export const SeedEventSchemas = {
  DemoSeedStarted: z.object({ at: z.string() }),
  DemoSeedCompleted: z.object({ at: z.string() }),
  /** A start whose seed stopped on an error: the site started without the rest, and the next start tries again. */
  DemoSeedFailed: z.object({ at: z.string(), message: z.string() }),
} as const;

export const SEED_STREAM = 'seed-demo';
