import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@circuit/shared/events/catalogue';
import { hackathonProjectCommentsStream, hackathonProjectLikeStream, hackathonProjectSaveStream } from '@circuit/shared/events/hackathon-project-reactions';
import { projectionHarness } from '../runner/projection-harness.testkit';
import { migrateHackathonProjectsReadModels } from './projects-migrations';
import { hackathonProjectsProjection } from './projects-projection';

/** Events in, rows out: a hackathon project's likes, saves and comments, and counts that always equal the rows. */
describe('hackathon project reactions in the hackathon-projects projection', () => {
  const t = projectionHarness([migrateHackathonProjectsReadModels], [hackathonProjectsProjection]);
  const T = '2026-03-01T10:00:00.000Z';
  const H = 'h-1';
  const on = (projectId: string, userId: string) => ({ hackathonId: H, projectId, userId, at: T });
  const event = (type: 'HackathonProjectLiked' | 'HackathonProjectUnliked' | 'HackathonProjectSaved', projectId: string, userId: string): DomainEvent => ({ type, data: on(projectId, userId) });
  const counts = async (projectId: string) => t.knex('hackathon_project_counts').where({ hackathon_id: H, project_id: projectId }).first('likes', 'saves', 'comments');

  it('counts what is there at the end of a batch: a like and its unlike in one batch leave nothing, a repeat counts once', async () => {
    await t.append(hackathonProjectLikeStream(H, 'team-a', 'u1'), [event('HackathonProjectLiked', 'team-a', 'u1'), event('HackathonProjectUnliked', 'team-a', 'u1')], T);
    await t.append(hackathonProjectLikeStream(H, 'team-a', 'u2'), [event('HackathonProjectLiked', 'team-a', 'u2'), event('HackathonProjectLiked', 'team-a', 'u2')], T);
    await t.append(hackathonProjectSaveStream(H, 'team-a', 'u2'), [event('HackathonProjectSaved', 'team-a', 'u2')], T);
    // The same entrant id in another hackathon is another project.
    await t.append(hackathonProjectLikeStream('h-2', 'team-a', 'u1'), [{ type: 'HackathonProjectLiked', data: { ...on('team-a', 'u1'), hackathonId: 'h-2' } }], T);
    await t.runner.rebuild();
    expect(await counts('team-a')).toEqual({ likes: 1, saves: 1, comments: 0 });
    expect(await t.knex('hackathon_project_reactions').where({ hackathon_id: H }).orderBy(['kind', 'user_id']).select('kind', 'user_id')).toEqual([
      { kind: 'like', user_id: 'u2' },
      { kind: 'save', user_id: 'u2' },
    ]);

    await t.append(hackathonProjectLikeStream(H, 'team-a', 'u2'), [event('HackathonProjectUnliked', 'team-a', 'u2')], T);
    await t.append(hackathonProjectCommentsStream(H, 'team-a'), [{ type: 'HackathonProjectCommented', data: { ...on('team-a', 'u1'), commentId: 'c-1', parentId: null, text: 'Nice' } }], T);
    await t.runner.rebuild();
    expect(await counts('team-a')).toEqual({ likes: 0, saves: 1, comments: 1 });
  });

  it('forgets a deleted hackathon’s reactions, comments and counts', async () => {
    await t.append('hackathon-h-1', [{ type: 'HackathonDeleted', data: { hackathonId: H, at: T, byUserId: 'admin' } }], T);
    await t.runner.rebuild();
    for (const table of ['hackathon_project_reactions', 'hackathon_project_comments', 'hackathon_project_counts']) expect(await t.knex(table).where({ hackathon_id: H })).toEqual([]);
    expect(await t.knex('hackathon_project_counts').where({ hackathon_id: 'h-2' }).first('likes')).toEqual({ likes: 1 });
  });
});
