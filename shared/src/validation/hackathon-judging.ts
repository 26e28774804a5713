import { z } from 'zod';
import { ASSIGNMENT_MODES } from '../events/hackathon-judging';
import { JudgingMessages as M } from '../hackathons/judging-messages';
import { link } from './hackathon-announcements';

/**
 * The request bodies of hackathon projects and the judging setup (docs/judging.md), as the web app
 * sends them. Shapes and limits here; the rules that need the hackathon's state (deadline, tracks,
 * judges) are the deciders'.
 */
export { JudgingMessages } from '../hackathons/judging-messages';

const text = (max: number, message?: string) => z.string().trim().max(max, message).default('');
const instant = (message: string) => z.string().trim().refine((v) => Number.isFinite(Date.parse(v)), message);

/** An id the client keeps from the last answer; a new item comes without one and the server names it. */
const itemId = z.string().trim().max(64).optional();

export const TrackFormSchema = z.object({ id: itemId, name: z.string().trim().min(1, M.trackName).max(80), description: text(500) });
export const CriterionFormSchema = z.object({
  id: itemId,
  name: z.string().trim().min(1, M.criterionName).max(80),
  description: text(500),
  weight: z.number().gt(0, M.weight).max(100).default(1),
  scale: z.union([z.literal(5), z.literal(10)], { error: M.scale }).default(10),
});

/** PUT /api/hackathons/{id}/judging: the whole setup each time. */
export const JudgingSetupFormSchema = z.object({
  /** Empty: the hackathon's end date. */
  submissionDeadline: z
    .string()
    .trim()
    .refine((v) => v === '' || Number.isFinite(Date.parse(v)), M.deadlineInvalid)
    .default(''),
  tracks: z.array(TrackFormSchema).max(30).default([]),
  criteria: z.array(CriterionFormSchema).max(30).default([]),
  galleryOpen: z.boolean().default(false),
  voting: z
    .object({
      enabled: z.boolean().default(false),
      opensAt: instant(M.votingWindow).nullable().default(null),
      closesAt: instant(M.votingWindow).nullable().default(null),
      perTrack: z.boolean().default(false),
    })
    .prefault({}),
  assignment: z
    .object({
      mode: z.enum(ASSIGNMENT_MODES).default('all'),
      judgesPerProject: z.number().int().min(1).max(100).default(3),
      trackJudges: z.record(z.string(), z.array(z.string()).max(200)).default({}),
    })
    .prefault({}),
});
export type JudgingSetupForm = z.infer<typeof JudgingSetupFormSchema>;
export type JudgingSetupFormInput = z.input<typeof JudgingSetupFormSchema>;

/** POST /api/hackathons/{id}/judges: by username, or by e-mail (waits for that address to sign up). */
export const InviteJudgeFormSchema = z.union([
  z.object({ username: z.string().trim().min(1, M.judgeWho).max(60) }),
  z.object({ email: z.string().trim().toLowerCase().email(M.judgeWho).max(254) }),
]);
export type InviteJudgeForm = z.infer<typeof InviteJudgeFormSchema>;

/** POST /api/hackathons/{id}/votes/exclusions */
export const ExcludeVotesFormSchema = z.object({
  voterIds: z.array(z.string().trim().min(1)).min(1, M.votersRequired).max(1000),
  reason: z.string().trim().min(1, M.reasonRequired).max(500),
});
export type ExcludeVotesForm = z.infer<typeof ExcludeVotesFormSchema>;

/** POST /api/hackathons/{id}/results/publish */
export const PublishWinnersFormSchema = z.object({
  winners: z
    .array(z.object({ prize: z.string().trim().min(1, M.winnersInvalid).max(120), trackId: z.string().nullable().default(null), place: z.number().int().min(1, M.winnersInvalid).max(100), projectId: z.string().trim().min(1, M.winnersInvalid) }))
    .max(200),
});
export type PublishWinnersForm = z.infer<typeof PublishWinnersFormSchema>;

/** PUT /api/hackathons/{id}/project: the draft, whole each time. Images come from POST /api/upload/image. */
export const ProjectFormSchema = z.object({
  title: z.string().trim().min(1, M.titleRequired).max(120, M.titleMax),
  tagline: text(200, M.taglineMax),
  description: text(20000, M.descriptionMax),
  builtWith: z
    .array(z.string().trim().min(1).max(40))
    .max(30, M.builtWithMax)
    .default([])
    .transform((list) => [...new Set(list)]),
  links: z.object({ repository: link(), demo: link(), video: link() }).prefault({}),
  images: z
    .array(z.string().trim().regex(/^\/uploads\/[\w./-]+$/, M.image))
    .max(8, M.imagesMax)
    .default([]),
  trackIds: z
    .array(z.string())
    .max(30)
    .default([])
    .transform((list) => [...new Set(list)]),
});
export type ProjectForm = z.infer<typeof ProjectFormSchema>;
export type ProjectFormInput = z.input<typeof ProjectFormSchema>;

/** POST /api/hackathons/{id}/project/from-portfolio: a draft started from a member's portfolio project. */
export const FromPortfolioFormSchema = z.object({ portfolioProjectId: z.string().trim().min(1, M.portfolioNotFound) });
