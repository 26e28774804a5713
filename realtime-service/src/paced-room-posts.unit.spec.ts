import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PacedRoomPosts } from './paced-room-posts';

describe('PacedRoomPosts', () => {
  let handed: [string, unknown[]][];
  let paced: PacedRoomPosts;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate', 'performance'] });
    handed = [];
    paced = new PacedRoomPosts((room, messages) => handed.push([room, messages]), 25);
  });
  afterEach(() => vi.useRealTimers());

  it('hands a quiet room its post at the end of the turn, with the other posts of that turn, in order', async () => {
    paced.post('r', 'a');
    paced.post('r', 'b');
    expect(handed).toEqual([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(handed).toEqual([['r', ['a', 'b']]]);
  });

  it('hands a busy room at most one batch per interval: what came meanwhile waits for the interval to pass', async () => {
    paced.post('r', 'a');
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(5);
    paced.post('r', 'b');
    await vi.advanceTimersByTimeAsync(10);
    paced.post('r', 'c');
    await vi.advanceTimersByTimeAsync(9);
    expect(handed).toEqual([['r', ['a']]]);
    await vi.advanceTimersByTimeAsync(1);
    expect(handed).toEqual([
      ['r', ['a']],
      ['r', ['b', 'c']],
    ]);
    // Once a whole interval has passed without a hand-out, a post goes at the end of its turn again.
    await vi.advanceTimersByTimeAsync(30);
    paced.post('r', 'd');
    await vi.advanceTimersByTimeAsync(0);
    expect(handed.at(-1)).toEqual(['r', ['d']]);
  });

  it('paces each room on its own', async () => {
    paced.post('r', 'a');
    await vi.advanceTimersByTimeAsync(0);
    paced.post('r', 'b');
    paced.post('s', 'x');
    await vi.advanceTimersByTimeAsync(0);
    expect(handed).toEqual([
      ['r', ['a']],
      ['s', ['x']],
    ]);
    await vi.advanceTimersByTimeAsync(25);
    expect(handed.at(-1)).toEqual(['r', ['b']]);
  });

  it('flush hands out the waiting posts at once (before a change that must follow them), and only once', async () => {
    paced.post('r', 'a');
    await vi.advanceTimersByTimeAsync(0);
    paced.post('r', 'b');
    paced.flush('r');
    expect(handed).toEqual([
      ['r', ['a']],
      ['r', ['b']],
    ]);
    paced.flush('r');
    await vi.advanceTimersByTimeAsync(100);
    expect(handed).toHaveLength(2);
  });
});
