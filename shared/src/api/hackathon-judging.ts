import { z } from 'zod';
import { NORMALISATIONS } from '../judging/ranking';
import { Timestamp } from './users';

/**
 * The answers of the judging reads (docs/judging.md): a judge's assignments, the organiser's three
 * rankings side by side, the votes with their flags, and the standings replayed at a moment.
 */

export const JudgingCriterionViewSchema = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    weight: z.number(),
    scale: z.union([z.literal(5), z.literal(10)]).meta({ description: 'Scores run from 1 to this' }),
  })
  .meta({ id: 'JudgingCriterionView' });
export type JudgingCriterionView = z.infer<typeof JudgingCriterionViewSchema>;

export const JudgingTrackViewSchema = z.strictObject({ id: z.string(), name: z.string() }).meta({ id: 'JudgingTrackView' });

export const JudgingHackathonSchema = z
  .strictObject({ _id: z.string(), username: z.string(), title: z.string() })
  .meta({ id: 'JudgingHackathon', description: 'Enough of the hackathon to title the page and link back' });

export const AssignedProjectSchema = z
  .strictObject({
    projectId: z.string(),
    title: z.string(),
    tagline: z.string(),
    teamName: z.string().nullable().meta({ description: 'null for a solo participant' }),
    trackIds: z.array(z.string()),
    scores: z.array(z.strictObject({ criterionId: z.string(), value: z.number().int() })).meta({ description: 'The judge’s current scores, in criteria order; a criterion not yet scored is absent' }),
    note: z.string().meta({ description: 'The judge’s private note; empty when none' }),
    scored: z.number().int().meta({ description: 'How many of the criteria this judge has scored' }),
    complete: z.boolean().meta({ description: 'Every criterion scored' }),
    lastScoredAt: Timestamp.nullable(),
  })
  .meta({ id: 'AssignedProject' });
export type AssignedProject = z.infer<typeof AssignedProjectSchema>;

export const JudgeAssignmentsSchema = z
  .strictObject({
    hackathon: JudgingHackathonSchema,
    criteria: z.array(JudgingCriterionViewSchema),
    tracks: z.array(JudgingTrackViewSchema),
    projects: z.array(AssignedProjectSchema).meta({ description: 'The projects assigned to the signed-in judge, by title; a withdrawn project is left out' }),
    progress: z
      .strictObject({
        projects: z.number().int(),
        complete: z.number().int().meta({ description: 'Projects with every criterion scored' }),
        scores: z.number().int().meta({ description: 'Scores given' }),
        of: z.number().int().meta({ description: 'Scores wanted: projects times criteria' }),
      })
      .meta({ id: 'JudgingProgress' }),
  })
  .meta({ id: 'JudgeAssignments' });
export type JudgeAssignments = z.infer<typeof JudgeAssignmentsSchema>;

export const PlaceAndValueSchema = z
  .strictObject({
    value: z.number().nullable().meta({ description: 'raw and trimmed: 0..1; zscore: judges’ standard deviations from their own mean. null while unscored' }),
    place: z.number().int().nullable().meta({ description: '1 for the first; null while unscored' }),
  })
  .meta({ id: 'PlaceAndValue' });

export const ComparedProjectSchema = z
  .strictObject({
    projectId: z.string(),
    title: z.string(),
    judges: z.number().int().meta({ description: 'Judges who scored it' }),
    raw: PlaceAndValueSchema,
    zscore: PlaceAndValueSchema,
    trimmed: PlaceAndValueSchema,
    differs: z.boolean().meta({ description: 'The three normalisations do not all give it the same place' }),
  })
  .meta({ id: 'ComparedProject' });
export type ComparedProject = z.infer<typeof ComparedProjectSchema>;

export const TrackRankingSchema = z
  .strictObject({
    trackId: z.string().nullable().meta({ description: 'null: every project of the hackathon' }),
    name: z.string(),
    rows: z.array(ComparedProjectSchema).meta({ description: 'In the raw ranking’s order' }),
  })
  .meta({ id: 'TrackRanking' });
export type TrackRanking = z.infer<typeof TrackRankingSchema>;

