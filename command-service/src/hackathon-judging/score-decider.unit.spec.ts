import { describe, expect, it } from 'vitest';
import { DomainError } from '@circuit/shared/commands/domain-errors';
import { ScoringMessages as M } from '@circuit/shared/hackathons/scoring-messages';
import type { JudgingSetup } from '@circuit/shared/events/hackathon-judging';
import { noJudging, type JudgingState } from './judging-fold';
import { scoreDecider, type ScoreCommand, type ScoreEvent, type ScoreSheet } from './score-decider';

const setup: JudgingSetup = {
  submissionDeadline: '',
  tracks: [],
  criteria: [
    { id: 'impact', name: 'Impact', description: '', weight: 2, scale: 5 },
    { id: 'craft', name: 'Craft', description: '', weight: 1, scale: 10 },
  ],
  galleryOpen: false,
  voting: { enabled: false, opensAt: null, closesAt: null, perTrack: false },
  assignment: { mode: 'all', judgesPerProject: 1, trackJudges: {} },
};
const judging: JudgingState = { ...noJudging(), setup, judgeUserIds: ['judge'], assignments: { judge: ['p1', 'own'] } };
const now = new Date('2030-01-01T10:00:00Z');
const on = (projectId: string, memberIds: string[] = ['someone']) => ({ hackathonId: 'h', judgeUserId: 'judge', project: { projectId, judged: true, trackIds: [], memberIds }, judging, isJudge: true, now });
const score = (projectId: string, criterionId: string, value: number, extra: Partial<ScoreCommand> = {}): ScoreCommand => ({ type: 'Score', criterionId, value, ...on(projectId), ...extra }) as ScoreCommand;

function run(state: ScoreSheet, command: ScoreCommand): { events: ScoreEvent[]; state: ScoreSheet } {
  const events = scoreDecider.decide(command, state);
  return { events, state: events.reduce(scoreDecider.evolve, state) };
}
function refusal(fn: () => unknown): { kind: string; message: string } {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return { kind: error.kind, message: error.message };
    throw error;
  }
  throw new Error('not refused');
}

describe('score decider', () => {
  it('records a first score with no old value, then a change with the value before it', () => {
    const first = run(scoreDecider.initialState(), score('p1', 'impact', 4));
    expect(first.events).toEqual([{ type: 'HackathonScoreGiven', data: { hackathonId: 'h', judgeUserId: 'judge', projectId: 'p1', criterionId: 'impact', oldValue: null, newValue: 4, at: now.toISOString() } }]);
    const second = run(first.state, score('p1', 'impact', 2));
    expect(second.events.map((e) => [e.type, 'oldValue' in e.data ? e.data.oldValue : null, 'newValue' in e.data ? e.data.newValue : null])).toEqual([['HackathonScoreChanged', 4, 2]]);
  });

  it('appends nothing for a score equal to the current one, or a note unchanged', () => {
    const { state } = run(scoreDecider.initialState(), score('p1', 'impact', 4));
    expect(scoreDecider.decide(score('p1', 'impact', 4), state)).toEqual([]);
    const noted = run(state, { type: 'SaveNote', note: 'strong demo', ...on('p1') });
    expect(noted.events).toHaveLength(1);
    expect(scoreDecider.decide({ type: 'SaveNote', note: 'strong demo', ...on('p1') }, noted.state)).toEqual([]);
  });

  it('answers not found for a project not assigned, and for a user who is not a judge now', () => {
    expect(refusal(() => scoreDecider.decide(score('p2', 'impact', 3), scoreDecider.initialState()))).toEqual({ kind: 'not_found', message: M.projectNotFound });
    expect(refusal(() => scoreDecider.decide(score('p1', 'impact', 3, { isJudge: false }), scoreDecider.initialState()))).toEqual({ kind: 'not_found', message: M.projectNotFound });
    const withdrawn = { ...on('p1'), project: { projectId: 'p1', judged: false, trackIds: [], memberIds: [] } };
    expect(refusal(() => scoreDecider.decide({ type: 'Score', criterionId: 'impact', value: 3, ...withdrawn }, scoreDecider.initialState())).kind).toBe('not_found');
  });

  it('refuses a project of the judge\'s own team, whatever the assignment says', () => {
    const own = { type: 'Score' as const, criterionId: 'impact', value: 3, ...on('own', ['judge', 'mate']) };
    expect(refusal(() => scoreDecider.decide(own, scoreDecider.initialState()))).toEqual({ kind: 'refused', message: M.ownTeam });
    const unassigned = { type: 'Score' as const, criterionId: 'impact', value: 3, ...on('elsewhere', ['judge']) };
    expect(refusal(() => scoreDecider.decide(unassigned, scoreDecider.initialState())).message).toBe(M.ownTeam);
  });

  it('keeps a value within its criterion\'s scale, and knows only the setup\'s criteria', () => {
    expect(refusal(() => scoreDecider.decide(score('p1', 'impact', 6), scoreDecider.initialState()))).toEqual({ kind: 'refused', message: M.outOfScale('Impact', 5) });
    expect(refusal(() => scoreDecider.decide(score('p1', 'craft', 0), scoreDecider.initialState())).message).toBe(M.outOfScale('Craft', 10));
    expect(scoreDecider.decide(score('p1', 'craft', 10), scoreDecider.initialState())).toHaveLength(1);
    expect(refusal(() => scoreDecider.decide(score('p1', 'unknown', 3), scoreDecider.initialState())).message).toBe(M.criterionNotFound);
  });
});
