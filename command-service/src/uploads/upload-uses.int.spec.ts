import { describe, expect, it } from 'vitest';
import { createLogger } from '@circuit/shared/logger';
import { commandSideDatabase } from '../process-managers/command-side.testkit';
import { migrateUploadUses, recordUploadUses, uploadsInUse, UploadUses } from './upload-uses';

/** The uploads in use, kept by the commands that change them and by the feed, neither undoing the other. */
describe('upload uses', () => {
  const db = commandSideDatabase([migrateUploadUses]);
  const at = '2026-11-28T10:00:00.000Z';
  const [first, second, image] = ['/uploads/profile-pictures/1.png', '/uploads/profile-pictures/2.png', '/uploads/projects/p.png'];

  it('keeps the latest picture and image; a replay of older events from the feed changes nothing; a deleted project uses none', async () => {
    const append = async (stream: string, type: string, data: object) => {
      const events = [{ type, data }];
      const { position } = await db.append(stream, events, at);
      await recordUploadUses(db.knex, stream, events, position);
    };
    await append('user-u1', 'ProfilePictureChanged', { url: first, at });
    await append('user-u1', 'ProfilePictureChanged', { url: second, at });
    const project = { projectId: 'p1', title: 't', description: 'd', technologies: [], githubUrl: '', liveUrl: '', image, at };
    await append('project-p1', 'ProjectCreated', { ...project, ownerId: 'u1' });
    expect(await uploadsInUse(db.knex, [first, second, image])).toEqual(new Set([second, image]));

    // The process manager goes over the whole feed (its first start): the rows stay the latest.
    const uses = new UploadUses({ knex: db.knex, store: db.store, log: createLogger('test', 'silent') });
    await uses.handleBatch(await db.store.readAll(0n, 100));
    expect(await uploadsInUse(db.knex, [first, second, image])).toEqual(new Set([second, image]));

    await append('project-p1', 'ProjectDeleted', { projectId: 'p1', at });
    expect(await uploadsInUse(db.knex, [first, second, image])).toEqual(new Set([second]));
  });
});
