import { z } from 'zod';
import { JudgingStandingsSchema } from './hackathon-judging';
import { Timestamp } from './users';

/**
 * The judging audit (`audit/judging`, docs/judging.md "Replay"): for auditors, each hackathon's
 * score events straight from the event store and the standings replayed at any moment of them.
 */

/** A record of the `audit/judging` resource: one hackathon with a judging setup; its id is the hackathon's. */
export const AuditJudgingSchema = z
  .strictObject({
    id: z.string(),
    username: z.string(),
    title: z.string(),
    criteria: z.number().int().meta({ description: 'Criteria in the setup' }),
    projects: z.number().int().meta({ description: 'Projects judged (a version submitted by the deadline, not withdrawn)' }),
    judges: z.number().int().meta({ description: 'Judges who have given a score' }),
    scores: z.number().int().meta({ description: 'Current scores (one per judge, project and criterion)' }),
    lastScoredAt: Timestamp.nullable(),
  })
  .meta({ id: 'AuditJudging' });
export type AuditJudging = z.infer<typeof AuditJudgingSchema>;

/** One score event of one judge's stream, as stored: who, when, project, criterion, old -> new. */
export const ScoreTimelineEntrySchema = z
  .strictObject({
    position: z.string().meta({ description: 'Position in the global feed (a bigint as text)' }),
    type: z.enum(['HackathonScoreGiven', 'HackathonScoreChanged']),
    at: Timestamp.meta({ description: 'When the score was given: the instant the replay counts it from' }),
    judgeUserId: z.string(),
    judgeUsername: z.string().nullable(),
    projectId: z.string(),
    projectTitle: z.string().nullable().meta({ description: 'The judged version’s title; null when the project is no longer judged (withdrawn)' }),
    criterionId: z.string(),
    criterionName: z.string().nullable().meta({ description: 'null when the criterion is no longer in the setup' }),
    scale: z.number().int().nullable(),
    oldValue: z.number().int().nullable(),
    newValue: z.number().int(),
    afterPublication: z.boolean().meta({ description: 'Given after winners were first published: a late correction' }),
  })
  .meta({ id: 'ScoreTimelineEntry' });
export type ScoreTimelineEntry = z.infer<typeof ScoreTimelineEntrySchema>;

/** A moment worth replaying at, other than a score event. */
export const JudgingMomentSchema = z
  .strictObject({
    kind: z.enum(['deadline', 'published', 'last-score']),
    at: Timestamp,
    label: z.string().meta({ example: 'Winners published' }),
  })
  .meta({ id: 'JudgingMoment' });
export type JudgingMoment = z.infer<typeof JudgingMomentSchema>;

export const AuditJudgingDetailSchema = AuditJudgingSchema.extend({
  timeline: z.array(ScoreTimelineEntrySchema).meta({ description: 'Every score event of every judge, oldest first' }),
  moments: z.array(JudgingMomentSchema).meta({ description: 'The submission deadline, each publication of winners and the last score, those passed, oldest first' }),
  /** The standings replayed now. */
  current: JudgingStandingsSchema,
}).meta({ id: 'AuditJudgingDetail' });
export type AuditJudgingDetail = z.infer<typeof AuditJudgingDetailSchema>;
