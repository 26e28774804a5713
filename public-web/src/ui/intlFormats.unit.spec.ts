import { describe, expect, it } from 'vitest';
import { dateFormat } from './intlFormats';

describe('dateFormat', () => {
  it('formats as Intl does, with one formatter per locale and options', () => {
    const options = { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' } as const;
    const date = new Date('2026-09-05T12:00:00Z');
    expect(dateFormat('en-IN', options).format(date)).toBe(new Intl.DateTimeFormat('en-IN', options).format(date));
    expect(dateFormat('en-IN', { ...options })).toBe(dateFormat('en-IN', options));
  });

  it('writes nothing for an invalid date instead of throwing', () => {
    expect(dateFormat('en-IN', { year: 'numeric' }).format(new Date('not a date'))).toBe('');
  });
});
