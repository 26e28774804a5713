import { describe, expect, it } from 'vitest';
import { DomainError } from '@circuit/shared/commands/domain-errors';
import type { JudgingSetup } from '@circuit/shared/events/hackathon-judging';
import { JudgingMessages as M } from '@circuit/shared/hackathons/judging-messages';
import { judgingDecider, judgesOf, type JudgingCommand, type JudgingEvent, type JudgingState } from './judging-decider';
import type { JudgingListing } from './judging-listing';

const now = new Date('2030-03-01T10:00:00Z');
const listing: JudgingListing = { hackathonId: 'h', exists: true, deleted: false, status: 'accepted', createdBy: 'org', username: 'h', title: 'H', takeRegistrations: 'true', endDate: '2030-03-05T00:00:00Z', minMembers: 1, paid: false };
const on = { listing, actor: { userId: 'org', role: 'user' as const }, now, resolved: {} };
const setup: JudgingSetup = {
  submissionDeadline: '',
  tracks: [{ id: 'ai', name: 'AI', description: '' }],
  criteria: [{ id: 'c1', name: 'Impact', description: '', weight: 1, scale: 10 }],
  galleryOpen: false,
  voting: { enabled: false, opensAt: null, closesAt: null, perTrack: false },
  assignment: { mode: 'perProject', judgesPerProject: 1, trackJudges: {} },
};

const run = (events: JudgingEvent[]): JudgingState => events.reduce(judgingDecider.evolve, judgingDecider.initialState());
const decide = (command: JudgingCommand, state = judgingDecider.initialState()) => judgingDecider.decide(command, state);
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return [error.kind, error.message];
  }
  return null;
};

describe('judging decider', () => {
  it('lets only the creator or an admin decide', () => {
    expect(refusal(() => decide({ type: 'SaveSetup', setup, ...on, actor: { userId: 'x', role: 'moderator' } }))).toEqual(['forbidden', M.notOrganiser]);
    expect(decide({ type: 'SaveSetup', setup, ...on, actor: { userId: 'x', role: 'admin' } })).toHaveLength(1);
    expect(refusal(() => decide({ type: 'SaveSetup', setup, ...on, listing: { ...listing, deleted: true } }))?.[0]).toBe('not_found');
  });

  it('refuses a voting window that closes before it opens, duplicate ids, and track judges who are not judges', () => {
    const voting = { enabled: true, opensAt: '2030-03-02T00:00:00Z', closesAt: '2030-03-01T00:00:00Z', perTrack: false };
    expect(refusal(() => decide({ type: 'SaveSetup', setup: { ...setup, voting }, ...on }))).toEqual(['refused', M.votingWindow]);
    expect(refusal(() => decide({ type: 'SaveSetup', setup: { ...setup, tracks: [...setup.tracks, ...setup.tracks] }, ...on }))).toEqual(['refused', M.duplicateIds]);
    const trackJudges = { ai: ['someone'] };
    expect(refusal(() => decide({ type: 'SaveSetup', setup: { ...setup, assignment: { ...setup.assignment, mode: 'byTrack', trackJudges } }, ...on }))).toEqual(['refused', M.trackJudgeUnknown]);
  });

  it('invites by id or e-mail; an e-mail a verified account holds names that user; removing a judge removes both ways in', () => {
    const invited = decide({ type: 'InviteJudgeByEmail', email: 'Ann@Example.com', ...on });
    expect(invited).toEqual([{ type: 'HackathonJudgeInvitedByEmail', data: expect.objectContaining({ email: 'ann@example.com' }) }]);
    const direct = decide({ type: 'InviteJudgeByEmail', email: 'bo@example.com', ...on, resolved: { 'bo@example.com': 'bo' } });
    expect(direct).toEqual([{ type: 'HackathonJudgeInvited', data: expect.objectContaining({ judgeUserId: 'bo' }) }]);

    const state = run([...invited, ...decide({ type: 'InviteJudge', judgeUserId: 'ann', ...on })]);
    const resolved = { 'ann@example.com': 'ann' };
    expect(judgesOf(state, resolved)).toEqual(['ann']);
    expect(refusal(() => decide({ type: 'InviteJudge', judgeUserId: 'ann', ...on }, state))).toEqual(['conflict', M.judgeAlready]);
    const removed = decide({ type: 'RemoveJudge', judgeId: 'ann', ...on, resolved }, state);
    expect(removed.map((e) => e.data)).toEqual([expect.objectContaining({ judgeUserId: 'ann', email: null }), expect.objectContaining({ judgeUserId: null, email: 'ann@example.com' })]);
    expect(judgesOf(run([...invited, ...removed]), resolved)).toEqual([]);
    expect(refusal(() => decide({ type: 'RemoveJudge', judgeId: 'nobody', ...on }, state))).toEqual(['not_found', M.judgeNotFound]);
  });

  it('assigns through assignProjects by the saved mode, never a judge to their own team', () => {
    const state = run([
      ...decide({ type: 'SaveSetup', setup, ...on }),
      ...decide({ type: 'InviteJudge', judgeUserId: 'j1', ...on }),
      ...decide({ type: 'InviteJudge', judgeUserId: 'j2', ...on }),
    ]);
    const projects = [
      { projectId: 'p1', trackIds: ['ai'], memberIds: ['j1'] },
      { projectId: 'p2', trackIds: ['ai'], memberIds: ['x'] },
    ];
    const [assigned] = decide({ type: 'Assign', projects, ...on }, state);
    expect(assigned).toMatchObject({ type: 'HackathonProjectsAssigned', data: { mode: 'perProject', assignments: { j1: ['p2'], j2: ['p1'] } } });
    expect(refusal(() => decide({ type: 'Assign', projects, ...on }))).toEqual(['refused', M.noJudges]);
  });

  it('publishes winners only of submitted projects and known tracks; excludes votes with a reason', () => {
    const state = run(decide({ type: 'SaveSetup', setup, ...on }));
    const winner = { prize: 'First', trackId: 'ai', place: 1, projectId: 'p1' };
    expect(refusal(() => decide({ type: 'PublishWinners', winners: [winner], submittedProjectIds: [], ...on }, state))).toEqual(['refused', M.winnerUnknownProject]);
    expect(refusal(() => decide({ type: 'PublishWinners', winners: [{ ...winner, trackId: 'web' }], submittedProjectIds: ['p1'], ...on }, state))).toEqual(['refused', M.winnerUnknownTrack]);
    const published = decide({ type: 'PublishWinners', winners: [winner], submittedProjectIds: ['p1'], ...on }, state);
    expect(run(published).winners).toEqual([winner]);
    expect(refusal(() => decide({ type: 'ExcludeVotes', voterIds: ['v'], reason: ' ', ...on }))).toEqual(['refused', M.reasonRequired]);
    const excluded = run(decide({ type: 'ExcludeVotes', voterIds: ['v', 'v'], reason: 'burst', ...on }));
    expect(excluded.excludedVoters).toEqual({ v: { reason: 'burst', byUserId: 'org', at: now.toISOString() } });
  });
});
