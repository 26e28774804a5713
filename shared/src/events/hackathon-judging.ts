import { z } from 'zod';

/**
 * A hackathon's judging setup (`hackathon-judging-<hackathonId>`), decided by the organiser or an
 * admin: one small stream per hackathon, so every score and vote decider reads the criteria, the
 * judges, the assignment and the voting window from one consistent state (docs/judging.md).
 * Scores and votes have streams of their own (hackathon-scoring.ts) to keep writers apart.
 */

export const JUDGING_SCALES = [5, 10] as const;
export const ASSIGNMENT_MODES = ['all', 'perProject', 'byTrack'] as const;
export type AssignmentMode = (typeof ASSIGNMENT_MODES)[number];

export const JudgingTrackSchema = z.object({ id: z.string(), name: z.string(), description: z.string() });
export type JudgingTrack = z.infer<typeof JudgingTrackSchema>;

export const JudgingCriterionSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  weight: z.number().positive(),
  scale: z.union([z.literal(5), z.literal(10)]),
});
export type JudgingCriterion = z.infer<typeof JudgingCriterionSchema>;

/** Instants as ISO strings; null where the organiser has not set one. */
export const VotingSettingsSchema = z.object({
  enabled: z.boolean(),
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
  /** One vote per track instead of one for the whole hackathon. */
  perTrack: z.boolean(),
});
export type VotingSettings = z.infer<typeof VotingSettingsSchema>;

export const AssignmentSettingsSchema = z.object({
  mode: z.enum(ASSIGNMENT_MODES),
  /** Used by 'perProject'. */
  judgesPerProject: z.number().int().min(1),
  /** Used by 'byTrack': track id -> judge user ids. */
  trackJudges: z.record(z.string(), z.array(z.string())),
});
export type AssignmentSettings = z.infer<typeof AssignmentSettingsSchema>;

/** The whole setup as saved: each save replaces the one before. */
export const JudgingSetupSchema = z.object({
  submissionDeadline: z.string(),
  tracks: z.array(JudgingTrackSchema),
  criteria: z.array(JudgingCriterionSchema),
  galleryOpen: z.boolean(),
  voting: VotingSettingsSchema,
  assignment: AssignmentSettingsSchema,
});
export type JudgingSetup = z.infer<typeof JudgingSetupSchema>;

export const WinnerSchema = z.object({
  prize: z.string(),
  /** null: a prize of the whole hackathon. */
  trackId: z.string().nullable(),
  place: z.number().int().min(1),
  projectId: z.string(),
});
export type Winner = z.infer<typeof WinnerSchema>;

const by = { hackathonId: z.string(), at: z.string(), byUserId: z.string() };

export const HackathonJudgingEventSchemas = {
  HackathonJudgingSetupSaved: z.object({ ...by, setup: JudgingSetupSchema }),
  HackathonJudgeInvited: z.object({ ...by, judgeUserId: z.string() }),
  /** Pending until an account with this verified e-mail exists; resolved when read, never rewritten. Lower-cased. */
  HackathonJudgeInvitedByEmail: z.object({ ...by, email: z.string() }),
  /** One of the two is set: the judge's user id, or the e-mail of an invitation by e-mail. */
  HackathonJudgeRemoved: z.object({ ...by, judgeUserId: z.string().nullable(), email: z.string().nullable() }),
  /** The whole assignment as the organiser pressed Assign: judge user id -> project ids. Replaces the one before. */
  HackathonProjectsAssigned: z.object({ ...by, mode: z.enum(ASSIGNMENT_MODES), assignments: z.record(z.string(), z.array(z.string())) }),
  HackathonVotesExcluded: z.object({ ...by, voterIds: z.array(z.string()), reason: z.string() }),
  HackathonWinnersPublished: z.object({ ...by, winners: z.array(WinnerSchema) }),
} as const;

export const hackathonJudgingStream = (hackathonId: string) => `hackathon-judging-${hackathonId}`;
export const HACKATHON_JUDGING_EVENT_TYPES = Object.keys(HackathonJudgingEventSchemas) as (keyof typeof HackathonJudgingEventSchemas)[];
