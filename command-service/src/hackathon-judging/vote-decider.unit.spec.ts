import { describe, expect, it } from 'vitest';
import { DomainError } from '@circuit/shared/commands/domain-errors';
import { ScoringMessages as M } from '@circuit/shared/hackathons/scoring-messages';
import type { JudgingSetup } from '@circuit/shared/events/hackathon-judging';
import { noJudging, type JudgingState } from './judging-fold';
import { voteDecider, type Ballot, type VoteCommand } from './vote-decider';

const setup = (perTrack: boolean): JudgingSetup => ({
  submissionDeadline: '',
  tracks: [
    { id: 'ai', name: 'AI', description: '' },
    { id: 'web', name: 'Web', description: '' },
  ],
  criteria: [],
  galleryOpen: true,
  voting: { enabled: true, opensAt: '2030-01-01T00:00:00Z', closesAt: '2030-01-02T00:00:00Z', perTrack },
  assignment: { mode: 'all', judgesPerProject: 1, trackJudges: {} },
});
const judgingOf = (perTrack = false): JudgingState => ({ ...noJudging(), setup: setup(perTrack) });
const during = new Date('2030-01-01T12:00:00Z');
const base = (judging: JudgingState, now = during) => ({ hackathonId: 'h', voter: { userId: 'u', verified: true, accountCreatedAt: '2029-01-01T00:00:00Z' }, judging, clientAddress: 'addr', now });
const vote = (projectId: string, trackId: string | null = null, judging = judgingOf(), now = during): VoteCommand => ({ type: 'Vote', project: { projectId, judged: true, trackIds: ['ai'], memberIds: [] }, trackId, ...base(judging, now) });

function apply(state: Ballot, command: VoteCommand) {
  const events = voteDecider.decide(command, state);
  return { events, state: events.reduce(voteDecider.evolve, state) };
}
const kindOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return `${error.kind}: ${error.message}`;
    throw error;
  }
  return 'accepted';
};

describe('vote decider', () => {
  it('casts once: the same vote sent again appends nothing', () => {
    let ballot = voteDecider.initialState();
    const types: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { events, state } = apply(ballot, vote('p1'));
      types.push(...events.map((e) => e.type));
      ballot = state;
    }
    expect(types).toEqual(['HackathonVoteCast']);
    expect(ballot.votes).toEqual({ '': 'p1' });
  });

  it('records a change of mind with the project before it, and a withdrawal', () => {
    const cast = apply(voteDecider.initialState(), vote('p1'));
    const changed = apply(cast.state, vote('p2'));
    expect(changed.events).toEqual([{ type: 'HackathonVoteChanged', data: expect.objectContaining({ projectId: 'p2', previousProjectId: 'p1', trackId: null, clientAddress: 'addr', accountCreatedAt: '2029-01-01T00:00:00Z' }) }]);
    const withdrawn = apply(changed.state, { type: 'Withdraw', trackId: null, ...base(judgingOf()) });
    expect(withdrawn.events.map((e) => [e.type, e.data.projectId])).toEqual([['HackathonVoteWithdrawn', 'p2']]);
    expect(withdrawn.state.votes).toEqual({});
    expect(voteDecider.decide({ type: 'Withdraw', trackId: null, ...base(judgingOf()) }, withdrawn.state)).toEqual([]);
  });

  it('takes votes only while voting is open, on the server\'s clock given in the command', () => {
    expect(kindOf(() => voteDecider.decide(vote('p1', null, judgingOf(), new Date('2029-12-31T23:59:59Z')), voteDecider.initialState()))).toBe(`refused: ${M.votingClosed}`);
    expect(kindOf(() => voteDecider.decide(vote('p1', null, judgingOf(), new Date('2030-01-02T00:00:00Z')), voteDecider.initialState()))).toBe(`refused: ${M.votingClosed}`);
    const disabled = { ...noJudging(), setup: { ...setup(false), voting: { ...setup(false).voting, enabled: false } } };
    expect(kindOf(() => voteDecider.decide(vote('p1', null, disabled), voteDecider.initialState()))).toBe(`refused: ${M.votingClosed}`);
  });

  it('takes votes from verified users only, for judged projects only', () => {
    const unverified = { ...vote('p1'), voter: { userId: 'u', verified: false, accountCreatedAt: '' } };
    expect(kindOf(() => voteDecider.decide(unverified, voteDecider.initialState()))).toBe(`forbidden: ${M.unverified}`);
    const notJudged = { ...vote('p1'), project: { projectId: 'p1', judged: false, trackIds: [], memberIds: [] } };
    expect(kindOf(() => voteDecider.decide(notJudged, voteDecider.initialState()))).toBe(`not_found: ${M.projectNotFound}`);
  });

  it('keeps one vote per track when votes are per track, in a track the project enters', () => {
    const perTrack = judgingOf(true);
    expect(kindOf(() => voteDecider.decide(vote('p1', null, perTrack), voteDecider.initialState()))).toBe(`refused: ${M.trackRequired}`);
    expect(kindOf(() => voteDecider.decide(vote('p1', 'web', perTrack), voteDecider.initialState()))).toBe(`refused: ${M.notInTrack}`);
    const { events, state } = apply(voteDecider.initialState(), vote('p1', 'ai', perTrack));
    expect(events.map((e) => e.data.trackId)).toEqual(['ai']);
    expect(state.votes).toEqual({ ai: 'p1' });
    // Without per-track voting a track sent along is ignored: one vote for the whole hackathon.
    expect(apply(voteDecider.initialState(), vote('p1', 'ai')).state.votes).toEqual({ '': 'p1' });
  });
});
