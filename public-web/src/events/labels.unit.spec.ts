import type { CURRENCIES } from '@circuit/shared/hackathons/options';
import { describe, expect, it } from 'vitest';
import { eventPrice } from './labels';

const price = (amount: number, currency: (typeof CURRENCIES)[number], type: 'paid' | 'free' | 'donation' = 'paid') => eventPrice({ pricing: { type, amount, currency } });

describe('eventPrice', () => {
  it('writes the amount in its own currency sign with Indian grouping and at most two decimals', () => {
    expect(price(150000, 'INR')).toBe('₹1,50,000');
    expect(price(1500.75, 'USD')).toBe('$1,500.75');
    expect(price(2.005, 'EUR')).toBe('€2.01');
    expect(price(12.5, 'GBP')).toBe('£12.5');
  });

  it('never puts a bare dollar sign before Canadian or Australian dollars', () => {
    expect(price(1500, 'CAD')).toBe('CA$1,500');
    expect(price(1500, 'AUD')).toBe('A$1,500');
  });

  it('says Free or Donation when there is nothing to pay', () => {
    expect(price(0, 'USD')).toBe('Free');
    expect(price(100, 'USD', 'free')).toBe('Free');
    expect(price(0, 'USD', 'donation')).toBe('Donation');
  });
});
