import crypto from 'node:crypto';
import { handleCommand, loadState, type CommandContext } from '@circuit/shared/commands/decider';
import { notFound } from '@circuit/shared/commands/domain-errors';
import { hackathonJudgingStream, type JudgingSetup } from '@circuit/shared/events/hackathon-judging';
import { JudgingMessages as M, type ExcludeVotesForm, type InviteJudgeForm, type JudgingSetupForm, type PublishWinnersForm } from '@circuit/shared/validation/hackathon-judging';
import type { CommandServiceDeps } from '../context';
import { caughtUp } from '../http/read-your-writes';
import { accountByUsername } from '../accounts/actors';
import { hostActorOf } from '../check-in/co-host-roles';
import { submittedProjects } from '../hackathon-projects/entrants';
import { assertOrganiser, deadlineOf, judgingDecider, judgingFold, type JudgingCommand, type JudgingState } from './judging-decider';
import { findJudgingListing, type JudgingListing } from './judging-listing';
import { resolveEmails } from './judge-emails';

type Omitted<C> = C extends unknown ? Omit<C, 'listing' | 'actor' | 'now' | 'resolved'> : never;

/** The setup as stored: every track and criterion named by an id (kept from the form, or a new one). */
export function setupOf(form: JudgingSetupForm): JudgingSetup {
  const withId = <T extends { id?: string | undefined }>(item: T) => ({ ...item, id: item.id || crypto.randomUUID() });
  return {
    submissionDeadline: form.submissionDeadline ? new Date(form.submissionDeadline).toISOString() : '',
    tracks: form.tracks.map(withId),
    criteria: form.criteria.map(withId),
    galleryOpen: form.galleryOpen,
    voting: form.voting,
    assignment: form.assignment,
  };
}

/** The organiser's judging use cases; each answers after the read models include what it appended. */
export function createJudgingService(deps: CommandServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const judgingOf = async (hackathonId: string): Promise<JudgingState> => (await loadState(deps.store, hackathonJudgingStream(hackathonId), judgingFold)).state;

  async function execute(userId: string, idOrUsername: string, command: Omitted<JudgingCommand> | ((listing: JudgingListing, state: JudgingState) => Promise<Omitted<JudgingCommand>>), ctx: CommandContext): Promise<string> {
    const listing = await findJudgingListing(deps.store, idOrUsername);
    const actor = await hostActorOf(deps.store, 'hackathon', listing.hackathonId, userId);
    assertOrganiser({ listing, actor });
    const state = await judgingOf(listing.hackathonId);
    const own = typeof command === 'function' ? await command(listing, state) : command;
    const resolved = await resolveEmails(deps, state.judgeEmails);
    const full = { ...own, listing, actor, now: now(), resolved } as JudgingCommand;
    const result = await handleCommand(deps.store, hackathonJudgingStream(listing.hackathonId), judgingDecider, full, ctx, now);
    await caughtUp(deps.progress, result.position, result.events);
    return listing.hackathonId;
  }

  const judged = (listing: JudgingListing, state: JudgingState) => submittedProjects(deps.store, listing, deadlineOf(state, listing.endDate));

  return {
    saveSetup: (userId: string, id: string, form: JudgingSetupForm, ctx: CommandContext) => execute(userId, id, { type: 'SaveSetup', setup: setupOf(form) }, ctx),
    async inviteJudge(userId: string, id: string, form: InviteJudgeForm, ctx: CommandContext) {
      if ('email' in form) return execute(userId, id, { type: 'InviteJudgeByEmail', email: form.email }, ctx);
      const account = await accountByUsername(deps.store, form.username);
      if (!account) throw notFound(M.judgeUserNotFound);
      return execute(userId, id, { type: 'InviteJudge', judgeUserId: account.userId }, ctx);
    },
    removeJudge: (userId: string, id: string, judgeId: string, ctx: CommandContext) => execute(userId, id, { type: 'RemoveJudge', judgeId }, ctx),
    assign: (userId: string, id: string, ctx: CommandContext) => execute(userId, id, async (listing, state) => ({ type: 'Assign', projects: await judged(listing, state) }), ctx),
    excludeVotes: (userId: string, id: string, form: ExcludeVotesForm, ctx: CommandContext) => execute(userId, id, { type: 'ExcludeVotes', ...form }, ctx),
    publishWinners: (userId: string, id: string, form: PublishWinnersForm, ctx: CommandContext) =>
      execute(userId, id, async (listing, state) => ({ type: 'PublishWinners', winners: form.winners, submittedProjectIds: (await judged(listing, state)).map((p) => p.projectId) }), ctx),
  };
}

export type JudgingService = ReturnType<typeof createJudgingService>;
