import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('quotes every value, doubles inner quotes and neutralises formulas', () => {
    const csv = toCsv(
      [
        { key: 'name', label: 'Name' },
        { key: 'score', label: 'Score' },
      ],
      [
        { name: 'Asha "A" Rao', score: 12 },
        { name: '=HYPERLINK("x")', score: -2 },
        { name: '@cmd', score: null },
      ],
    );
    expect(csv.split('\r\n')).toEqual(['"Name","Score"', '"Asha ""A"" Rao","12"', `"'=HYPERLINK(""x"")","'-2"`, `"'@cmd",""`, '']);
  });
});
