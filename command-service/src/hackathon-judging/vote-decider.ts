import type { Decider } from '@circuit/shared/commands/decider';
import { forbidden, notFound, refused } from '@circuit/shared/commands/domain-errors';
import type { DomainEvent } from '@circuit/shared/events/catalogue';
import { ScoringMessages as M } from '@circuit/shared/hackathons/scoring-messages';
import { tracksOf, votingOf, votingOpen, type JudgingState } from './judging-fold';
import type { ProjectFacts } from './project-facts';

/**
 * One voter's community vote in a hackathon (`hackathon-vote-<hackathonId>-<userId>`): one vote
 * for the whole hackathon, or one per track when the organiser asks for that. Sending the vote
 * already recorded appends nothing, so a vote counts once however often it is sent; a change of
 * mind is a change, until voting closes (the server's clock, in the command).
 */

export type VoteEvent = DomainEvent<'HackathonVoteCast' | 'HackathonVoteChanged' | 'HackathonVoteWithdrawn'>;

/** Key '' is the whole hackathon's vote; a track's vote is keyed by the track id. */
export interface Ballot {
  votes: Readonly<Record<string, string>>;
}

export const noBallot = (): Ballot => ({ votes: {} });
const keyOf = (trackId: string | null) => trackId ?? '';

/** What the voter's account says, from its own stream. */
export interface Voter {
  userId: string;
  verified: boolean;
  accountCreatedAt: string;
}

interface On {
  hackathonId: string;
  voter: Voter;
  judging: JudgingState;
  /** A keyed hash of the client's address (client-address.ts), for the read side's burst flag. */
  clientAddress: string;
  now: Date;
}

export type VoteCommand = ({ type: 'Vote'; project: ProjectFacts; trackId: string | null } & On) | ({ type: 'Withdraw'; trackId: string | null } & On);

export function evolveBallot(state: Ballot, event: VoteEvent): Ballot {
  const key = keyOf(event.data.trackId);
  if (event.type === 'HackathonVoteWithdrawn') {
    const { [key]: _withdrawn, ...rest } = state.votes;
    return { votes: rest };
  }
  return { votes: { ...state.votes, [key]: event.data.projectId } };
}

function assertMayVote(command: On): void {
  if (!votingOpen(command.judging, command.now)) throw refused(M.votingClosed, { code: 'voting-closed' });
  if (!command.voter.verified) throw forbidden(M.unverified);
}

/** The track the vote is in: one of the project's when votes are per track, else none (the whole hackathon). */
function trackOf(command: Extract<VoteCommand, { type: 'Vote' }>): string | null {
  if (!votingOf(command.judging).perTrack) return null;
  if (command.trackId === null) throw refused(M.trackRequired);
  if (!tracksOf(command.judging).some((t) => t.id === command.trackId) || !command.project.trackIds.includes(command.trackId)) throw refused(M.notInTrack);
  return command.trackId;
}

export const voteDecider: Decider<Ballot, VoteCommand, VoteEvent> = {
  initialState: noBallot,
  evolve: evolveBallot,
  decide(command, state) {
    assertMayVote(command);
    const base = { hackathonId: command.hackathonId, userId: command.voter.userId, accountCreatedAt: command.voter.accountCreatedAt, clientAddress: command.clientAddress, at: command.now.toISOString() };
    if (command.type === 'Withdraw') {
      const trackId = votingOf(command.judging).perTrack ? command.trackId : null;
      const current = state.votes[keyOf(trackId)];
      return current === undefined ? [] : [{ type: 'HackathonVoteWithdrawn', data: { ...base, trackId, projectId: current } }];
    }
    if (!command.project.judged) throw notFound(M.projectNotFound);
    const trackId = trackOf(command);
    const current = state.votes[keyOf(trackId)];
    const projectId = command.project.projectId;
    if (current === projectId) return [];
    if (current === undefined) return [{ type: 'HackathonVoteCast', data: { ...base, trackId, projectId } }];
    return [{ type: 'HackathonVoteChanged', data: { ...base, trackId, projectId, previousProjectId: current } }];
  },
};
