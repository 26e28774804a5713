import { describe, expect, it } from 'vitest';
import { assignProjects, type AssignableProject } from './assignment.js';

const project = (projectId: string, memberIds: string[] = [], trackIds: string[] = []): AssignableProject => ({ projectId, trackIds, memberIds });
const base = { judgesPerProject: 0, trackJudges: {} };

describe('assignProjects', () => {
  it('gives every judge every project in "all" mode, except their own team\'s', () => {
    const answer = assignProjects({
      ...base,
      mode: 'all',
      judges: ['j2', 'j1'],
      projects: [project('p2'), project('p1', ['j1'])],
    });
    expect(answer).toEqual({ j1: ['p2'], j2: ['p1', 'p2'] });
  });

  it('lists every judge as a key even with nothing assigned', () => {
    expect(assignProjects({ ...base, mode: 'all', judges: ['j1', 'j2'], projects: [] })).toEqual({ j1: [], j2: [] });
  });

  it('spreads N judges per project evenly, by load then id', () => {
    const projects = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'].map((id) => project(id));
    const answer = assignProjects({ ...base, mode: 'perProject', judgesPerProject: 2, judges: ['a', 'b', 'c'], projects });
    expect(answer).toEqual({ a: ['p1', 'p2', 'p4', 'p5'], b: ['p1', 'p3', 'p4', 'p6'], c: ['p2', 'p3', 'p5', 'p6'] });
    const loads = Object.values(answer).map((ids) => ids.length);
    expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1);
    for (const id of ['p1', 'p2', 'p3', 'p4', 'p5', 'p6']) expect(Object.values(answer).filter((ids) => ids.includes(id))).toHaveLength(2);
  });

  it('skips a judge of the project\'s own team in perProject mode and takes the next', () => {
    const answer = assignProjects({ ...base, mode: 'perProject', judgesPerProject: 1, judges: ['a', 'b'], projects: [project('p1', ['a'])] });
    expect(answer).toEqual({ a: [], b: ['p1'] });
  });

  it('gives fewer judges than asked when too few have no conflict', () => {
    const answer = assignProjects({ ...base, mode: 'perProject', judgesPerProject: 3, judges: ['a', 'b'], projects: [project('p1', ['b'])] });
    expect(answer).toEqual({ a: ['p1'], b: [] });
  });

  it('gives a track\'s judges the projects entering that track, never their own, ignoring judges not listed', () => {
    const answer = assignProjects({
      ...base,
      mode: 'byTrack',
      trackJudges: { ai: ['a', 'b'], web: ['c', 'ghost'] },
      judges: ['a', 'b', 'c'],
      projects: [project('p1', [], ['ai']), project('p2', ['b'], ['ai', 'web']), project('p3', [], ['web']), project('p4', [], [])],
    });
    expect(answer).toEqual({ a: ['p1', 'p2'], b: ['p1'], c: ['p2', 'p3'] });
  });

  it('answers the same whatever order the judges and projects came in', () => {
    const projects = Array.from({ length: 17 }, (_, i) => project(`p${i}`, i % 5 === 0 ? ['j3'] : []));
    const judges = ['j1', 'j2', 'j3', 'j4', 'j5'];
    const first = assignProjects({ ...base, mode: 'perProject', judgesPerProject: 3, judges, projects });
    const second = assignProjects({ ...base, mode: 'perProject', judgesPerProject: 3, judges: [...judges].reverse(), projects: [...projects].reverse() });
    expect(second).toEqual(first);
    expect(first.j3).not.toContain('p0');
  });
});
