import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectEventStore } from '@circuit/shared/adapters/select';
import { loadConfig } from '@circuit/shared/config';
import { createKnex, type Knex } from '@circuit/shared/db/knex';
import { createLogger } from '@circuit/shared/logger';
import { LocalMasterKey } from '@circuit/shared/personal-data/master-key';
import { createTestSchema, testDatabaseUrl } from '@circuit/shared/testkit/postgres';
import { describeWhen } from '@circuit/shared/testkit/skip';
import { hackathonFormFixture } from '@circuit/command-service/hackathons/hackathon-form-fixture';
import { BackupRefused } from '@circuit/command-service/backup/backup-format';
import { restoreBackup } from '@circuit/command-service/backup/restore-backup';
import { writeBackup } from '@circuit/command-service/backup/write-backup';
import { createTestApp, type Agent, type TestApp } from '../testing/test-app';
import { rebuildReadModels } from './rebuild-read-models';

/**
 * Issue 37: a history made through the app is backed up, restored into a new database, its read
 * models rebuilt, and a second app on it answers every read as the first did; the restored site
 * takes new commands after the restored positions; a non-empty target, a damaged file and another
 * master key are refused, changing nothing.
 */

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const MASTER_KEY = randomBytes(32);
const env = (dataDir: string) => ({ DATA_DIR: dataDir, PERSONAL_DATA_MASTER_KEY: MASTER_KEY.toString('base64') });
const master = new LocalMasterKey(MASTER_KEY);
const PROFILE = { firstName: 'Asha', lastName: 'Menon', country: 'India', state: 'Kerala', address: 'MG Road, Kochi', college: 'CUSAT' };

interface History {
  asha: { username: string; password: string; id: string };
  raviId: string;
  hackathonId: string;
  slug: string;
  picture: string;
}

/** A small but varied history, through the routes: sign-ups, a profile with a picture, a follow, a connection, a hackathon and a registration, a chat message. */
async function makeHistory(t: TestApp): Promise<History> {
  const organiser = await t.member();
  const moderator = await t.member('moderator');
  const ravi = await t.member();
  const { user, agent: asha, userId: ashaId } = await t.signedIn(t.newUser({ firstName: 'Asha', lastName: 'Menon' }));
  await asha.put('/api/users/profile').send({ ...PROFILE, bio: 'Maps floods with open data.', skills: ['TypeScript', 'PostGIS'] }).expect(200);
  const picture = (await asha.post('/api/users/profile-picture').attach('profilePicture', PNG, 'me.png').expect(200)).body.data.profilePicture as string;
  await ravi.agent.post(`/api/users/follow/${ashaId}`).expect(200);
  await ravi.agent.post(`/api/users/connect/${ashaId}`).expect(200);
  await asha.post(`/api/users/accept-connection/${ravi.userId}`).expect(200);
  const form = hackathonFormFixture(t.clock.now(), { title: 'Monsoon Build Sprint', takeRegistrations: true, teamSettings: { minMembers: 1, maxMembers: 3 }, maxParticipants: 50 });
  const created = (await organiser.agent.post('/api/hackathons').send(form).expect(201)).body.data as { id: string; username: string };
  await moderator.agent.post(`/api/admin/hackathons/${created.id}/approve`).send({}).expect(200);
  await asha.post(`/api/hackathons/${created.id}/register`).send({ college: 'CUSAT', mobile: '9876543210' }).expect(201);
  await t.embedded.commands.messaging.send({ from: ravi.userId, to: ashaId, text: 'Want to team up for the sprint?' }, { userId: ravi.userId });
  await t.caughtUp();
  return { asha: { username: user.username, password: user.password, id: ashaId }, raviId: ravi.userId, hackathonId: created.id, slug: created.username, picture };
}

async function signIn(t: TestApp, h: History): Promise<Agent> {
  const agent = t.request();
  await agent.post('/api/auth/login').send({ identifier: h.asha.username, password: h.asha.password }).expect(200);
  return agent;
}

/**
 * The answers of the read routes (signed out and as Asha), and the uploaded picture's bytes. Signing
 * in to read is itself a write, so the time of Asha's last sign-in is the one value left out.
 */