export const JudgingRankingsSchema = z
  .strictObject({
    normalisations: z.array(z.enum(NORMALISATIONS)),
    judges: z.number().int().meta({ description: 'Judges who have given a score' }),
    scores: z.number().int().meta({ description: 'Current scores counted' }),
    tracks: z.array(TrackRankingSchema).meta({ description: 'The overall ranking first, then one per track in the setup’s order' }),
  })
  .meta({ id: 'JudgingRankings' });
export type JudgingRankings = z.infer<typeof JudgingRankingsSchema>;

export const JudgingStandingsSchema = z
  .strictObject({
    at: Timestamp,
    scoreEvents: z.number().int().meta({ description: 'Score events up to `at` read from the event store' }),
    judges: z.number().int(),
    scores: z.number().int(),
    tracks: z.array(TrackRankingSchema),
  })
  .meta({ id: 'JudgingStandings', description: 'The ranking replayed from the scores as they stood at `at`' });
export type JudgingStandings = z.infer<typeof JudgingStandingsSchema>;

export const VOTE_FLAGS = ['new-account', 'burst'] as const;
export type VoteFlag = (typeof VOTE_FLAGS)[number];

export const JudgingVoteSchema = z
  .strictObject({
    userId: z.string(),
    username: z.string(),
    trackId: z.string().nullable().meta({ description: 'null: a vote for the whole hackathon' }),
    projectId: z.string(),
    projectTitle: z.string(),
    at: Timestamp,
    accountCreatedAt: Timestamp,
    flags: z.array(z.enum(VOTE_FLAGS)).meta({ description: 'new-account: the account was created after voting opened; burst: more than 5 votes came from its client address within 10 minutes' }),
    addressVotes: z.number().int().meta({ description: 'Votes sent from the same client address in this hackathon (the address itself is not shown)' }),
    excluded: z.boolean(),
    exclusion: z.strictObject({ reason: z.string(), byUserId: z.string(), at: Timestamp }).nullable(),
  })
  .meta({ id: 'JudgingVote' });
export type JudgingVote = z.infer<typeof JudgingVoteSchema>;

export const VoteTotalSchema = z
  .strictObject({
    trackId: z.string().nullable(),
    projectId: z.string(),
    title: z.string(),
    counted: z.number().int().meta({ description: 'Votes not excluded (flagged ones count until excluded)' }),
    flagged: z.number().int().meta({ description: 'Counted votes with a flag' }),
    excluded: z.number().int(),
  })
  .meta({ id: 'VoteTotal' });
export type VoteTotal = z.infer<typeof VoteTotalSchema>;

export const JudgingVotesSchema = z
  .strictObject({
    votingOpenedAt: Timestamp.nullable().meta({ description: 'When voting opened (the new-account flag compares with it); null before' }),
    votes: z.array(JudgingVoteSchema).meta({ description: 'Current votes, newest first' }),
    totals: z.array(VoteTotalSchema).meta({ description: 'Per track (null first) and project, most counted first' }),
  })
  .meta({ id: 'JudgingVotes' });
export type JudgingVotes = z.infer<typeof JudgingVotesSchema>;

/** The answer of a score or note write: the project's line of the judge's sheet, from the judge's own stream. */
export const ScoreWrittenSchema = z
  .strictObject({
    hackathonId: z.string(),
    projectId: z.string(),
    scores: AssignedProjectSchema.shape.scores,
    note: z.string(),
    scored: z.number().int(),
    complete: z.boolean(),
    changed: z.boolean().meta({ description: 'false when the value was already the current one (nothing appended)' }),
  })
  .meta({ id: 'ScoreWritten' });
export type ScoreWritten = z.infer<typeof ScoreWrittenSchema>;

/** The answer of a vote write. */
export const VoteWrittenSchema = z
  .strictObject({
    hackathonId: z.string(),
    trackId: z.string().nullable(),
    projectId: z.string().nullable().meta({ description: 'The project voted for now; null after a withdrawal' }),
    changed: z.boolean().meta({ description: 'false when the same vote was already recorded (nothing appended)' }),
  })
  .meta({ id: 'VoteWritten' });
export type VoteWritten = z.infer<typeof VoteWrittenSchema>;
