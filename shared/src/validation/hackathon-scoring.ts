import { z } from 'zod';

/**
 * What a judge and a voter send (docs/judging.md). The shapes only: whether the value fits the
 * criterion's scale, the project is assigned, voting is open, is decided by the command side.
 */

/** `PUT /api/hackathons/{id}/projects/{projectId}/scores`: one criterion's score, or the private note. */
export const ScoreBodySchema = z.union([
  z.strictObject({ criterionId: z.string().min(1).max(100), value: z.number({ error: 'A score is a whole number' }).int('A score is a whole number') }),
  z.strictObject({ note: z.string().max(5000, 'A note is at most 5000 characters') }),
]);
export type ScoreBody = z.infer<typeof ScoreBodySchema>;

/** `PUT /api/hackathons/{id}/projects/{projectId}/vote`: the track voted in when votes are per track. */
export const VoteBodySchema = z.strictObject({ trackId: z.string().min(1).max(100).nullable().default(null) });
export type VoteBody = z.infer<typeof VoteBodySchema>;

/** `DELETE /api/hackathons/{id}/vote?trackId=`: which vote to withdraw (none: the hackathon's). */
export const VoteWithdrawQuerySchema = z.object({ trackId: z.string().min(1).max(100).optional() });
