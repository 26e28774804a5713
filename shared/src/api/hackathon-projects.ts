import { z } from 'zod';
import { GALLERY_PAGE_SIZE } from '../hackathons/gallery';
import { ASSIGNMENT_MODES, JudgingCriterionSchema, JudgingTrackSchema, VotingSettingsSchema } from '../events/hackathon-judging';
import { HackathonProjectVersionSchema } from '../events/hackathon-projects';
import { Timestamp } from './users';
import { ProjectCommentSchema } from './projects';

/**
 * The answers of hackathon projects and the judging setup (docs/judging.md): GET
 * /api/hackathons/{id}/judging, /projects, /projects/{projectId}, /project, and the hackathon
 * projects a profile shows. A project's id is its entrant's: the team's id, or a solo
 * participant's user id.
 */

const PersonSchema = z
  .strictObject({ _id: z.string(), username: z.string(), firstName: z.string(), lastName: z.string(), profilePicture: z.string().nullable() })
  .meta({ id: 'HackathonProjectPerson' });
export type HackathonProjectPerson = z.infer<typeof PersonSchema>;

export const ProjectVersionSchema = HackathonProjectVersionSchema.strict().meta({
  id: 'HackathonProjectVersion',
  description: '`description` is sanitised HTML; `videoEmbedUrl` the YouTube or Vimeo player address of `links.video` (null for another link)',
});
export type ProjectVersion = z.infer<typeof ProjectVersionSchema>;

export const ProjectAwardSchema = z
  .strictObject({ prize: z.string(), trackId: z.string().nullable(), place: z.number().int() })
  .meta({ id: 'HackathonProjectAward', description: 'A prize the project won, from the published winners' });
export type ProjectAward = z.infer<typeof ProjectAwardSchema>;

export const JudgingHackathonSchema = z
  .strictObject({ _id: z.string(), username: z.string(), title: z.string() })
  .meta({ id: 'JudgingHackathon' });

export const ReactionCountsSchema = z
  .strictObject({ likes: z.number().int(), saves: z.number().int(), comments: z.number().int().meta({ description: 'Comments and replies' }) })
  .meta({ id: 'HackathonProjectReactionCounts' });
export type ReactionCounts = z.infer<typeof ReactionCountsSchema>;

/** A gallery card: the version judged (the last submitted before the deadline). */
export const ProjectCardSchema = z
  .strictObject({
    id: z.string().meta({ description: 'The entrant’s id: the team’s, or the solo participant’s user id' }),
    hackathonId: z.string(),
    entrant: z.enum(['team', 'solo']),
    teamName: z.string().nullable(),
    title: z.string(),
    tagline: z.string(),
    image: z.string().nullable().meta({ description: 'The first image, if any' }),
    builtWith: z.array(z.string()),
    trackIds: z.array(z.string()),
    members: z.array(PersonSchema),
    awards: z.array(ProjectAwardSchema),
    submittedAt: Timestamp,
    counts: ReactionCountsSchema,
  })
  .meta({ id: 'HackathonProjectCard' });
export type ProjectCard = z.infer<typeof ProjectCardSchema>;

export const ProjectGallerySchema = z
  .strictObject({
    hackathon: JudgingHackathonSchema,
    galleryOpen: z.boolean(),
    tracks: z.array(JudgingTrackSchema),
    projects: z.array(ProjectCardSchema).meta({ description: 'One page of cards: winners first by place, then newest submission first' }),
    nextCursor: z.string().nullable().meta({ description: 'Where the next page starts (`?cursor=`); null on the last page' }),
    total: z.number().int().meta({ description: 'Projects matching the search and filters, on every page' }),
    viewer: z.strictObject({
      scope: z.enum(['everyone', 'staff', 'judge', 'team', 'none']).meta({
        description: 'What the viewer sees: everything (gallery open), everything (organiser or admin), what is assigned (judge), their own team’s, or nothing',
      }),
    }),
  })
  .meta({ id: 'HackathonProjectGallery' });
