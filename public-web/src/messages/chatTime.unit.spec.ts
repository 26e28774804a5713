import { describe, expect, it } from 'vitest';
import { chatDayKey, formatChatExact, formatChatTime, formatDaySeparator, formatThreadTime } from './chatTime';

const IN = 'Asia/Kolkata';
const NY = 'America/New_York';

describe("chat times in the viewer's zone", () => {
  it("puts a message on the viewer's day, not the UTC one", () => {
    // 20:00 UTC is 01:30 the next morning in Kolkata, 15:00 the same day in New York.
    expect(chatDayKey('2025-03-03T20:00:00Z', IN)).toBe('2025-03-04');
    expect(chatDayKey('2025-03-03T18:00:00Z', IN)).toBe('2025-03-03');
    expect(chatDayKey('2025-03-04T02:00:00Z', NY)).toBe('2025-03-03');
  });

  it("shows the viewer's time of day, and the zone in the exact time", () => {
    expect(formatChatTime('2025-03-03T20:00:00Z', IN).toLowerCase().replace(/\s/g, ' ')).toBe('1:30 am');
    expect(formatChatTime('2025-03-03T20:00:00Z', NY).toLowerCase().replace(/\s/g, ' ')).toBe('3:00 pm');
    expect(formatChatExact('2025-03-03T20:00:00Z', IN)).toBe('Tue, 4 Mar 2025, 1:30 am IST');
    expect(formatChatExact('2025-03-03T20:00:00Z', 'UTC')).toBe('Mon, 3 Mar 2025, 8:00 pm UTC');
  });

  it('names day separators Today, Yesterday or by date, in any zone', () => {
    const now = new Date('2025-03-04T10:00:00Z');
    expect(formatDaySeparator('2025-03-04', now, IN)).toBe('Today');
    expect(formatDaySeparator('2025-03-03', now, IN)).toBe('Yesterday');
    expect(formatDaySeparator('2025-03-01', now, IN)).toMatch(/Saturday.*1.*March.*2025/);
    // Far from UTC the separator still names the day of its key.
    expect(formatDaySeparator('2025-03-01', now, 'Pacific/Kiritimati')).toMatch(/Saturday.*1.*March.*2025/);
    expect(formatDaySeparator('2025-03-01', now, 'Pacific/Pago_Pago')).toMatch(/Saturday.*1.*March.*2025/);
  });

  it('shows a time for today and a date for older conversations', () => {
    const now = new Date('2025-03-04T10:00:00Z');
    expect(formatThreadTime('2025-03-04T04:00:00Z', now, IN).toLowerCase()).toMatch(/9:30/);
    expect(formatThreadTime('2025-03-03T04:00:00Z', now, IN)).toBe('Yesterday');
    expect(formatThreadTime('2025-01-15T04:00:00Z', now, IN)).toMatch(/15 Jan/);
    expect(formatThreadTime('2024-01-15T04:00:00Z', now, IN)).toMatch(/2024/);
  });
});
