import { describe, expect, it } from 'vitest';
import { formOf, isoOf, localInputOf, setupIssues, type SetupDraft } from './setupDraft';

const draft = (over: Partial<SetupDraft> = {}): SetupDraft => ({
  submissionDeadline: '',
  tracks: [{ id: 't1', name: 'Health', description: '' }],
  criteria: [{ name: 'Impact', description: '', weight: 2, scale: 5 }],
  galleryOpen: false,
  voting: { enabled: false, opensAt: '', closesAt: '', perTrack: false },
  assignment: { mode: 'byTrack', judgesPerProject: 3, trackJudges: { t1: ['j1'], gone: ['j2'] } },
  ...over,
});

describe('the judging setup form', () => {
  it('turns a date-time input into an instant and back in the browser’s zone', () => {
    const local = '2026-12-01T10:30';
    expect(localInputOf(isoOf(local))).toBe(local);
    expect(isoOf('')).toBe('');
    expect(localInputOf(null)).toBe('');
  });

  it('sends an unset window as null, new items without ids, and drops a removed track’s judges', () => {
    const body = formOf(draft());
    expect(body.voting).toEqual({ enabled: false, opensAt: null, closesAt: null, perTrack: false });
    expect(body.criteria).toEqual([{ name: 'Impact', description: '', weight: 2, scale: 5 }]);
    expect(body.tracks).toEqual([{ id: 't1', name: 'Health', description: '' }]);
    expect(body.assignment?.trackJudges).toEqual({ t1: ['j1'] });
  });

  it('finds the shared rules’ broken ones at the draft’s paths', () => {
    expect(setupIssues(draft())).toEqual([]);
    const issues = setupIssues(draft({ criteria: [{ name: ' ', description: '', weight: 0, scale: 10 }], voting: { enabled: true, opensAt: '2026-12-02T10:00', closesAt: '2026-12-01T10:00', perTrack: false } }));
    expect(issues.map((i) => i.path)).toEqual(['criteria.0.name', 'criteria.0.weight', 'voting.closesAt']);
  });
});
