import { handleCommand, loadState, type CommandContext } from '@circuit/shared/commands/decider';
import { notFound } from '@circuit/shared/commands/domain-errors';
import { hackathonJudgingStream } from '@circuit/shared/events/hackathon-judging';
import { hackathonProjectStream, type HackathonProjectVersion } from '@circuit/shared/events/hackathon-projects';
import { projectStream } from '@circuit/shared/events/projects';
import { sanitizeListingHtml } from '@circuit/shared/hackathons/sanitize';
import { videoEmbedUrl } from '@circuit/shared/hackathons/video-embed';
import { JudgingMessages as M, type ProjectForm } from '@circuit/shared/validation/hackathon-judging';
import type { CommandServiceDeps } from '../context';
import { caughtUp } from '../http/read-your-writes';
import { recordUploadUses } from '../uploads/upload-uses';
import { projectDecider } from '../projects/project-decider';
import { deadlineOf, judgingFold, tracksOf } from '../hackathon-judging/judging-fold';
import { findJudgingListing } from '../hackathon-judging/judging-listing';
import { entrantOf, loadRoster } from './entrants';
import { projectSubmissionDecider, type ProjectCommand } from './project-submission-decider';

/** The version as stored: the description sanitised, the video's player address worked out. */
export function versionOf(form: ProjectForm, fromPortfolioProjectId: string | null = null): HackathonProjectVersion {
  return { ...form, description: sanitizeListingHtml(form.description), videoEmbedUrl: videoEmbedUrl(form.links.video), fromPortfolioProjectId };
}

type Omitted<C> = C extends unknown ? Omit<C, 'listing' | 'userId' | 'entrant' | 'deadline' | 'trackIds' | 'now'> : never;

/** A team's (or solo participant's) project use cases; each answers after the read models include what it appended. */
export function createProjectSubmissionService(deps: CommandServiceDeps) {
  const now = deps.now ?? (() => new Date());

  async function execute(userId: string, idOrUsername: string, command: Omitted<ProjectCommand>, ctx: CommandContext) {
    const listing = await findJudgingListing(deps.store, idOrUsername);
    const [roster, { state: judging }] = await Promise.all([loadRoster(deps.store, listing.hackathonId), loadState(deps.store, hackathonJudgingStream(listing.hackathonId), judgingFold)]);
    const entrant = entrantOf(roster, listing, userId);
    const full = { ...command, listing, userId, entrant, deadline: deadlineOf(judging, listing.endDate), trackIds: tracksOf(judging).map((t) => t.id), now: now() } as ProjectCommand;
    // Refusals (not a member, past the deadline) come from the decider before any append, so a non-entrant's stream is never written.
    const projectId = entrant?.entrantId ?? userId;
    const stream = hackathonProjectStream(listing.hackathonId, projectId);
    const result = await handleCommand(deps.store, stream, projectSubmissionDecider, full, ctx, now);
    // The images in use are known to the sweeper of abandoned uploads before the answer.
    await recordUploadUses(deps.knex, stream, result.events, result.position);
    await caughtUp(deps.progress, result.position, result.events);
    return { hackathonId: listing.hackathonId, projectId };
  }

  return {
    saveDraft: (userId: string, id: string, form: ProjectForm, ctx: CommandContext) => execute(userId, id, { type: 'SaveDraft', version: versionOf(form) }, ctx),
    /** A draft with a portfolio project's fields: it must be the user's own or a teammate's (the decider checks membership of the entrant). */
    async fromPortfolio(userId: string, id: string, portfolioProjectId: string, ctx: CommandContext) {
      const listing = await findJudgingListing(deps.store, id);
      const roster = await loadRoster(deps.store, listing.hackathonId);
      const members = entrantOf(roster, listing, userId)?.memberIds ?? [userId];
      const { state: project } = await loadState(deps.store, projectStream(portfolioProjectId), projectDecider);
      if (project.status !== 'active') throw notFound(M.portfolioNotFound);
      if (!members.includes(project.ownerId)) throw notFound(M.portfolioNotMember);
      const c = project.content;
      const form: ProjectForm = {
        title: c.title.slice(0, 120),
        tagline: '',
        description: c.description,
        builtWith: c.technologies.slice(0, 30),
        links: { repository: c.githubUrl, demo: c.liveUrl, video: '' },
        images: c.image?.startsWith('/uploads/') ? [c.image] : [],
        trackIds: [],
      };
      return execute(userId, id, { type: 'SaveDraft', version: versionOf(form, portfolioProjectId) }, ctx);
    },
    submit: (userId: string, id: string, ctx: CommandContext) => execute(userId, id, { type: 'Submit' }, ctx),
    withdraw: (userId: string, id: string, ctx: CommandContext) => execute(userId, id, { type: 'Withdraw' }, ctx),
  };
}

export type ProjectSubmissionService = ReturnType<typeof createProjectSubmissionService>;
