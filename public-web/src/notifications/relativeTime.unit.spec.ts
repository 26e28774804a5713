import { describe, expect, it } from 'vitest';
import { relativeTime } from './relativeTime';

describe('relative times (spec section 9)', () => {
  const now = new Date('2025-03-31T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

  it('says Just now under a minute, and for a time slightly ahead', () => {
    expect(relativeTime(ago(0), now)).toBe('Just now');
    expect(relativeTime(ago(59_999), now)).toBe('Just now');
    expect(relativeTime(ago(-5_000), now)).toBe('Just now');
  });

  it('counts minutes, hours and days', () => {
    expect(relativeTime(ago(60_000), now)).toBe('1m ago');
    expect(relativeTime(ago(59 * 60_000), now)).toBe('59m ago');
    expect(relativeTime(ago(60 * 60_000), now)).toBe('1h ago');
    expect(relativeTime(ago(23 * 3_600_000 + 59 * 60_000), now)).toBe('23h ago');
    expect(relativeTime(ago(24 * 3_600_000), now)).toBe('1d ago');
    expect(relativeTime(ago(29 * 86_400_000), now)).toBe('29d ago');
  });

  it('shows a date from 30 days on', () => {
    expect(relativeTime('2025-03-01T12:00:00Z', now, 'en-US')).toBe('Mar 1, 2025');
  });
});
