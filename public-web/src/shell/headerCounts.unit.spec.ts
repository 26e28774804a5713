import { describe, expect, it } from 'vitest';
import { parseCount } from './headerCounts';

describe('unread-count answers', () => {
  it('reads a number, a { count } object or a map of counts', () => {
    expect(parseCount(4)).toBe(4);
    expect(parseCount({ count: 2 })).toBe(2);
    expect(parseCount({ unreadCount: 5 })).toBe(5);
    expect(parseCount({ u1: 2, u2: 3 })).toBe(5);
    expect(parseCount({ unreadCounts: { u1: 1, u2: 1 } })).toBe(2);
    expect(parseCount(undefined)).toBe(0);
  });
});
