import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalFileStore } from '@circuit/shared/adapters/file-store/local-file-store';
import { createTestApp, type TestApp } from '@circuit/embedded/testing/test-app';
import { ORPHAN_AFTER_MS, sweepOrphanUploads } from './orphan-sweeper';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('sweeping abandoned uploads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('deletes old uploads nothing refers to, and keeps used or recent ones', async () => {
    const { agent } = await t.signedIn();
    const upload = async () => (await agent.post('/api/users/projects/image').attach('image', PNG, 'shot.png').expect(200)).body.data.url as string;
    const [attached, abandoned, recent] = [await upload(), await upload(), await upload()];
    await agent.post('/api/users/projects').send({ title: 'Kept', description: 'Uses its image', technologies: [], image: attached }).expect(201);
    const picture = await agent.post('/api/users/profile-picture').attach('profilePicture', PNG, 'me.png').expect(200);
    const pictureUrl = picture.body.data.profilePicture as string;

    // Age every file but `recent` beyond the limit.
    const fileOf = (url: string) => path.join(t.uploadsDir, url.replace('/uploads/', ''));
    const old = new Date(Date.now() - ORPHAN_AFTER_MS - 60_000);
    for (const url of [attached, abandoned, pictureUrl]) fs.utimesSync(fileOf(url), old, old);

    const removed = await sweepOrphanUploads({ knex: t.knex, fileStore: new LocalFileStore(t.uploadsDir), now: new Date() });
    expect(removed).toEqual([abandoned.replace('/uploads/', '')]);
    expect(fs.existsSync(fileOf(abandoned))).toBe(false);
    for (const url of [attached, recent, pictureUrl]) expect(fs.existsSync(fileOf(url))).toBe(true);
    await t.request().get(attached).expect(200);
  });
});
