import { describe, expect, it } from 'vitest';
import { mmmDdYyyy, rupees } from './personal-format';

describe('personal dashboard formats', () => {
  it("writes dates as 'MMM dd, yyyy' on the viewer's day", () => {
    expect(mmmDdYyyy('2026-11-05T10:00:00Z', 'Asia/Kolkata')).toBe('Nov 05, 2026');
    // 20:00 UTC on the 5th is already the 6th in India, still the 5th in New York.
    expect(mmmDdYyyy('2026-11-05T20:00:00Z', 'Asia/Kolkata')).toBe('Nov 06, 2026');
    expect(mmmDdYyyy('2026-11-05T20:00:00Z', 'America/New_York')).toBe('Nov 05, 2026');
    expect(mmmDdYyyy(null)).toBe('No date');
  });

  it('shows prices with the rupee sign, and Free for nothing to pay', () => {
    expect(rupees(1500)).toBe('₹1,500');
    expect(rupees(125000)).toBe('₹1,25,000');
    expect(rupees(0)).toBe('Free');
  });
});
