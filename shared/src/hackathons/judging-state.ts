import type { DomainEvent } from '../events/catalogue';
import type { HACKATHON_JUDGING_EVENT_TYPES, JudgingSetup, Winner } from '../events/hackathon-judging';

/**
 * The judging stream (`hackathon-judging-<hackathonId>`) folded: the setup, the judges, the
 * recorded assignment, the excluded voters and the winners. One pure fold for both sides: the
 * command side decides with it (command-service/src/hackathon-judging/judging-fold.ts), the read
 * side keeps it as the hackathon's judging row (projection-service/src/hackathon-projects).
 * Invitations by e-mail stay e-mails: who they name is resolved when read, since an account may
 * appear at any time.
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
  assignedAt: string | null;
  excludedVoters: Readonly<Record<string, VoteExclusion>>;
  /** The last published winners; null until published. */
  winners: readonly Winner[] | null;
  winnersPublishedAt: string | null;
}

export const noJudging = (): JudgingState => ({ setup: null, judgeUserIds: [], judgeEmails: [], assignments: null, assignedAt: null, excludedVoters: {}, winners: null, winnersPublishedAt: null });

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
      return { ...state, assignments: event.data.assignments, assignedAt: event.data.at };
    case 'HackathonVotesExcluded': {
      const { reason, byUserId, at } = event.data;
      const added = Object.fromEntries(event.data.voterIds.map((voterId) => [voterId, { reason, byUserId, at }]));
      return { ...state, excludedVoters: { ...state.excludedVoters, ...added } };
    }
    case 'HackathonWinnersPublished':
      return { ...state, winners: event.data.winners, winnersPublishedAt: event.data.at };
  }
}

/** The submission deadline: the setup's, else the hackathon's end date ('' when neither is set). */
export const deadlineOf = (state: JudgingState, hackathonEndDate: string): string => state.setup?.submissionDeadline || hackathonEndDate;
