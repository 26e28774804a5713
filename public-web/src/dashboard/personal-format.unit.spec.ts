import { describe, expect, it } from 'vitest';
import { mmmDdYyyy, rupees } from './personal-format';

describe('personal dashboard formats', () => {
  it("writes dates as 'MMM dd, yyyy' on the Indian day", () => {
    expect(mmmDdYyyy('2026-11-05T10:00:00Z')).toBe('Nov 05, 2026');
    // 20:00 UTC on the 5th is already the 6th in India.
    expect(mmmDdYyyy('2026-11-05T20:00:00Z')).toBe('Nov 06, 2026');
    expect(mmmDdYyyy(null)).toBe('No date');
  });

  it('shows prices with the rupee sign, and Free for nothing to pay', () => {
    expect(rupees(1500)).toBe('₹1,500');
    expect(rupees(125000)).toBe('₹1,25,000');
    expect(rupees(0)).toBe('Free');
  });
});
