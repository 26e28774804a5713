import type { DomainEvent } from '@circuit/shared/events/catalogue';
import type { HACKATHON_JUDGING_EVENT_TYPES, JudgingCriterion, JudgingSetup, JudgingTrack, VotingSettings, Winner } from '@circuit/shared/events/hackathon-judging';

/**
 * The judging stream (`hackathon-judging-<hackathonId>`) folded into what every judging decider
 * decides with: the setup, the judges, the recorded assignment, the excluded voters and the winners.
 * Pure and read-only, so the score and vote deciders load it with loadState next to their own
 * stream. Invitations by e-mail stay e-mails here: who they name now is resolved by the caller from
 * the account streams (`judgesOf` takes that resolution), since an account may appear at any time.
 */

export type JudgingEvent = DomainEvent<(typeof HACKATHON_JUDGING_EVENT_TYPES)[number]>;

export interface VoteExclusion {
  reason: string;
  byUserId: string;
  at: string;
}

export interface JudgingState {
  /** null until the organiser saves a setup (the deadline is then the hackathon's end date). */
  setup: JudgingSetup | null;
  /** Invited by user id and not removed, in invitation order. */
  judgeUserIds: readonly string[];
  /** Invitations by e-mail (lower-cased) not removed, in invitation order. */
  judgeEmails: readonly string[];
  /** The last assignment recorded (judge user id -> project ids); null until Assign is pressed. */
  assignments: Readonly<Record<string, readonly string[]>> | null;
  excludedVoters: Readonly<Record<string, VoteExclusion>>;
  /** The last published winners; null until published. */
  winners: readonly Winner[] | null;
}

export const noJudging = (): JudgingState => ({ setup: null, judgeUserIds: [], judgeEmails: [], assignments: null, excludedVoters: {}, winners: null });

const adding = (list: readonly string[], item: string) => (list.includes(item) ? list : [...list, item]);
const removing = (list: readonly string[], item: string | null) => (item === null ? list : list.filter((x) => x !== item));

export function evolveJudging(state: JudgingState, event: JudgingEvent): JudgingState {
  switch (event.type) {
    case 'HackathonJudgingSetupSaved':
      return { ...state, setup: event.data.setup };
    case 'HackathonJudgeInvited':
      return { ...state, judgeUserIds: adding(state.judgeUserIds, event.data.judgeUserId) };
    case 'HackathonJudgeInvitedByEmail':
      return { ...state, judgeEmails: adding(state.judgeEmails, event.data.email) };
    case 'HackathonJudgeRemoved':
      return { ...state, judgeUserIds: removing(state.judgeUserIds, event.data.judgeUserId), judgeEmails: removing(state.judgeEmails, event.data.email) };
    case 'HackathonProjectsAssigned':
      return { ...state, assignments: event.data.assignments };
    case 'HackathonVotesExcluded': {
      const { reason, byUserId, at } = event.data;
      const added = Object.fromEntries(event.data.voterIds.map((voterId) => [voterId, { reason, byUserId, at }]));
      return { ...state, excludedVoters: { ...state.excludedVoters, ...added } };
    }
    case 'HackathonWinnersPublished':
      return { ...state, winners: event.data.winners };
  }
}

/** For loadState/loadFresh: a fold whose decide is never called. */
export const judgingFold = { initialState: noJudging, evolve: evolveJudging, decide: (): never[] => [] };

/** E-mail (lower-cased) -> the user id of the account holding it verified; e-mails nobody holds are absent. */
export type ResolvedEmails = Readonly<Record<string, string>>;

/** Every judge now: those invited by id, and those invited by an e-mail an account now holds verified. */
export function judgesOf(state: JudgingState, resolved: ResolvedEmails): string[] {
  const byEmail = state.judgeEmails.map((email) => resolved[email]).filter((id): id is string => Boolean(id));
  return [...new Set([...state.judgeUserIds, ...byEmail])];
}

export const isJudge = (state: JudgingState, userId: string, resolved: ResolvedEmails) => judgesOf(state, resolved).includes(userId);

export const criteriaOf = (state: JudgingState): readonly JudgingCriterion[] => state.setup?.criteria ?? [];
export const tracksOf = (state: JudgingState): readonly JudgingTrack[] => state.setup?.tracks ?? [];

/** The project ids assigned to the judge by the last Assign (none before it, or when not assigned). */
export const assignedTo = (state: JudgingState, judgeUserId: string): readonly string[] => state.assignments?.[judgeUserId] ?? [];

/** Whether the judge may see and score the project: only what the recorded assignment gives them. */
export const isAssigned = (state: JudgingState, judgeUserId: string, projectId: string) => assignedTo(state, judgeUserId).includes(projectId);

/** The submission deadline: the setup's, else the hackathon's end date (from the listing). */
export const deadlineOf = (state: JudgingState, hackathonEndDate: string): string => state.setup?.submissionDeadline || hackathonEndDate;

export const votingOf = (state: JudgingState): VotingSettings => state.setup?.voting ?? { enabled: false, opensAt: null, closesAt: null, perTrack: false };

/** Whether votes are taken at `now`: enabled, and within the window (an end not set leaves it open). */
export function votingOpen(state: JudgingState, now: Date): boolean {
  const voting = votingOf(state);
  if (!voting.enabled) return false;
  const t = now.getTime();
  if (voting.opensAt && t < Date.parse(voting.opensAt)) return false;
  if (voting.closesAt && t >= Date.parse(voting.closesAt)) return false;
  return true;
}

export const isExcludedVoter = (state: JudgingState, voterId: string) => Object.hasOwn(state.excludedVoters, voterId);
