import { describe, expect, it } from 'vitest';
import { keptWhileUnchanged } from './kept-while-unchanged';

describe('answers kept while their read models do not change', () => {
  const setup = (local: boolean, remembered = 10) => {
    let version = 1;
    let reads = 0;
    const kept = keptWhileUnchanged(async (n: number) => (reads++, n > 0 ? `answer ${n} at ${version}` : undefined), {
      versions: { localVersionOf: (names) => (local ? `${names.join('+')}@${version}` : undefined) },
      from: ['users'],
      keyOf: (n) => String(n),
      remembered,
      keeps: (answer) => answer !== undefined,
    });
    return { kept, reads: () => reads, move: () => version++ };
  };

  it('gives a kept answer again until the version moves, then reads', async () => {
    const s = setup(true);
    expect(await s.kept(1)).toBe('answer 1 at 1');
    expect(await s.kept(1)).toBe('answer 1 at 1');
    expect(s.reads()).toBe(1);
    s.move();
    expect(await s.kept(1)).toBe('answer 1 at 2');
    expect(s.reads()).toBe(2);
  });

  it('reads every time where the version is not known locally, and never keeps a refused answer', async () => {
    const remote = setup(false);
    await remote.kept(1);
    await remote.kept(1);
    expect(remote.reads()).toBe(2);
    const local = setup(true);
    expect(await local.kept(0)).toBeUndefined();
    expect(await local.kept(0)).toBeUndefined();
    expect(local.reads()).toBe(2);
  });

  it('starts over when it holds as many answers as it may remember', async () => {
    const s = setup(true, 2);
    await s.kept(1);
    await s.kept(2);
    await s.kept(3);
    await s.kept(3);
    expect(s.reads()).toBe(3);
    await s.kept(1);
    expect(s.reads()).toBe(4);
  });
});
