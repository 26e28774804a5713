import { z } from 'zod';

/** GET /api/dashboard/counts: how many listings of each kind the signed-in user created, for the organiser dashboard's tab counts. */
export const MyListingCountsSchema = z.strictObject({
  hackathons: z.number().int(),
  events: z.number().int(),
  quizzes: z.number().int(),
});
export type MyListingCounts = z.infer<typeof MyListingCountsSchema>;
