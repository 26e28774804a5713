import type { JudgingCriterion, JudgingTrack, VotingSettings } from '@circuit/shared/events/hackathon-judging';
import { evolveJudging, noJudging, type JudgingState } from '@circuit/shared/hackathons/judging-state';

export { deadlineOf, evolveJudging, noJudging, type JudgingEvent, type JudgingState, type VoteExclusion } from '@circuit/shared/hackathons/judging-state';

/**
 * The judging stream (`hackathon-judging-<hackathonId>`) as every judging decider decides with it:
 * the fold (shared/src/hackathons/judging-state.ts, the read side keeps the same) and what the
 * deciders ask of it. Pure and read-only, so the score and vote deciders load it with loadState
 * next to their own stream. Invitations by e-mail are resolved by the caller from the account
 * streams (`judgesOf` takes that resolution), since an account may appear at any time.
 */

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
