import { describe, expect, it } from 'vitest';
import { compareRankings, normaliseScores, placeProjects, rankProjects, type JudgeScore, type RankingInput } from './ranking.js';

/** Sheets as judge -> project -> [c1, c2] values. */
function scoresOf(sheets: Record<string, Record<string, number[]>>, criterionIds: string[]): JudgeScore[] {
  return Object.entries(sheets).flatMap(([judgeUserId, sheet]) =>
    Object.entries(sheet).flatMap(([projectId, values]) => values.map((value, i) => ({ judgeUserId, projectId, criterionId: criterionIds[i]!, value }))),
  );
}

const projects = ['p1', 'p2', 'p3', 'p4'].map((projectId) => ({ projectId, title: projectId.toUpperCase(), trackIds: projectId === 'p1' || projectId === 'p4' ? ['ai'] : ['web'] }));

/**
 * The fixed data set: 3 judges, 4 projects, 2 criteria.
 * c1 "impact": weight 2, scale 5, so a unit is (v - 1) / 4.  c2 "execution": weight 1, scale 10, unit (v - 1) / 9.
 */
const fixed: RankingInput = {
  criteria: [
    { id: 'c1', weight: 2, scale: 5 },
    { id: 'c2', weight: 1, scale: 10 },
  ],
  trackIds: ['ai', 'web'],
  projects,
  scores: scoresOf(
    {
      A: { p1: [3, 1], p2: [5, 10], p3: [1, 1], p4: [3, 10] }, // harsh
      B: { p1: [3, 10], p2: [5, 10], p3: [3, 1], p4: [5, 10] }, // generous
      C: { p1: [5, 10], p3: [5, 10], p4: [5, 10] }, // everything top marks: tells nothing apart
    },
    ['c1', 'c2'],
  ),
};

describe('ranking of the fixed data set, computed by hand', () => {
  it('z-score: each judge standardised by their own mean and population deviation', () => {
    // Judge A's units (p1..p4, c1 then c2): .5, 0 | 1, 1 | 0, 0 | .5, 1.
    //   mean = 4 / 8 = .5; squared distances .0 .25 .25 .25 .25 .25 .0 .25 = 1.5; variance 1.5 / 8 = 3/16
    //   deviation sA = sqrt(3)/4, so z = (u - .5) / sA: .5 -> 0, 0 -> -2/sqrt(3), 1 -> +2/sqrt(3).
    const zA = 2 / Math.sqrt(3);
    // Judge B's units: .5, 1 | 1, 1 | .5, 0 | 1, 1.
    //   mean = 6 / 8 = .75; squared distances: seven of .0625 and one (the 0) of .5625 = 1; variance 1/8
    //   deviation sB = 1/(2 sqrt(2)) = sqrt(2)/4, so z = (u - .75) * 2 sqrt(2): .5 -> -sqrt(2)/2, 1 -> +sqrt(2)/2, 0 -> -3 sqrt(2)/2.
    const zB = Math.SQRT2 / 2;
    // Judge C gave only 1s (units 1): deviation 0, so every z of C is 0, and C still counts as a judge.
    // A judge's value for a project is (2 z(c1) + 1 z(c2)) / 3:
    //   A: p1 (0 - zA)/3,  p2 (2zA + zA)/3 = zA,  p3 -zA,  p4 (0 + zA)/3
    //   B: p1 (-2zB + zB)/3 = -zB/3,  p2 zB,  p3 (-2zB - 3zB)/3 = -5zB/3,  p4 zB
    // A project's value is the mean over its judges:
    const p1 = (-zA / 3 + -zB / 3 + 0) / 3; // -0.2069
    const p2 = (zA + zB) / 2; // 0.9309 (C did not score p2)
    const p3 = (-zA + (-5 * zB) / 3 + 0) / 3; // -0.7777
    const p4 = (zA / 3 + zB + 0) / 3; // 0.3640

    const overall = rankProjects(fixed, 'zscore')[0]!;
    expect(overall.trackId).toBeNull();
    expect(overall.rows.map((r) => r.projectId)).toEqual(['p2', 'p4', 'p1', 'p3']);
    const value = (id: string) => overall.rows.find((r) => r.projectId === id)!.value;
    expect(value('p1')).toBeCloseTo(p1, 12);
    expect(value('p2')).toBeCloseTo(p2, 12);
    expect(value('p3')).toBeCloseTo(p3, 12);
    expect(value('p4')).toBeCloseTo(p4, 12);
    expect(overall.rows.map((r) => [r.place, r.judges])).toEqual([[1, 2], [2, 3], [3, 3], [4, 3]]);
  });

  it('raw: the mean of the judges\' weighted means of units', () => {
    // A: p1 (2*.5 + 0)/3 = 1/3, p2 1, p3 0, p4 (2*.5 + 1)/3 = 2/3
    // B: p1 (2*.5 + 1)/3 = 2/3, p2 1, p3 (2*.5 + 0)/3 = 1/3, p4 1
    // C: 1 for p1, p3 and p4
    const rows = rankProjects(fixed, 'raw')[0]!.rows;
    expect(rows.map((r) => r.projectId)).toEqual(['p2', 'p4', 'p1', 'p3']);
    expect(rows.map((r) => r.value)).toEqual([1, (2 / 3 + 1 + 1) / 3, (1 / 3 + 2 / 3 + 1) / 3, (0 + 1 / 3 + 1) / 3].map((v) => expect.closeTo(v, 12)));
  });

  it('trimmed: the highest and lowest judge left out from 3 judges on; a tie goes to more judges', () => {
    // p1: 1/3, 2/3, 1 -> 2/3;  p2: two judges, kept -> 1;  p3: 0, 1/3, 1 -> 1/3;  p4: 2/3, 1, 1 -> 1.
    // p2 and p4 tie at 1: p4 has 3 judges, p2 2, so p4 is first.
    const rows = rankProjects(fixed, 'trimmed')[0]!.rows;
    expect(rows.map((r) => [r.projectId, r.place])).toEqual([['p4', 1], ['p2', 2], ['p1', 3], ['p3', 4]]);
    expect(rows.map((r) => r.value)).toEqual([1, 1, 2 / 3, 1 / 3].map((v) => expect.closeTo(v, 12)));
  });

  it('ranks each track on its own, after the overall ranking', () => {
    const tracks = rankProjects(fixed, 'zscore');
    expect(tracks.map((t) => [t.trackId, t.rows.map((r) => `${r.projectId}:${r.place}`)])).toEqual([
      [null, ['p2:1', 'p4:2', 'p1:3', 'p3:4']],
      ['ai', ['p4:1', 'p1:2']],
      ['web', ['p2:1', 'p3:2']],
    ]);
  });

  it('puts the three side by side and marks the projects whose place differs', () => {
    const overall = compareRankings(fixed)[0]!;
    expect(overall.rows.map((r) => [r.projectId, r.raw.place, r.zscore.place, r.trimmed.place, r.differs])).toEqual([
      ['p2', 1, 1, 2, true],
      ['p4', 2, 2, 1, true],
      ['p1', 3, 3, 3, false],
      ['p3', 4, 4, 4, false],
    ]);
  });
});

