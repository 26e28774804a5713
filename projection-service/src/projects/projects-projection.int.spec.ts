import { beforeAll, describe, expect, it } from 'vitest';
import { userStream, type AccountEvent } from '@circuit/shared/events/accounts';
import type { DomainEvent } from '@circuit/shared/events/catalogue';
import { projectLikeStream, projectSaveStream, projectStream } from '@circuit/shared/events/projects';
import { findProjectView, loadProjectViews } from '@circuit/shared/read-models/projects';
import { projectionHarness, userRegistered } from '../runner/projection-harness.testkit';
import { usersProjection } from '../accounts/users-projection';
import { migrateProjectsReadModels } from './projects-migrations';
import { projectsProjection } from './projects-projection';

type Event = AccountEvent | DomainEvent;

/** Events in, rows out: projects, their likes, saves and comments, and the counts. */
describe('projects projection', () => {
  const t = projectionHarness([migrateProjectsReadModels], [usersProjection, projectsProjection]);
  const T = '2025-03-01T10:00:00.000Z';

  beforeAll(async () => {
    await append(userStream('owner'), [userRegistered({ userId: 'owner', username: 'asha', email: 'a@example.com', firstName: 'Asha', lastName: 'Rao' }, T)]);
  });

  async function append(streamId: string, events: Event[], at = T) {
    await t.append(streamId, events, at);
  }
  const created = (projectId: string, at = T): Event => ({
    type: 'ProjectCreated',
    data: { projectId, ownerId: 'owner', title: `Project ${projectId}`, description: 'D', technologies: ['Go', 'Rust'], githubUrl: '', liveUrl: '', image: null, at },
  });
  const liked = (projectId: string, userId: string): Event => ({ type: 'ProjectLiked', data: { projectId, userId, at: T } });
  const unliked = (projectId: string, userId: string): Event => ({ type: 'ProjectUnliked', data: { projectId, userId, at: T } });
  const saved = (projectId: string, userId: string): Event => ({ type: 'ProjectSaved', data: { projectId, userId, at: T } });
  const counts = async (id: string) => t.knex('projects').where({ id }).first('likes_count', 'saves_count');

  it('creates, updates and lists a project with its owner', async () => {
    await append(projectStream('p1'), [created('p1')]);
    await append(projectStream('p1'), [
      { type: 'ProjectUpdated', data: { projectId: 'p1', title: 'Renamed', description: 'New', technologies: ['Go'], githubUrl: 'https://github.com/x', liveUrl: '', image: '/uploads/projects/a.png', at: '2025-03-01T11:00:00.000Z' } },
    ]);
    await t.runner.rebuild();
    expect(await findProjectView(t.knex, 'p1')).toMatchObject({
      id: 'p1',
      owner: { id: 'owner', username: 'asha', firstName: 'Asha' },
      title: 'Renamed',
      technologies: ['Go'],
      githubUrl: 'https://github.com/x',
      image: '/uploads/projects/a.png',
      createdAt: T,
      updatedAt: '2025-03-01T11:00:00.000Z',
      likesCount: 0,
      comments: [],
    });
  });

  it('keeps likes and saves counts equal to their rows, whatever the order and repeats', async () => {
    await append(projectStream('p2'), [created('p2')]);
    for (const u of ['a', 'b', 'c']) await append(projectLikeStream('p2', u), [liked('p2', u)]);
    await append(projectLikeStream('p2', 'b'), [unliked('p2', 'b')]);
    await append(projectSaveStream('p2', 'a'), [saved('p2', 'a')]);
    // Unliking what was never liked changes nothing.
    await append(projectLikeStream('p2', 'z'), [unliked('p2', 'z')]);
    await t.runner.rebuild();
    expect(await counts('p2')).toEqual({ likes_count: 2, saves_count: 1 });
    const view = await findProjectView(t.knex, 'p2');
    expect(view).toMatchObject({ likes: ['a', 'c'], saves: ['a'], likesCount: 2, savesCount: 1 });

    // The same like delivered twice counts once.
    const [again] = await t.store.readStream(projectLikeStream('p2', 'a'));
    await t.knex.transaction((trx) => projectsProjection.applyBatch(trx, [again!]));
    expect(await counts('p2')).toEqual({ likes_count: 2, saves_count: 1 });
  });

  it('threads comments and replies, oldest first', async () => {
    await append(projectStream('p3'), [created('p3')]);
    const comment = (commentId: string, parentId: string | null, text: string, at: string): Event => ({
      type: 'ProjectCommented',
      data: { projectId: 'p3', commentId, parentId, userId: 'owner', text, at },
    });
    await append(projectStream('p3'), [
      comment('c1', null, 'first', '2025-03-01T10:01:00.000Z'),
      comment('c2', null, 'second', '2025-03-01T10:02:00.000Z'),
      comment('r1', 'c1', 'reply', '2025-03-01T10:03:00.000Z'),
    ]);
    await t.runner.rebuild();
    const view = await findProjectView(t.knex, 'p3');
    expect(view?.comments.map((c) => [c._id, c.text, c.replies.map((r) => r.text)])).toEqual([
      ['c1', 'first', ['reply']],
      ['c2', 'second', []],
    ]);
    expect(view?.comments[0]?.user).toEqual({ _id: 'owner', firstName: 'Asha', lastName: 'Rao', username: 'asha', profilePicture: null });
  });

  it('removes a deleted project with its likes, saves and comments; late likes leave no rows', async () => {
    await append(projectStream('p4'), [created('p4'), { type: 'ProjectCommented', data: { projectId: 'p4', commentId: 'c9', parentId: null, userId: 'x', text: 't', at: T } }]);
    await append(projectLikeStream('p4', 'a'), [liked('p4', 'a')]);
    await append(projectSaveStream('p4', 'a'), [saved('p4', 'a')]);
    await append(projectStream('p4'), [{ type: 'ProjectDeleted', data: { projectId: 'p4', at: T } }]);
    await append(projectLikeStream('p4', 'b'), [liked('p4', 'b')]);
    await t.runner.rebuild();
    expect(await t.knex('projects').where({ id: 'p4' })).toEqual([]);
    for (const table of ['project_likes', 'project_saves', 'project_comments']) expect(await t.knex(table).where({ project_id: 'p4' })).toEqual([]);
  });

  it('lists an owner\u2019s projects newest first', async () => {
    await append(projectStream('p5'), [created('p5', '2025-03-02T00:00:00.000Z')]);
    await t.runner.rebuild();
    const list = await loadProjectViews(t.knex, { ownerId: 'owner' });
    // p1..p3 share a creation time: the id breaks the tie, so the order is stable.
    expect(list.map((p) => p.id)).toEqual(['p5', 'p3', 'p2', 'p1']);
    expect(await loadProjectViews(t.knex, { ownerId: 'nobody' })).toEqual([]);
  });
});