export type ProjectGallery = z.infer<typeof ProjectGallerySchema>;

export const ViewerVoteSchema = z
  .strictObject({
    trackId: z.string().nullable().meta({ description: 'The track voted in; null for the vote of the whole hackathon' }),
    projectId: z.string().meta({ description: 'The project the viewer votes for in it (this one or another)' }),
  })
  .meta({ id: 'HackathonViewerVote' });
export type ViewerVote = z.infer<typeof ViewerVoteSchema>;

export const ProjectDetailSchema = z
  .strictObject({
    ...ProjectCardSchema.shape,
    hackathon: JudgingHackathonSchema,
    version: ProjectVersionSchema,
    viewerVotes: z.array(ViewerVoteSchema).meta({ description: 'The signed-in viewer’s current community votes in this hackathon (empty signed out)' }),
    viewerReactions: z
      .strictObject({ liked: z.boolean(), saved: z.boolean() })
      .meta({ description: 'Whether the signed-in viewer likes and saves this project (false signed out)' }),
  })
  .meta({ id: 'HackathonProjectDetail' });
export type ProjectDetail = z.infer<typeof ProjectDetailSchema>;

export const MyProjectSchema = z
  .strictObject({
    hackathon: JudgingHackathonSchema,
    projectId: z.string().nullable().meta({ description: 'null: the viewer is not an entrant (see canSubmit)' }),
    entrant: z.enum(['team', 'solo']).nullable(),
    teamName: z.string().nullable(),
    members: z.array(PersonSchema),
    status: z.enum(['none', 'draft', 'submitted', 'withdrawn']),
    draft: ProjectVersionSchema.nullable(),
    draftSavedAt: Timestamp.nullable(),
    submitted: ProjectVersionSchema.nullable().meta({ description: 'The version judged: the last submitted before the deadline' }),
    submittedAt: Timestamp.nullable(),
    deadline: Timestamp.nullable().meta({ description: 'The submission deadline (the hackathon’s end date unless the organiser set one); null when neither is set' }),
    deadlinePassed: z.boolean(),
    canSubmit: z.boolean().meta({ description: 'Whether the viewer may enter a project (a complete team, or a solo registrant where the team minimum is 1)' }),
    canEdit: z.boolean().meta({ description: 'canSubmit and the deadline has not passed' }),
    tracks: z.array(JudgingTrackSchema),
  })
  .meta({ id: 'MyHackathonProject' });
export type MyProject = z.infer<typeof MyProjectSchema>;

export const JudgeSchema = z
  .strictObject({
    id: z.string().meta({ description: 'What DELETE /judges/{judgeId} takes: the user id, or the e-mail of a pending invitation' }),
    status: z.enum(['active', 'pending']).meta({ description: 'pending: invited by an e-mail no account holds verified yet' }),
    user: PersonSchema.nullable(),
    email: z.string().nullable().meta({ description: 'Only for the organiser and admins, and only for invitations by e-mail' }),
  })
  .meta({ id: 'HackathonJudge' });
export type Judge = z.infer<typeof JudgeSchema>;

export const WinnerAnswerSchema = z
  .strictObject({ prize: z.string(), trackId: z.string().nullable(), place: z.number().int(), projectId: z.string(), projectTitle: z.string() })
  .meta({ id: 'HackathonWinner' });