describe('ranking rules', () => {
  it('counts a harsh judge and a generous one alike under z-score', () => {
    // H gives 2 and 1 (units .25, 0); G gives 5 and 4 (1, .75). Raw favours G's projects; each
    // judge's better project is +1 and worse -1 under z-score, ties then go by title.
    const input: RankingInput = {
      criteria: [{ id: 'c', weight: 1, scale: 5 }],
      trackIds: [],
      projects: ['p1', 'p2', 'p3', 'p4'].map((projectId) => ({ projectId, title: projectId, trackIds: [] })),
      scores: scoresOf({ H: { p1: [2], p2: [1] }, G: { p3: [5], p4: [4] } }, ['c']),
    };
    const rows = compareRankings(input)[0]!.rows;
    expect(rows.map((r) => [r.projectId, r.raw.place, r.zscore.place, r.zscore.value, r.differs])).toEqual([
      ['p3', 1, 2, 1, true],
      ['p4', 2, 4, -1, true],
      ['p1', 3, 1, 1, true],
      ['p2', 4, 3, -1, true],
    ]);
  });

  it('brings both scales to 0..1 and leaves out scores of unknown criteria', () => {
    const scores = normaliseScores(
      [
        { id: 'five', weight: 1, scale: 5 },
        { id: 'ten', weight: 1, scale: 10 },
      ],
      [
        { judgeUserId: 'j', projectId: 'p', criterionId: 'five', value: 5 },
        { judgeUserId: 'j', projectId: 'p', criterionId: 'ten', value: 1 },
        { judgeUserId: 'j', projectId: 'p', criterionId: 'gone', value: 3 },
      ],
    );
    expect(scores.map((s) => [s.criterionId, s.unit, s.z])).toEqual([
      ['five', 1, 1],
      ['ten', 0, -1],
    ]);
  });

  it('gives a judge of equal scores z 0, not rounding dust blown up', () => {
    const scores = normaliseScores([{ id: 'c', weight: 1, scale: 10 }], [4, 4, 4, 4, 4, 4, 4].map((value, i) => ({ judgeUserId: 'j', projectId: `p${i}`, criterionId: 'c', value })));
    expect(scores.every((s) => s.z === 0)).toBe(true);
  });

  it('lists unscored projects last and unplaced; breaks ties by judges, then title', () => {
    const rows = placeProjects([
      { projectId: 'x', title: 'Zeta', judges: 2, value: 0.5 },
      { projectId: 'y', title: 'Alpha', judges: 2, value: 0.5 },
      { projectId: 'z', title: 'Beta', judges: 3, value: 0.5 },
      { projectId: 'w', title: 'Aaa', judges: 0, value: null },
      { projectId: 'v', title: 'Top', judges: 1, value: 0.9 },
    ]);
    expect(rows.map((r) => [r.projectId, r.place])).toEqual([['v', 1], ['z', 2], ['y', 3], ['x', 4], ['w', null]]);
  });
});
