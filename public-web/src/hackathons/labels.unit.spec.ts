import { describe, expect, it } from 'vitest';
import { timeZoneName, viewerTimeZone } from '@circuit/shared/time/format';
import { formatDate, formatDateTime, formatTime } from './labels';

describe("dates and times in the viewer's zone", () => {
  it("name the viewer's zone on every time, and give the day as the viewer's calendar has it", () => {
    const iso = '2026-12-12T10:00:00.000Z';
    const zone = timeZoneName(iso, viewerTimeZone());
    expect(zone).not.toBe('');
    // No-break spaces inside the day and the time: a narrow column breaks only after a comma.
    expect(formatTime(iso)).toMatch(new RegExp(`^\\d{1,2}:\\d\\d\u00a0[ap]m\u00a0${zone.replace(/[+]/g, '\\+')}$`));
    expect(formatDateTime(iso)).toMatch(/^\w{3}, \d{1,2}\u00a0\w{3,4}\u00a02026, /);
    expect(formatDateTime(iso).endsWith(formatTime(iso))).toBe(true);
    expect(formatDateTime(iso, { weekday: false })).toBe(`${formatDate(iso)}, ${formatTime(iso)}`);
  });

  it('write nothing for a value that is not a date', () => {
    expect(formatDate('soon')).toBe('');
    expect(formatDateTime('')).toBe('');
  });
});
