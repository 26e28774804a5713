import { describe, expect, it } from 'vitest';
import { given } from '@circuit/shared/testkit/given-when-then';
import { projectDecider, ProjectMessages, type ProjectCommand, type ProjectEvent } from './project-decider';
import { reactionDecider, type ReactionCommand, type ReactionEvent } from './reaction-decider';

const NOW = new Date('2025-03-01T10:00:00.000Z');
const AT = NOW.toISOString();
const P = 'p-1';
const OWNER = 'u-owner';
const OTHER = 'u-other';

const content = { title: 'DevLog', description: 'A journal', technologies: ['TypeScript'], githubUrl: 'https://github.com/a/devlog', liveUrl: '', image: null };
const created: ProjectEvent = { type: 'ProjectCreated', data: { projectId: P, ownerId: OWNER, ...content, at: '2025-02-01T00:00:00.000Z' } };
const deleted: ProjectEvent = { type: 'ProjectDeleted', data: { projectId: P, at: '2025-02-02T00:00:00.000Z' } };
const commented = (commentId: string, parentId: string | null = null): ProjectEvent => ({
  type: 'ProjectCommented',
  data: { projectId: P, commentId, parentId, userId: OTHER, text: 'Nice', at: '2025-02-01T01:00:00.000Z' },
});

const edit = (userId: string, changes: Partial<Extract<ProjectCommand, { type: 'UpdateProject' }>['changes']> = {}): ProjectCommand => ({
  type: 'UpdateProject',
  projectId: P,
  userId,
  changes: { title: 'DevLog 2', description: 'Better', technologies: ['Go'], ...changes },
  now: NOW,
});
const remove = (userId: string): ProjectCommand => ({ type: 'DeleteProject', projectId: P, userId, now: NOW });
const comment = (text: string, parentId: string | null = null, commentId = 'c-new'): ProjectCommand => ({
  type: 'Comment',
  projectId: P,
  commentId,
  parentId,
  userId: OTHER,
  text,
  now: NOW,
});

describe('project decider', () => {
  it('creates a project with empty links and no image when none were given', () => {
    given(projectDecider, [])
      .when({ type: 'CreateProject', projectId: P, ownerId: OWNER, changes: { title: 'T', description: 'D', technologies: [] }, now: NOW })
      .then([{ type: 'ProjectCreated', data: { projectId: P, ownerId: OWNER, title: 'T', description: 'D', technologies: [], githubUrl: '', liveUrl: '', image: null, at: AT } }]);
  });

  it('refuses to create the same project twice', () => {
    given(projectDecider, [created])
      .when({ type: 'CreateProject', projectId: P, ownerId: OWNER, changes: { title: 'T', description: 'D', technologies: [] }, now: NOW })
      .thenThrows('conflict');
  });

  it('lets the owner edit; links and image left out keep their value, an empty image clears it', () => {
    given(projectDecider, [created])
      .when(edit(OWNER))
      .then([{ type: 'ProjectUpdated', data: { projectId: P, title: 'DevLog 2', description: 'Better', technologies: ['Go'], githubUrl: content.githubUrl, liveUrl: '', image: null, at: AT } }]);
    const withImage: ProjectEvent = { type: 'ProjectUpdated', data: { projectId: P, ...content, image: '/uploads/projects/x.png', at: AT } };
    const [kept] = given(projectDecider, [created, withImage]).when(edit(OWNER, { githubUrl: '' })).events();
    expect(kept?.data).toMatchObject({ githubUrl: '', image: '/uploads/projects/x.png' });
    const [cleared] = given(projectDecider, [created, withImage]).when(edit(OWNER, { image: '' })).events();
    expect(cleared?.data).toMatchObject({ image: null });
  });

  it('refuses edits and deletes by anyone but the owner (403)', () => {
    given(projectDecider, [created]).when(edit(OTHER)).thenThrows('forbidden', ProjectMessages.notOwner);
    given(projectDecider, [created]).when(remove(OTHER)).thenThrows('forbidden', 'You can only change your own projects');
  });

  it('deletes for the owner; a deleted or unknown project is 404 for every command', () => {
    given(projectDecider, [created]).when(remove(OWNER)).then([{ type: 'ProjectDeleted', data: { projectId: P, at: AT } }]);
    for (const history of [[], [created, deleted]]) {
      given(projectDecider, history).when(edit(OWNER)).thenThrows('not_found', 'Project not found');
      given(projectDecider, history).when(remove(OWNER)).thenThrows('not_found', 'Project not found');
      given(projectDecider, history).when(comment('Hi')).thenThrows('not_found', 'Project not found');
    }
  });

  it('records a comment with its text trimmed, and refuses a blank one', () => {
    given(projectDecider, [created])
      .when(comment('  Great work  '))
      .then([{ type: 'ProjectCommented', data: { projectId: P, commentId: 'c-new', parentId: null, userId: OTHER, text: 'Great work', at: AT } }]);
    given(projectDecider, [created]).when(comment('   \n ')).thenThrows('refused', 'Comment cannot be empty');
  });

  it('replies only to an existing top-level comment', () => {
    given(projectDecider, [created, commented('c-1')])
      .when(comment('Thanks', 'c-1', 'c-2'))
      .then([{ type: 'ProjectCommented', data: { projectId: P, commentId: 'c-2', parentId: 'c-1', userId: OTHER, text: 'Thanks', at: AT } }]);
    given(projectDecider, [created, commented('c-1')]).when(comment('Hm', 'c-unknown')).thenThrows('not_found', 'Comment not found');
    // A reply is not a thread of its own.
    given(projectDecider, [created, commented('c-1'), commented('c-2', 'c-1')]).when(comment('Deeper', 'c-2')).thenThrows('not_found', 'Comment not found');
  });
});

