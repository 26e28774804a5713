import type { Decider } from '@circuit/shared/commands/decider';
import { conflict, forbidden, notFound, refused } from '@circuit/shared/commands/domain-errors';
import type { JudgingSetup, Winner } from '@circuit/shared/events/hackathon-judging';
import { JudgingMessages as M } from '@circuit/shared/hackathons/judging-messages';
import { assignProjects, type AssignableProject } from '@circuit/shared/judging/assignment';
import type { Actor } from '../accounts/actors';
import { evolveJudging, judgesOf, noJudging, type JudgingEvent, type JudgingState, type ResolvedEmails } from './judging-fold';
import { assertExists, isOrganiser, type JudgingListing } from './judging-listing';

export * from './judging-fold';

/**
 * The organiser's side of judging (`hackathon-judging-<hackathonId>`): the setup, the judges, the
 * assignment, vote exclusions and published winners. Only the hackathon's creator or an admin
 * decides here. What lives in other streams comes inside the command, read by the service from
 * those streams (never a read model): the listing, who the invited e-mails name now, the submitted
 * projects to assign or crown.
 */

interface On {
  listing: JudgingListing;
  actor: Actor;
  now: Date;
  /** Who the invitations by e-mail name now (e-mail -> user id). */
  resolved: ResolvedEmails;
}

export type JudgingCommand =
  | ({ type: 'SaveSetup'; setup: JudgingSetup } & On)
  | ({ type: 'InviteJudge'; judgeUserId: string } & On)
  | ({ type: 'InviteJudgeByEmail'; email: string } & On)
  | ({ type: 'RemoveJudge'; judgeId: string } & On)
  | ({ type: 'Assign'; projects: AssignableProject[] } & On)
  | ({ type: 'ExcludeVotes'; voterIds: string[]; reason: string } & On)
  | ({ type: 'PublishWinners'; winners: Winner[]; submittedProjectIds: readonly string[] } & On);

/** Exported for the service, which checks it before reading every project stream for Assign or PublishWinners. */
export function assertOrganiser(on: Pick<On, 'listing' | 'actor'>): void {
  assertExists(on.listing);
  if (!isOrganiser(on.listing, on.actor)) throw forbidden(M.notOrganiser);
}

const hasDuplicates = (ids: readonly string[]) => new Set(ids).size !== ids.length;

function setupViolation(setup: JudgingSetup, judges: readonly string[]): string | null {
  if (hasDuplicates(setup.tracks.map((t) => t.id)) || hasDuplicates(setup.criteria.map((c) => c.id))) return M.duplicateIds;
  const { opensAt, closesAt } = setup.voting;
  if (opensAt && closesAt && Date.parse(closesAt) <= Date.parse(opensAt)) return M.votingWindow;
  const trackIds = new Set(setup.tracks.map((t) => t.id));
  for (const [trackId, named] of Object.entries(setup.assignment.trackJudges)) {
    if (!trackIds.has(trackId)) return M.unknownTrack;
    if (named.some((judge) => !judges.includes(judge))) return M.trackJudgeUnknown;
  }
  return null;
}

function winnersViolation(winners: readonly Winner[], state: JudgingState, submitted: readonly string[]): string | null {
  const trackIds = new Set((state.setup?.tracks ?? []).map((t) => t.id));
  if (winners.some((w) => !submitted.includes(w.projectId))) return M.winnerUnknownProject;
  if (winners.some((w) => w.trackId !== null && !trackIds.has(w.trackId))) return M.winnerUnknownTrack;
  return null;
}

function decideJudges(command: Extract<JudgingCommand, { type: 'InviteJudge' | 'InviteJudgeByEmail' | 'RemoveJudge' }>, state: JudgingState, base: { hackathonId: string; at: string; byUserId: string }): JudgingEvent[] {
  const judges = judgesOf(state, command.resolved);
  switch (command.type) {
    case 'InviteJudge':
      if (judges.includes(command.judgeUserId)) throw conflict(M.judgeAlready);
      return [{ type: 'HackathonJudgeInvited', data: { ...base, judgeUserId: command.judgeUserId } }];
    case 'InviteJudgeByEmail': {
      const email = command.email.trim().toLowerCase();
      const holder = command.resolved[email];
      if (state.judgeEmails.includes(email) || (holder && judges.includes(holder))) throw conflict(M.judgeAlready);
      // An address an account already holds verified makes that user a judge at once.
      if (holder) return [{ type: 'HackathonJudgeInvited', data: { ...base, judgeUserId: holder } }];
      return [{ type: 'HackathonJudgeInvitedByEmail', data: { ...base, email } }];
    }
    case 'RemoveJudge': {
      const id = command.judgeId.trim();
      const email = id.toLowerCase();
      if (state.judgeEmails.includes(email)) return [{ type: 'HackathonJudgeRemoved', data: { ...base, judgeUserId: null, email } }];
      if (!judges.includes(id)) throw notFound(M.judgeNotFound);
      // A judge may be one by id and by an e-mail they hold: both go, or they would stay a judge.
      const byId: JudgingEvent[] = state.judgeUserIds.includes(id) ? [{ type: 'HackathonJudgeRemoved', data: { ...base, judgeUserId: id, email: null } }] : [];
      const byEmail: JudgingEvent[] = state.judgeEmails
        .filter((e) => command.resolved[e] === id)
        .map((e) => ({ type: 'HackathonJudgeRemoved', data: { ...base, judgeUserId: null, email: e } }));
      return [...byId, ...byEmail];
    }
  }
}

export const judgingDecider: Decider<JudgingState, JudgingCommand, JudgingEvent> = {
  initialState: noJudging,
  evolve: evolveJudging,
  decide(command, state) {
    assertOrganiser(command);
    const base = { hackathonId: command.listing.hackathonId, at: command.now.toISOString(), byUserId: command.actor.userId };
    switch (command.type) {
      case 'SaveSetup': {
        const violation = setupViolation(command.setup, judgesOf(state, command.resolved));
        if (violation) throw refused(violation);
        return [{ type: 'HackathonJudgingSetupSaved', data: { ...base, setup: command.setup } }];
      }
      case 'InviteJudge':
      case 'InviteJudgeByEmail':
      case 'RemoveJudge':
        return decideJudges(command, state, base);
      case 'Assign': {
        const judges = judgesOf(state, command.resolved);
        if (judges.length === 0) throw refused(M.noJudges);
        const assignment = state.setup?.assignment ?? { mode: 'all' as const, judgesPerProject: 1, trackJudges: {} };
        const assignments = assignProjects({ ...assignment, trackJudges: { ...assignment.trackJudges }, judges, projects: command.projects });
        return [{ type: 'HackathonProjectsAssigned', data: { ...base, mode: assignment.mode, assignments } }];
      }
      case 'ExcludeVotes':
        if (!command.reason.trim()) throw refused(M.reasonRequired);
        if (command.voterIds.length === 0) throw refused(M.votersRequired);
        return [{ type: 'HackathonVotesExcluded', data: { ...base, voterIds: [...new Set(command.voterIds)], reason: command.reason.trim() } }];
      case 'PublishWinners': {
        const violation = winnersViolation(command.winners, state, command.submittedProjectIds);
        if (violation) throw refused(violation);
        return [{ type: 'HackathonWinnersPublished', data: { ...base, winners: command.winners } }];
      }
    }
  },
};