async function answers(t: TestApp, h: History): Promise<Record<string, unknown>> {
  const asha = await signIn(t, h);
  const reads: Record<string, [Agent, string]> = {
    profile: [t.request(), `/api/users/username/${h.asha.username}`],
    user: [t.request(), `/api/users/${h.asha.id}`],
    followers: [t.request(), `/api/users/followers/${h.asha.id}`],
    connections: [asha, '/api/users/connections'],
    hackathons: [t.request(), '/api/hackathons'],
    hackathon: [t.request(), `/api/hackathons/username/${h.slug}`],
    search: [asha, '/api/users/search/by?q=asha'],
    registration: [asha, `/api/hackathons/${h.hackathonId}/registration-status`],
    notifications: [asha, '/api/users/notifications'],
    threads: [asha, '/api/users/messages/threads'],
    chat: [asha, `/api/users/${h.raviId}/chat`],
    unread: [asha, '/api/users/unread-count'],
    dashboard: [asha, '/api/dashboard/counts'],
  };
  const result: Record<string, unknown> = {};
  for (const [name, [agent, url]] of Object.entries(reads)) {
    const res = await agent.get(url);
    result[name] = { status: res.status, body: res.body as unknown };
  }
  result.picture = (await t.request().get(h.picture).expect(200)).body as Buffer;
  return JSON.parse(JSON.stringify(result), (key, value: unknown) => (key === 'lastLogin' ? 'signed in to read' : value)) as Record<string, unknown>;
}

function backupSuite(label: string, newDatabase: () => Promise<{ knex: Knex; cleanup(): Promise<void> }>) {
  describe(`backup and restore on ${label}`, () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'circuit-backup-'));
    const file = path.join(dir, 'site.backup.gz');
    const cleanups: (() => Promise<void>)[] = [];
    const database = async () => {
      const db = await newDatabase();
      cleanups.push(db.cleanup);
      return db.knex;
    };
    let history: History;
    let before: Record<string, unknown>;
    let restored: TestApp;
    let target: Knex;

    beforeAll(async () => {
      const source = await createTestApp({ knex: await database(), env: env(path.join(dir, 'source')) });
      try {
        history = await makeHistory(source);
        before = await answers(source, history);
        await writeBackup(source.knex, { file, uploadsDir: source.uploadsDir });
      } finally {
        await source.stop();
      }
      target = await database();
      await restoreBackup(target, { file, uploadsDir: path.join(dir, 'target', 'uploads'), master });
      const store = await selectEventStore(loadConfig({ NODE_ENV: 'test', ...env(path.join(dir, 'target')) }), target);
      await rebuildReadModels(target, store, createLogger('restore', 'silent'));
      await store.close();
      restored = await createTestApp({ knex: target, env: env(path.join(dir, 'target')) });
    }, 120_000);
    afterAll(async () => {
      await restored?.stop();
      for (const cleanup of cleanups) await cleanup();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('answers every read as the backed-up site did', async () => {
      const refused = Object.entries(before).filter(([name, answer]) => name !== 'picture' && (answer as { status: number }).status !== 200);
      expect(refused).toEqual([]);
      expect(await answers(restored, history)).toEqual(before);
    });

    it('takes new commands after the restored positions, and reads them back at once', async () => {
      const last = await restored.store.headPosition();
      const asha = await signIn(restored, history);
      await asha.put('/api/users/profile').send({ ...PROFILE, bio: 'Restored and still mapping.' }).expect(200);
      expect(await restored.store.headPosition()).toBeGreaterThan(last);
      const profile = await restored.request().get(`/api/users/username/${history.asha.username}`).expect(200);
      expect(profile.body.data.bio).toBe('Restored and still mapping.');
    });

    it('refuses a target that is not empty, changing nothing', async () => {
      const head = await restored.store.headPosition();
      await expect(restoreBackup(target, { file, uploadsDir: path.join(dir, 'other'), master })).rejects.toThrow(/target is not empty: event_store_events/);
      expect(await restored.store.headPosition()).toBe(head);
    });

    it('refuses a damaged file or another master key, writing nothing', async () => {
      const lines = gunzipSync(fs.readFileSync(file)).toString().split('\n');
      lines[2] = lines[2]!.replace(/"revision":\d+/, '"revision":99');
      const damaged = path.join(dir, 'damaged.gz');
      fs.writeFileSync(damaged, gzipSync(lines.join('\n')));
      const empty = await database();
      const uploadsDir = path.join(dir, 'empty');
      await expect(restoreBackup(empty, { file: damaged, uploadsDir, master })).rejects.toThrow(/does not match its checksum/);
      await expect(restoreBackup(empty, { file, uploadsDir, master: new LocalMasterKey(randomBytes(32)) })).rejects.toThrow(BackupRefused);
      fs.writeFileSync(damaged, gzipSync(lines.slice(0, 5).join('\n')));
      await expect(restoreBackup(empty, { file: damaged, uploadsDir, master })).rejects.toThrow(/cut short/);
      expect((await empty.raw(`select count(*)::int as n from information_schema.tables where table_schema = current_schema()`)).rows[0].n).toBe(0);
    });
  });
}

backupSuite('PGlite', async () => {
  const knex = await createKnex({ kind: 'pglite' });
  return { knex, cleanup: () => knex.destroy() };
});

describeWhen('backup and restore on Postgres', testDatabaseUrl(), (url) => {
  backupSuite('Postgres', async () => {
    const db = await createTestSchema({ url, label: 'backup', poolMax: 10 });
    return { knex: db.knex, cleanup: () => db.cleanup() };
  });
});
