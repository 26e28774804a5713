import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './labels';

const intlDate = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });
const intlDateTime = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata' });

describe('dates on India’s calendar', () => {
  it('match what Intl writes for en-IN in Asia/Kolkata, around midnight and noon and across the years', () => {
    const instants = [Date.UTC(2026, 0, 5, 18, 29), Date.UTC(2026, 0, 5, 18, 30), Date.UTC(2026, 5, 5, 6, 29), Date.UTC(2026, 5, 5, 6, 30), Date.UTC(2024, 1, 28, 18, 30)];
    // A fixed pseudo-random walk over 1970-2100, so a failure names the same instants every run.
    let t = Date.UTC(1970, 0, 1);
    for (let i = 0; i < 3000; i++) instants.push((t += 1_379_777_333 + (i % 7) * 60_000));
    for (const instant of instants) {
      const iso = new Date(instant).toISOString();
      expect(formatDate(iso), iso).toBe(intlDate.format(instant));
      expect(formatDateTime(iso), iso).toBe(intlDateTime.format(instant));
    }
  });

  it('write nothing for a value that is not a date', () => {
    expect(formatDate('soon')).toBe('');
    expect(formatDateTime('')).toBe('');
  });
});
