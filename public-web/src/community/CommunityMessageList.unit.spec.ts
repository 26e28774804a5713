import { createElement, createRef } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CommunityMessage } from '@circuit/shared/api/community';
import { formatChatTime } from '../messages/chatTime';
import { CommunityMessageList } from './CommunityMessageList';

const ana = { _id: 'u-ana', firstName: 'Ana', lastName: 'Rao', username: 'ana', profilePicture: null };
const ben = { _id: 'u-ben', firstName: 'Ben', lastName: 'Das', username: 'ben', profilePicture: null };
const messages: CommunityMessage[] = [
  { _id: 'm1', hackathonId: 'h', message: 'Kick-off at 10', user: ana, createdAt: '2026-11-25T04:30:00.000Z', edited: true, replyTo: null },
  { _id: 'm2', hackathonId: 'h', message: 'See you there', user: ben, createdAt: '2026-11-25T04:31:00.000Z', edited: false, replyTo: { _id: 'm1', message: 'Kick-off at 10', user: ana } },
];

function render(overrides: Partial<Parameters<typeof CommunityMessageList>[0]> = {}) {
  const noop = () => undefined;
  return renderToStaticMarkup(
    createElement(CommunityMessageList, {
      messages,
      me: ana._id,
      canModerate: false,
      searching: false,
      hasMore: false,
      loadingOlder: false,
      highlighted: null,
      listRef: createRef<HTMLDivElement>(),
      onScroll: noop,
      onLoadOlder: noop,
      onReply: noop,
      onEdit: noop,
      onDelete: noop,
      onJumpTo: noop,
      ...overrides,
    }),
  );
}

const count = (html: string, text: string) => html.split(text).length - 1;

describe('community message list', () => {
  it('shows authors, the edited flag, the replied message as a link, and a log for screen readers', () => {
    const html = render();
    expect(html).toContain('role="log"');
    expect(html).toContain('Ana Rao (you)');
    expect(count(html, '(edited)')).toBe(1);
    expect(html).toContain('Go to the message replied to: </span><span class="font-semibold">Ana Rao:</span> Kick-off at 10');
    // The viewer's time of day, whatever zone the test runs in.
    expect(html).toContain(`>${formatChatTime(messages[0]!.createdAt)}</time>`);
  });

  it('offers Edit on your own messages only, Delete on yours, or on all of them to a community admin', () => {
    const member = render();
    expect(count(member, '> your message</span>')).toBe(1);
    expect(count(member, 'Delete<span class="sr-only"> message by')).toBe(1);
    expect(count(member, 'Reply<span class="sr-only"> to')).toBe(2);
    const admin = render({ canModerate: true });
    expect(count(admin, 'Delete<span class="sr-only"> message by')).toBe(2);
    expect(count(admin, '> your message</span>')).toBe(1);
  });

  it('highlights the jumped-to message, offers older pages, and says when a search finds nothing', () => {
    expect(render({ highlighted: 'm1' })).toContain('bg-amber-100');
    expect(render({ hasMore: true })).toContain('Load older messages');
    expect(render({ messages: [], searching: true })).toContain('No messages match your search.');
    expect(render({ messages: [] })).toContain('No messages yet.');
  });
});
