import { createElement, createRef } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { CommunityMessage, CommunityParticipants } from '@circuit/shared/api/community';
import { CommunityAdminPanel } from './CommunityAdminPanel';
import { CommunityComposer } from './CommunityComposer';
import { communityKeys } from './communityApi';

const person = (id: string, firstName: string, lastName: string) => ({ _id: id, firstName, lastName, username: firstName.toLowerCase(), profilePicture: null });
const org = person('u-org', 'Ona', 'Organiser');
const ana = person('u-ana', 'Ana', 'Rao');
const ben = person('u-ben', 'Ben', 'Das');
const cy = person('u-cy', 'Cy', 'Lee');
const at = '2026-11-25T04:30:00.000Z';

describe('community admin panel', () => {
  it('shows the counts, the organiser and admins, Remove for other participants, and Re-add for removed users', () => {
    const data: CommunityParticipants = {
      participants: [
        { user: ana, isAdmin: true, registeredAt: at },
        { user: ben, isAdmin: false, registeredAt: at },
      ],
      admins: [
        { user: org, role: 'organiser' },
        { user: ana, role: 'admin' },
      ],
      removed: [{ user: cy, removedAt: at, removedBy: org._id }],
      stats: { participants: 2, admins: 2, removed: 1, messages: 42 },
      canModerate: true,
    };
    const client = new QueryClient();
    client.setQueryData(communityKeys.participants('h1'), data);
    const html = renderToStaticMarkup(createElement(QueryClientProvider, { client }, createElement(CommunityAdminPanel, { hackathonId: 'h1', me: org._id })));
    expect(html).toContain('>42</dd>');
    expect(html).toContain('Organiser</span>');
    expect(html).toContain('Remove admin<span class="sr-only"> role of Ana Rao</span>');
    expect(html).toContain('Remove<span class="sr-only"> Ben Das</span>');
    expect(html).not.toContain('Remove<span class="sr-only"> Ana Rao</span>');
    expect(html).toContain('Re-add<span class="sr-only"> Cy Lee</span>');
    // Only participants who are not admins yet can be made admins.
    expect(html).toContain('<option value="u-ben">Ben Das</option>');
    expect(html).not.toContain('<option value="u-ana">');
  });
});

describe('community composer', () => {
  const render = (target: Parameters<typeof CommunityComposer>[0]['target']) =>
    renderToStaticMarkup(createElement(CommunityComposer, { target, onCancelTarget: () => undefined, onSubmit: async () => true, busy: false, inputRef: createRef<HTMLTextAreaElement>() }));
  const message: CommunityMessage = { _id: 'm1', hackathonId: 'h1', message: 'Kick-off at 10', user: ana, createdAt: at, edited: false, replyTo: null };

  it('cannot send blank text, and says whom a reply answers and when a message is being edited', () => {
    const empty = render(null);
    expect(empty).toMatch(/<button type="submit"[^>]*disabled/);
    expect(empty).toContain('aria-label="Message the community"');
    expect(empty).toContain('maxLength="1000"');
    expect(render({ kind: 'reply', message })).toContain('Replying to Ana Rao');
    expect(render({ kind: 'reply', message })).toContain('Cancel reply');
    expect(render({ kind: 'edit', message })).toContain('Editing your message');
  });
});
