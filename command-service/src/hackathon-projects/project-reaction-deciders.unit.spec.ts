import { describe, it } from 'vitest';
import { given } from '@circuit/shared/testkit/given-when-then';
import { hackathonCommentsDecider, hackathonReactionDecider, type HackathonCommentCommand, type HackathonCommentEvent, type HackathonReactionCommand, type HackathonReactionEvent } from './project-reaction-deciders';

const NOW = new Date('2026-03-01T10:00:00.000Z');
const AT = NOW.toISOString();
const H = 'h-1';
const P = 'team-1';
const U = 'u-viewer';

describe('hackathon project reaction decider (a like or save per user, hackathon and project)', () => {
  const react = (type: 'Add' | 'Remove', kind: 'like' | 'save' = 'like', available = true): HackathonReactionCommand => ({
    type,
    kind,
    subject: { hackathonId: H, projectId: P },
    userId: U,
    available,
    now: NOW,
  });
  const event = (type: HackathonReactionEvent['type']): HackathonReactionEvent => ({ type, data: { hackathonId: H, projectId: P, userId: U, at: AT } });

  it('likes once: a repeated like appends nothing; an unlike takes it back', () => {
    given(hackathonReactionDecider, []).when(react('Add')).then([event('HackathonProjectLiked')]);
    given(hackathonReactionDecider, [event('HackathonProjectLiked')]).when(react('Add')).then([]);
    given(hackathonReactionDecider, [event('HackathonProjectLiked')]).when(react('Remove')).then([event('HackathonProjectUnliked')]);
    given(hackathonReactionDecider, []).when(react('Remove')).then([]);
  });

  it('saves with its own events', () => {
    given(hackathonReactionDecider, []).when(react('Add', 'save')).then([event('HackathonProjectSaved')]);
    given(hackathonReactionDecider, [event('HackathonProjectSaved')]).when(react('Remove', 'save')).then([event('HackathonProjectUnsaved')]);
  });

  it('refuses a project the user may not see, as one that does not exist (404)', () => {
    given(hackathonReactionDecider, []).when(react('Add', 'like', false)).thenThrows('not_found', 'Project not found');
  });
});

describe('hackathon project comments decider', () => {
  const comment = (text: string, parentId: string | null = null, commentId = 'c-new', available = true): HackathonCommentCommand => ({
    type: 'Comment',
    hackathonId: H,
    projectId: P,
    commentId,
    parentId,
    userId: U,
    text,
    available,
    now: NOW,
  });
  const commented = (commentId: string, parentId: string | null = null, text = 'Nice'): HackathonCommentEvent => ({
    type: 'HackathonProjectCommented',
    data: { hackathonId: H, projectId: P, commentId, parentId, userId: U, text, at: AT },
  });

  it('records a comment trimmed and refuses a blank one, with a portfolio project’s messages', () => {
    given(hackathonCommentsDecider, []).when(comment('  Great work  ', null, 'c-1')).then([commented('c-1', null, 'Great work')]);
    given(hackathonCommentsDecider, []).when(comment(' \n ')).thenThrows('refused', 'Comment cannot be empty');
  });

  it('replies only to a top-level comment', () => {
    given(hackathonCommentsDecider, [commented('c-1')]).when(comment('Thanks', 'c-1', 'c-2')).then([commented('c-2', 'c-1', 'Thanks')]);
    given(hackathonCommentsDecider, [commented('c-1')]).when(comment('Hm', 'c-unknown')).thenThrows('not_found', 'Comment not found');
    given(hackathonCommentsDecider, [commented('c-1'), commented('c-2', 'c-1')]).when(comment('Deeper', 'c-2')).thenThrows('not_found', 'Comment not found');
  });

  it('refuses a project the user may not see (404)', () => {
    given(hackathonCommentsDecider, []).when(comment('Hi', null, 'c-1', false)).thenThrows('not_found', 'Project not found');
  });
});