describe('reaction decider (likes and saves, one stream per user and project)', () => {
  const like = (type: 'Add' | 'Remove', available = true, kind: 'like' | 'save' = 'like'): ReactionCommand => ({
    type,
    kind,
    subject: { projectId: P },
    userId: OTHER,
    available,
    now: NOW,
  });
  const liked: ReactionEvent = { type: 'ProjectLiked', data: { projectId: P, userId: OTHER, at: AT } };
  const unliked: ReactionEvent = { type: 'ProjectUnliked', data: { projectId: P, userId: OTHER, at: AT } };

  it('likes once: liking again appends nothing', () => {
    given(reactionDecider, []).when(like('Add')).then([liked]);
    given(reactionDecider, [liked]).when(like('Add')).then([]);
  });

  it('unlikes a like; unliking what is not liked appends nothing', () => {
    given(reactionDecider, [liked]).when(like('Remove')).then([unliked]);
    given(reactionDecider, []).when(like('Remove')).then([]);
    given(reactionDecider, [liked, unliked]).when(like('Add')).then([liked]);
  });

  it('saves and unsaves with their own events, idempotently', () => {
    const saved: ReactionEvent = { type: 'ProjectSaved', data: { projectId: P, userId: OTHER, at: AT } };
    given(reactionDecider, []).when(like('Add', true, 'save')).then([saved]);
    given(reactionDecider, [saved]).when(like('Add', true, 'save')).then([]);
    given(reactionDecider, [saved]).when(like('Remove', true, 'save')).then([{ type: 'ProjectUnsaved', data: { projectId: P, userId: OTHER, at: AT } }]);
  });

  it('refuses a project that does not exist or was deleted (404)', () => {
    given(reactionDecider, []).when(like('Add', false)).thenThrows('not_found', 'Project not found');
    given(reactionDecider, [liked]).when(like('Remove', false)).thenThrows('not_found', 'Project not found');
    given(reactionDecider, []).when(like('Add', false, 'save')).thenThrows('not_found', 'Project not found');
  });
});
