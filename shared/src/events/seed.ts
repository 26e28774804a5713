import { z } from 'zod';

/** The demo seed's progress, on the stream `seed-demo`: a seed interrupted half-way is finished at the next start. */
export const SeedEventSchemas = {
  DemoSeedStarted: z.object({ at: z.string() }),
  DemoSeedCompleted: z.object({ at: z.string() }),
} as const;

export const SEED_STREAM = 'seed-demo';
