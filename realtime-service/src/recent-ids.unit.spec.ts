import { describe, expect, it } from 'vitest';
import { RecentIds } from './recent-ids';

describe('RecentIds', () => {
  const clock = () => {
    let now = 0;
    return { now: () => now, advance: (ms: number) => (now += ms) };
  };

  it('answers true for an id once, false for its repeats', () => {
    const ids = new RecentIds({ capacity: 10, ttlMs: 60_000 });
    expect(ids.firstTime('a')).toBe(true);
    expect(ids.firstTime('a')).toBe(false);
    expect(ids.firstTime('b')).toBe(true);
    expect(ids.firstTime('a')).toBe(false);
  });

  it('forgets an id after the TTL', () => {
    const c = clock();
    const ids = new RecentIds({ capacity: 10, ttlMs: 1000 }, c.now);
    ids.firstTime('a');
    c.advance(999);
    expect(ids.firstTime('a')).toBe(false);
    c.advance(1);
    expect(ids.firstTime('a')).toBe(true);
    expect(ids.size).toBe(1);
  });

  it('keeps at most `capacity` ids, dropping the oldest', () => {
    const ids = new RecentIds({ capacity: 3, ttlMs: 60_000 });
    for (const id of ['a', 'b', 'c', 'd']) ids.firstTime(id);
    expect(ids.size).toBe(3);
    expect(ids.firstTime('d')).toBe(false);
    expect(ids.firstTime('b')).toBe(false);
    expect(ids.firstTime('a')).toBe(true);
  });

  it('treats a forgotten id as new', () => {
    const ids = new RecentIds({ capacity: 10, ttlMs: 60_000 });
    ids.firstTime('a');
    ids.forget('a');
    expect(ids.firstTime('a')).toBe(true);
  });
});
