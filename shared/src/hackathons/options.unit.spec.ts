import { describe, expect, it } from 'vitest';
import { nextPhaseChange, phaseOf } from './options';

describe('nextPhaseChange', () => {
  const dates = { registrationDeadline: '2026-12-01T00:00:00.000Z', startDate: '2026-12-05T00:00:00.000Z', endDate: '2026-12-07T00:00:00.000Z' };
  const later = { registrationDeadline: '2026-12-02T00:00:00.000Z', startDate: '2026-12-03T00:00:00.000Z', endDate: '2026-12-04T00:00:00.000Z' };

  it('is the first date of any listing still ahead, where the phase changes', () => {
    const now = new Date('2026-11-30T00:00:00.000Z');
    expect(nextPhaseChange([dates, later], now)).toBe(Date.parse(dates.registrationDeadline));
    const after = new Date('2026-12-01T12:00:00.000Z');
    expect(nextPhaseChange([dates, later], after)).toBe(Date.parse(later.registrationDeadline));
    // Just before it the phase is the old one, at it the new one.
    expect(phaseOf(later, new Date(Date.parse(later.registrationDeadline) - 1))).toBe('registration_open');
    expect(phaseOf(later, new Date(Date.parse(later.registrationDeadline)))).toBe('registration_closed');
  });

  it('is Infinity when every listing has ended, or there is none', () => {
    expect(nextPhaseChange([dates], new Date('2027-01-01T00:00:00.000Z'))).toBe(Infinity);
    expect(nextPhaseChange([], new Date())).toBe(Infinity);
  });
});
