import { describe, expect, it } from 'vitest';
import { TimeZoneSchema } from '../validation/time-zone';
import { formatDate, formatDateTime, formatTime, isTimeZone, timeZoneName } from './format';

const tenUtc = '2026-12-12T10:00:00.000Z';

describe('dates and times for people, in a given zone with its name', () => {
  it('writes the same instant in UTC, India and New York, each zone named', () => {
    expect(formatDateTime(tenUtc, { timeZone: 'UTC' })).toBe('Sat, 12 Dec 2026, 10:00 am UTC');
    expect(formatDateTime(tenUtc, { timeZone: 'Asia/Kolkata' })).toBe('Sat, 12 Dec 2026, 3:30 pm IST');
    expect(formatDateTime(tenUtc, { timeZone: 'America/New_York' })).toBe('Sat, 12 Dec 2026, 5:00 am EST');
    expect(formatTime(tenUtc, { timeZone: 'Asia/Kolkata' })).toBe('3:30 pm IST');
    expect(formatDateTime(tenUtc, { timeZone: 'UTC', weekday: false })).toBe('12 Dec 2026, 10:00 am UTC');
  });

  it("names a zone's summer time, and keeps the offset where English has no name", () => {
    expect(timeZoneName('2026-07-01T12:00:00Z', 'America/New_York')).toBe('EDT');
    expect(timeZoneName('2026-07-01T12:00:00Z', 'Europe/London')).toBe('BST');
    expect(timeZoneName('2026-12-01T12:00:00Z', 'Europe/Berlin')).toBe('CET');
    expect(formatTime('2026-07-01T12:00:00Z', { timeZone: 'Asia/Singapore' })).toBe('8:00 pm GMT+8');
  });

  it('puts the day where the zone has it, and writes midnight and noon as 12', () => {
    // 20:00 UTC on the 3rd is 01:30 on the 4th in India and 15:00 on the 3rd in New York.
    expect(formatDate('2025-03-03T20:00:00Z', { timeZone: 'Asia/Kolkata' })).toBe('4 Mar 2025');
    expect(formatDate('2025-03-03T20:00:00Z', { timeZone: 'America/New_York' })).toBe('3 Mar 2025');
    expect(formatTime('2026-09-05T00:05:00Z', { timeZone: 'UTC' })).toBe('12:05 am UTC');
    expect(formatTime('2026-09-05T12:05:00Z', { timeZone: 'UTC' })).toBe('12:05 pm UTC');
  });

  it('writes nothing for a value that is not a date', () => {
    expect(formatDateTime('soon', { timeZone: 'UTC' })).toBe('');
    expect(formatDate('', { timeZone: 'UTC' })).toBe('');
    expect(formatTime(Number.NaN, { timeZone: 'UTC' })).toBe('');
  });

  it('accepts IANA zones and refuses anything else', () => {
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(TimeZoneSchema.safeParse('Europe/Berlin').success).toBe(true);
    expect(TimeZoneSchema.safeParse('not a zone').error?.issues[0]?.message).toBe('Unknown time zone');
  });
});
