import { z } from 'zod';

/**
 * The social graph. Everything between two users lives on one stream per pair,
 * `relationship-<smaller id>-<larger id>`, so one decider sees follows, requests, the connection
 * and blocks of both sides together and enforces their rules atomically.
 */
const Pair = { from: z.string(), to: z.string(), at: z.string() };

export const SocialEventSchemas = {
  /**
   * `via`: a plain follow, or one of the mutual follows of accepting a connection (whose
   * notification connection_accepted already says it). Absent on follows stored before it existed.
   */
  UserFollowed: z.object({ ...Pair, via: z.enum(['follow', 'accept']).optional() }),
  UserUnfollowed: z.object(Pair),
  ConnectionRequested: z.object(Pair),
  /** `from` accepted the request that `to` had sent. */
  ConnectionAccepted: z.object(Pair),
  ConnectionRejected: z.object(Pair),
  /** Either side ended the connection. */
  ConnectionRemoved: z.object(Pair),
  UserBlocked: z.object(Pair),
  UserUnblocked: z.object(Pair),
  UserReported: z.object({ reportId: z.string(), from: z.string(), to: z.string(), reason: z.string(), at: z.string() }),
} as const;

export const relationshipStream = (a: string, b: string) => (a < b ? `relationship-${a}-${b}` : `relationship-${b}-${a}`);
export const reportStream = (reportId: string) => `report-${reportId}`;
