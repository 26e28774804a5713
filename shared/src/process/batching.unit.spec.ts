import { describe, expect, it } from 'vitest';
import { batchPerTurn, batchWhileInFlight } from './batching';

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

describe('batchWhileInFlight', () => {
  it('answers a lone question at once, and gathers those asked meanwhile for the next call', async () => {
    const calls: number[][] = [];
    let release: () => void = () => undefined;
    const double = batchWhileInFlight(async (qs: number[]) => {
      calls.push(qs);
      if (calls.length === 1) await new Promise<void>((r) => (release = r));
      return qs.map((q) => q * 2);
    });
    const first = double(1);
    expect(calls).toEqual([[1]]);
    const later = [double(2), double(3)];
    release();
    expect(await first).toBe(2);
    expect(await Promise.all(later)).toEqual([4, 6]);
    expect(calls).toEqual([[1], [2, 3]]);
  });

  it('rejects the questions of a failed call only', async () => {
    let fail = true;
    const ask = batchWhileInFlight(async (qs: string[]) => {
      if (fail) throw new Error('down');
      return qs;
    });
    await expect(ask('a')).rejects.toThrow('down');
    fail = false;
    expect(await ask('b')).toBe('b');
  });
});
