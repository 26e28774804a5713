import { z } from 'zod';

/**
 * Judges' scores and the community vote of a hackathon (docs/judging.md). One stream per judge
 * (`hackathon-scores-<hackathonId>-<judgeUserId>`) and one per voter (`hackathon-vote-<hackathonId>-<userId>`)
 * keep writers apart during a burst, and make "a vote counted once however often it is sent" a
 * property of one small stream: the same vote again appends nothing.
 */

/** Every score and every change of one is kept with the value before it, so the standings can be replayed. */
const score = {
  hackathonId: z.string(),
  judgeUserId: z.string(),
  projectId: z.string(),
  criterionId: z.string(),
  oldValue: z.number().int().nullable(),
  newValue: z.number().int(),
  at: z.string(),
};

/**
 * A vote, per track (`trackId`) or for the whole hackathon (null). `accountCreatedAt` and
 * `clientAddress` are what the read side flags new accounts and bursts from one address by.
 */
const vote = {
  hackathonId: z.string(),
  userId: z.string(),
  trackId: z.string().nullable(),
  projectId: z.string(),
  accountCreatedAt: z.string(),
  clientAddress: z.string(),
  at: z.string(),
};

export const HackathonScoringEventSchemas = {
  HackathonScoreGiven: z.object(score),
  HackathonScoreChanged: z.object(score),
  /** The judge's private note on a project: seen only by that judge. */
  HackathonJudgeNoteSaved: z.object({ hackathonId: z.string(), judgeUserId: z.string(), projectId: z.string(), note: z.string(), at: z.string() }),
  HackathonVoteCast: z.object(vote),
  HackathonVoteChanged: z.object({ ...vote, previousProjectId: z.string() }),
  /** `projectId`: the project the vote was for. */
  HackathonVoteWithdrawn: z.object(vote),
} as const;

export type ScoreEventData = z.infer<typeof HackathonScoringEventSchemas.HackathonScoreGiven>;

export const hackathonScoresStream = (hackathonId: string, judgeUserId: string) => `hackathon-scores-${hackathonId}-${judgeUserId}`;
export const hackathonVoteStream = (hackathonId: string, userId: string) => `hackathon-vote-${hackathonId}-${userId}`;

export const SCORE_EVENT_TYPES = ['HackathonScoreGiven', 'HackathonScoreChanged'] as const;
export const HACKATHON_SCORING_EVENT_TYPES = Object.keys(HackathonScoringEventSchemas) as (keyof typeof HackathonScoringEventSchemas)[];