export const JudgingSetupAnswerSchema = z
  .strictObject({
    hackathon: JudgingHackathonSchema,
    submissionDeadline: Timestamp.nullable(),
    deadlineIsDefault: z.boolean().meta({ description: 'The deadline is the hackathon’s end date (the organiser set none)' }),
    tracks: z.array(JudgingTrackSchema),
    criteria: z.array(JudgingCriterionSchema),
    galleryOpen: z.boolean(),
    voting: VotingSettingsSchema,
    assignment: z.strictObject({
      mode: z.enum(ASSIGNMENT_MODES),
      judgesPerProject: z.number().int(),
      trackJudges: z.record(z.string(), z.array(z.string())),
      assignedAt: Timestamp.nullable().meta({ description: 'When Assign was last pressed; null: never' }),
      projectsPerJudge: z
        .record(z.string(), z.number().int())
        .meta({ description: 'Judge user id -> how many projects the last Assign gave them, as recorded; only the organiser sees it (empty otherwise)' }),
    }),
    judges: z.array(JudgeSchema),
    winners: z.array(WinnerAnswerSchema),
    winnersPublishedAt: Timestamp.nullable(),
    viewer: z.strictObject({ isOrganiser: z.boolean().meta({ description: 'The creator or an admin' }), isJudge: z.boolean(), canSubmit: z.boolean() }),
  })
  .meta({ id: 'HackathonJudgingSetup' });
export type JudgingSetupAnswer = z.infer<typeof JudgingSetupAnswerSchema>;

/** A submitted hackathon project on a member's profile (beside the portfolio projects, not among them). */
export const ProfileHackathonProjectSchema = z
  .strictObject({
    id: z.string(),
    hackathon: JudgingHackathonSchema,
    title: z.string(),
    tagline: z.string(),
    image: z.string().nullable(),
    builtWith: z.array(z.string()),
    awards: z.array(ProjectAwardSchema),
    submittedAt: Timestamp,
    counts: ReactionCountsSchema,
  })
  .meta({ id: 'ProfileHackathonProject' });
export type ProfileHackathonProject = z.infer<typeof ProfileHackathonProjectSchema>;

/** What the judging writes answer (read GET /judging for the setup as it now stands). */
export const JudgingWrittenSchema = z.strictObject({ id: z.string().meta({ description: 'The hackathon id' }), hackathonId: z.string() }).meta({ id: 'HackathonJudgingWritten' });
export type JudgingWritten = z.infer<typeof JudgingWrittenSchema>;
/** What the project writes answer (read GET /project for the project as it now stands). */
export const ProjectWrittenSchema = z
  .strictObject({ id: z.string().meta({ description: 'The project id' }), hackathonId: z.string(), projectId: z.string() })
  .meta({ id: 'HackathonProjectWritten' });
export type ProjectWritten = z.infer<typeof ProjectWrittenSchema>;

/** GET /api/hackathons/{id}/projects: search, filters and the page. */
export const GalleryQuerySchema = z.object({
  q: z.string().trim().max(100).default('').meta({ description: 'Words of the title, tagline or built-with tags' }),
  track: z.string().default('').meta({ description: 'Only projects entering this track id' }),
  winners: z.enum(['true', 'false']).optional().meta({ description: '`true`: only the published winners' }),
  limit: z.coerce.number().int().min(1, 'limit must be between 1 and 50').max(50, 'limit must be between 1 and 50').default(GALLERY_PAGE_SIZE),
  cursor: z.string().max(300).optional().meta({ description: 'The previous page’s `nextCursor`' }),
});
export type GalleryQuery = z.infer<typeof GalleryQuerySchema>;

/** The signed-in viewer's likes and saves among a hackathon's projects (GET /api/hackathons/{id}/my-reactions), beside the gallery's answer for everyone. */
export const MyReactionsSchema = z
  .strictObject({ liked: z.array(z.string()).meta({ description: 'Ids of the projects the viewer likes' }), saved: z.array(z.string()) })
  .meta({ id: 'HackathonProjectMyReactions' });
export type MyReactions = z.infer<typeof MyReactionsSchema>;

/** GET /api/hackathons/{id}/projects/{projectId}/comments: oldest first, each with its replies (one level deep), as a portfolio project's. */
export const ProjectCommentsSchema = z.array(ProjectCommentSchema);

/** What a comment or reply answers (read GET .../comments for the thread as it now stands). */
export const ProjectCommentWrittenSchema = z
  .strictObject({ id: z.string().meta({ description: 'The project id' }), hackathonId: z.string(), projectId: z.string(), commentId: z.string() })
  .meta({ id: 'HackathonProjectCommentWritten' });
