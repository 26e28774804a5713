import { describe, expect, it } from 'vitest';
import { DomainError } from '@circuit/shared/commands/domain-errors';
import type { HackathonProjectVersion } from '@circuit/shared/events/hackathon-projects';
import { JudgingMessages as M } from '@circuit/shared/hackathons/judging-messages';
import type { JudgingListing } from '../hackathon-judging/judging-listing';
import { judgedSubmission, projectSubmissionDecider as decider, type ProjectCommand, type ProjectEvent, type ProjectState } from './project-submission-decider';

const listing: JudgingListing = { hackathonId: 'h', exists: true, deleted: false, status: 'accepted', createdBy: 'org', username: 'h', title: 'H', takeRegistrations: 'true', endDate: '2030-03-05T00:00:00Z', minMembers: 2, paid: false };
const deadline = '2030-03-02T00:00:00.000Z';
const before = new Date('2030-03-01T23:59:59Z');
const after = new Date('2030-03-02T00:00:01Z');
const entrant = { kind: 'team' as const, entrantId: 'team-1', teamName: 'Byte Me', memberIds: ['a', 'b'] };
const on = { listing, userId: 'a', entrant, deadline, trackIds: ['ai'], now: before };
const version = (title: string): HackathonProjectVersion => ({
  title,
  tagline: '',
  description: '',
  builtWith: [],
  links: { repository: '', demo: '', video: '' },
  videoEmbedUrl: null,
  images: [],
  trackIds: ['ai'],
  fromPortfolioProjectId: null,
});

const run = (events: ProjectEvent[], from = decider.initialState()): ProjectState => events.reduce(decider.evolve, from);
const refusal = (command: ProjectCommand, state = decider.initialState()) => {
  try {
    decider.decide(command, state);
  } catch (error) {
    if (error instanceof DomainError) return [error.kind, error.message];
  }
  return null;
};

describe('project submission decider', () => {
  it('refuses non-members, unapproved hackathons and unknown tracks', () => {
    expect(refusal({ type: 'SaveDraft', version: version('x'), ...on, entrant: null })).toEqual(['forbidden', M.notEntrant]);
    expect(refusal({ type: 'SaveDraft', version: version('x'), ...on, listing: { ...listing, status: 'pending' } })).toEqual(['refused', M.notApproved]);
    expect(refusal({ type: 'SaveDraft', version: version('x'), ...on, trackIds: [] })).toEqual(['refused', M.unknownTrack]);
    expect(refusal({ type: 'Submit', ...on })).toEqual(['refused', M.noDraft]);
  });

  it('takes drafts and submissions until the deadline and refuses them after, with the message', () => {
    const state = run([...decider.decide({ type: 'SaveDraft', version: version('v1'), ...on }, decider.initialState())]);
    const submitted = run(decider.decide({ type: 'Submit', ...on }, state), state);
    expect(submitted.submissions.map((s) => [s.version.title, s.memberIds])).toEqual([['v1', ['a', 'b']]]);
    // The same version by the same members again: nothing new.
    expect(decider.decide({ type: 'Submit', ...on }, submitted)).toEqual([]);
    expect(refusal({ type: 'SaveDraft', version: version('v2'), ...on, now: after }, submitted)).toEqual(['refused', M.deadlinePassed]);
    expect(refusal({ type: 'Submit', ...on, now: after }, submitted)).toEqual(['refused', M.deadlinePassed]);
    expect(refusal({ type: 'Withdraw', ...on, now: after }, submitted)).toEqual(['refused', M.deadlinePassed]);
  });

  it('judges the last submission at or before the deadline, none once withdrawn', () => {
    const submission = (title: string, at: string): ProjectEvent => ({
      type: 'HackathonProjectSubmitted',
      data: { hackathonId: 'h', projectId: 'team-1', at, byUserId: 'a', entrant: 'team', teamName: 'Byte Me', version: version(title), memberIds: ['a'] },
    });
    // The organiser moved the deadline earlier after a later submission.
    const state = run([submission('early', '2030-03-01T10:00:00.000Z'), submission('late', '2030-03-02T10:00:00.000Z')]);
    expect(judgedSubmission(state, deadline)?.version.title).toBe('early');
    expect(judgedSubmission(state, '')?.version.title).toBe('late');
    expect(judgedSubmission(state, '2030-03-01T00:00:00.000Z')).toBeNull();
    const withdrawn = run([{ type: 'HackathonProjectWithdrawn', data: { hackathonId: 'h', projectId: 'team-1', at: deadline, byUserId: 'a' } }], state);
    expect(judgedSubmission(withdrawn, deadline)).toBeNull();
  });
});
