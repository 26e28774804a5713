import { describe, expect, it } from 'vitest';
import { batchPerTurn } from './batch-per-turn';

describe('batchPerTurn', () => {
  it('answers the questions of one turn with one call, in order, and later ones with another', async () => {
    const calls: number[][] = [];
    const double = batchPerTurn(async (qs: number[]) => {
      calls.push(qs);
      return qs.map((q) => q * 2);
    });
    expect(await Promise.all([double(1), double(2), double(3)])).toEqual([2, 4, 6]);
    expect(await double(4)).toBe(8);
    expect(calls).toEqual([[1, 2, 3], [4]]);
  });

  it('rejects every question of a failed call, and answers the next turn afresh', async () => {
    let fail = true;
    const ask = batchPerTurn(async (qs: string[]) => {
      if (fail) throw new Error('down');
      return qs;
    });
    const failed = await Promise.allSettled([ask('a'), ask('b')]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await ask('c')).toBe('c');
  });
});
