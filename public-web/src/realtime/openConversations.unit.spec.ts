import { afterEach, describe, expect, it, vi } from 'vitest';
import { openConversation, unseenUnread } from './openConversations';

describe('unread counts less the conversations on screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads a map with its total, a bare count, or a total alone', () => {
    expect(unseenUnread({ unreadCounts: { u1: 2, u2: 1 }, total: 3 })).toEqual({ counts: { u1: 2, u2: 1 }, total: 3 });
    expect(unseenUnread(4)).toEqual({ counts: null, total: 4 });
    expect(unseenUnread({ total: 5 })).toEqual({ counts: null, total: 5 });
  });

  it('leaves out an open conversation while the tab is visible, and counts it again once closed', () => {
    vi.stubGlobal('document', { visibilityState: 'visible' });
    const close = openConversation('u1');
    expect(unseenUnread({ unreadCounts: { u1: 2, u2: 1 }, total: 3 })).toEqual({ counts: { u2: 1 }, total: 1 });
    vi.stubGlobal('document', { visibilityState: 'hidden' });
    expect(unseenUnread({ unreadCounts: { u1: 2, u2: 1 }, total: 3 }).total).toBe(3);
    vi.stubGlobal('document', { visibilityState: 'visible' });
    close();
    expect(unseenUnread({ unreadCounts: { u1: 2, u2: 1 }, total: 3 }).total).toBe(3);
  });
});
