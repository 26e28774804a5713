import { describe, expect, it } from 'vitest';
import { differingCells, differingCount, placeLabel, valueLabel } from './rankingDiff';

const row = (raw: number | null, zscore: number | null, trimmed: number | null) => ({
  raw: { place: raw, value: raw === null ? null : 1 / raw },
  zscore: { place: zscore, value: zscore === null ? null : 1 / zscore },
  trimmed: { place: trimmed, value: trimmed === null ? null : 1 / trimmed },
});

describe('places that differ between the normalisations', () => {
  it('marks nothing when the three agree, and nothing for an unscored project', () => {
    expect([...differingCells(row(1, 1, 1))]).toEqual([]);
    expect([...differingCells(row(null, null, null))]).toEqual([]);
  });

  it('marks only the odd one out when two agree', () => {
    expect([...differingCells(row(1, 2, 1))]).toEqual(['zscore']);
    expect([...differingCells(row(3, 2, 2))]).toEqual(['raw']);
  });

  it('marks all three when no two agree', () => {
    expect([...differingCells(row(1, 2, 3))]).toEqual(['raw', 'zscore', 'trimmed']);
  });

  it('counts the rows of a track that differ', () => {
    expect(differingCount({ rows: [row(1, 1, 1), row(2, 3, 2), row(3, 2, 3)].map((r, i) => ({ ...r, projectId: `p${i}`, title: `P${i}`, judges: 2, differs: true })) })).toBe(2);
  });
});

describe('labels', () => {
  it('writes ordinal places', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map(placeLabel)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '101st', '111th']);
    expect(placeLabel(null)).toBe('–');
  });

  it('writes raw and trimmed values as percentages and the z-score in standard deviations', () => {
    expect(valueLabel('raw', 0.756)).toBe('75.6%');
    expect(valueLabel('trimmed', 1)).toBe('100.0%');
    expect(valueLabel('zscore', -0.5)).toBe('−0.50 σ');
    expect(valueLabel('zscore', 1.234)).toBe('+1.23 σ');
    expect(valueLabel('raw', null)).toBe('not scored');
  });
});
