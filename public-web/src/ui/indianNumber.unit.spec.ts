import { describe, expect, it } from 'vitest';
import { indianNumber } from './indianNumber';

describe('indianNumber', () => {
  it('writes what Intl writes for en-IN, with up to three decimals by default and up to two when asked', () => {
    const intl3 = new Intl.NumberFormat('en-IN');
    const intl2 = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
    const values = [0, 1, 12, 999, 1000, 99999, 100000, 1234567, 123456789012, 0.5, 2.25, 1.005, 1500.5, 1999.999, 0.0004, -1500, -0.0001];
    let x = 1;
    for (let i = 0; i < 2000; i++) values.push((x = (x * 48271) % 2147483647) / (i % 5 === 0 ? 1 : 10 ** (i % 4)));
    for (const value of values) {
      expect(indianNumber(value), String(value)).toBe(intl3.format(value));
      expect(indianNumber(value, 2), String(value)).toBe(intl2.format(value));
    }
  });
});
