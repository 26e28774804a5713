import { describe, expect, it } from 'vitest';
import { chatDayKey, formatChatTime, formatDaySeparator, formatThreadTime } from './chatTime';

describe('chat times in Asia/Kolkata', () => {
  it('puts a message on its Kolkata day, not the UTC one', () => {
    // 20:00 UTC is 01:30 the next morning in Kolkata.
    expect(chatDayKey('2025-03-03T20:00:00Z')).toBe('2025-03-04');
    expect(chatDayKey('2025-03-03T18:00:00Z')).toBe('2025-03-03');
  });

  it('shows the Kolkata time of day', () => {
    expect(formatChatTime('2025-03-03T20:00:00Z').toLowerCase().replace(/\s/g, ' ')).toBe('1:30 am');
  });

  it('names day separators Today, Yesterday or by date', () => {
    const now = new Date('2025-03-04T10:00:00Z');
    expect(formatDaySeparator('2025-03-04', now)).toBe('Today');
    expect(formatDaySeparator('2025-03-03', now)).toBe('Yesterday');
    expect(formatDaySeparator('2025-03-01', now)).toMatch(/Saturday.*1.*March.*2025/);
  });

  it('shows a time for today and a date for older conversations', () => {
    const now = new Date('2025-03-04T10:00:00Z');
    expect(formatThreadTime('2025-03-04T04:00:00Z', now).toLowerCase()).toMatch(/9:30/);
    expect(formatThreadTime('2025-03-03T04:00:00Z', now)).toBe('Yesterday');
    expect(formatThreadTime('2025-01-15T04:00:00Z', now)).toMatch(/15 Jan/);
    expect(formatThreadTime('2024-01-15T04:00:00Z', now)).toMatch(/2024/);
  });
});
