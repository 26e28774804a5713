import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@circuit/shared/ports/event-store';
import { erasureReactions } from './erasure-process-manager';

const event = (streamId: string, type: string, data: unknown, userId?: string): RecordedEvent => ({
  id: 'e',
  streamId,
  type,
  data,
  metadata: userId ? { userId } : {},
  occurredAt: '2026-01-01T00:00:00.000Z',
  revision: 0,
  position: 1n,
});
const content = { title: 'T', description: 'D', technologies: [], githubUrl: '', liveUrl: '' };

describe('what erasure learns from the feed', () => {
  it("knows a person's own stored uploads, not links to other sites", () => {
    expect(erasureReactions(event('user-u1', 'ProfilePictureChanged', { url: '/uploads/profile-pictures/a.png', at: 'x' }))).toEqual([{ kind: 'upload', userId: 'u1', url: '/uploads/profile-pictures/a.png' }]);
    expect(erasureReactions(event('project-p1', 'ProjectCreated', { ...content, image: '/uploads/projects/b.png', projectId: 'p1', ownerId: 'u1', at: 'x' }))).toEqual([{ kind: 'upload', userId: 'u1', url: '/uploads/projects/b.png' }]);
    expect(erasureReactions(event('project-p1', 'ProjectUpdated', { ...content, image: '/uploads/projects/c.png', projectId: 'p1', at: 'x' }, 'u1'))).toEqual([{ kind: 'upload', userId: 'u1', url: '/uploads/projects/c.png' }]);
    expect(erasureReactions(event('project-p1', 'ProjectUpdated', { ...content, image: 'https://example.com/x.png', projectId: 'p1', at: 'x' }, 'u1'))).toEqual([]);
    // Erased already: the picture's address reads empty.
    expect(erasureReactions(event('user-u1', 'ProfilePictureChanged', { url: '', at: 'x' }))).toEqual([]);
  });

  it('follows sign-ups until they are verified, withdrawn or erased', () => {
    const registered = { userId: 'u2', username: 'n', email: 'e@x.test', firstName: 'F', lastName: 'L', passwordHash: null, role: 'user', registeredAt: '2026-01-01T00:00:00.000Z' };
    expect(erasureReactions(event('user-u2', 'UserRegistered', { ...registered, emailVerified: false }))).toEqual([{ kind: 'unverified', userId: 'u2', registeredAt: registered.registeredAt }]);
    expect(erasureReactions(event('user-u2', 'UserRegistered', { ...registered, emailVerified: true }))).toEqual([]);
    expect(erasureReactions(event('user-u2', 'EmailVerified', { at: 'x' }))).toEqual([{ kind: 'noLongerUnverified', userId: 'u2' }]);
    expect(erasureReactions(event('user-u2', 'AccountErased', { reason: 'unverified', at: '2026-01-08T00:00:00.000Z' }))).toEqual([{ kind: 'erased', userId: 'u2', at: '2026-01-08T00:00:00.000Z', reservations: [] }]);
  });
});
