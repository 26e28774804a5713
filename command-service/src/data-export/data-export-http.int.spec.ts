import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@circuit/embedded/testing/test-app';
import { LocalFileStore } from '@circuit/shared/adapters/file-store/local-file-store';
import type { DataExport, DataExportAnswer } from '@circuit/shared/api/data-export';
import { dataExportStream, DATA_EXPORT_VALID_MS } from '@circuit/shared/events/data-exports';
import type { FileStore } from '@circuit/shared/ports/file-store';
import { waitFor } from '@circuit/shared/testkit/wait';
import { unzip } from '@circuit/shared/zip/zip';
import { readModelQueryClient } from '@circuit/shared/adapters/query-client/read-model-query-client';
import { createLogger } from '@circuit/shared/logger';
import type { Mail } from '@circuit/shared/ports/mailer';
import { DataExportBuilder } from './export-builder';
import { sweepExpiredExports } from './export-sweeper';

/** The export store, with its writes held until the test lets them through: an export stays "building" as long as the test needs. */
class GatedStore extends LocalFileStore {
  private gate: Promise<void> = Promise.resolve();
  private open = () => {};
  close() {
    this.gate = new Promise((resolve) => (this.open = resolve));
  }
  release() {
    this.open();
  }
  readonly deleted: string[] = [];
  override async put(...args: Parameters<FileStore['put']>) {
    await this.gate;
    return super.put(...args);
  }
  /** Recorded once the file is gone, so a test that sees the key here finds the store without it. */
  override async delete(key: string) {
    await super.delete(key);
    this.deleted.push(key);
  }
}

const binary = (res: { on(event: string, listener: (chunk: Buffer) => void): void }, done: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

describe('Download my data over HTTP', () => {
  let t: TestApp;
  const store = new GatedStore(fs.mkdtempSync(path.join(os.tmpdir(), 'circuit-exports-')));
  beforeAll(async () => {
    t = await createTestApp({ exportStore: store });
  });
  afterAll(async () => t?.stop());

  it('builds one at a time (409 names the running one), answers a retried POST once, mails the link, lets only the owner download, refuses after 24 hours and sweeps the file', { timeout: 60_000 }, async () => {
    const owner = await t.member();
    const other = await t.member();
    const latest = async () => ((await owner.agent.get('/api/users/me/data-export').expect(200)).body as { data: DataExportAnswer }).data.export;
    expect(await latest()).toBeNull();

    store.close();
    const key = crypto.randomUUID();
    const first = await owner.agent.post('/api/users/me/data-export').set('Idempotency-Key', key).expect(201);
    const asked = first.body.data as DataExport;
    expect(asked).toMatchObject({ status: 'building', done: 0, downloadUrl: null });
    expect(first.body.message).toBe('We are preparing a copy of your data. We will e-mail you when it is ready.');

    // The same request again (a retry after a lost answer): the first answer, and no second export.
    const retried = await owner.agent.post('/api/users/me/data-export').set('Idempotency-Key', key).expect(201);
    expect(retried.body).toEqual(first.body);
    // Asking again while it is built: a clear refusal that names the running one.
    const again = await owner.agent.post('/api/users/me/data-export').expect(409);
    expect(again.body).toMatchObject({ success: false, message: 'A copy of your data is already being prepared. You can ask for another once it is ready.', data: { exportId: asked.id } });
    // Another person is not held up by it.
    await other.agent.post('/api/users/me/data-export').expect(201);

    // Progress shows section by section; the download waits for the end.
    await waitFor(async () => (await latest())?.done === 9, { message: 'every section built' });
    expect(await latest()).toMatchObject({ id: asked.id, status: 'building', done: 9, total: 9 });
    expect((await owner.agent.get(`/api/users/me/data-export/${asked.id}/download`).expect(409)).body.message).toBe('This copy of your data is still being prepared. It will be mailed to you when it is ready.');
    store.release();
    await waitFor(async () => (await latest())?.status === 'ready', { message: 'the export ready' });
    const ready = (await latest())!;
    expect(ready).toMatchObject({ downloadUrl: `/api/users/me/data-export/${asked.id}/download`, done: 9, total: 9 });
    expect(Date.parse(ready.expiresAt!) - Date.parse(ready.readyAt!)).toBe(DATA_EXPORT_VALID_MS);
    const requested = (await t.store.readStream(dataExportStream(owner.userId))).filter((e) => e.type === 'DataExportRequested');
    expect(requested).toHaveLength(1);

    const mail = await t.latestMail(owner.email, { subject: /Your Circuit data is ready/ });
    expect(mail.text).toContain('/settings/data');
    expect(mail.text).toContain('within 24 hours');

    const download = await owner.agent.get(ready.downloadUrl!).buffer(true).parse(binary).expect(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="circuit-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = unzip(download.body as Buffer);
    expect(JSON.parse(files.get('profile/profile.json')!.toString('utf8'))[0]).toMatchObject({ id: owner.userId, username: owner.username, email: owner.email });

    // Only its owner: another person, or nobody signed in, gets nothing.
    expect((await other.agent.get(ready.downloadUrl!).expect(404)).body.message).toBe('There is no such copy of your data. Open the Your data page to ask for one.');
    await t.request().get(ready.downloadUrl!).expect(401);

    // 24 hours later by the server's clock: refused with the reason, and the sweep deletes the file.
    t.clock.advance(DATA_EXPORT_VALID_MS);
    expect(await latest()).toMatchObject({ status: 'expired', downloadUrl: null });
    expect((await owner.agent.get(ready.downloadUrl!).expect(404)).body.message).toBe('This download has expired: a copy of your data can be downloaded for 24 hours. Ask for a new one on the Your data page.');
    const fileKey = (await t.store.readStream(dataExportStream(owner.userId))).flatMap((e) => (e.type === 'DataExportReady' ? [(e.data as { fileKey: string }).fileKey] : []))[0]!;
    expect(await store.get(fileKey)).toBeDefined();
    const swept = await sweepExpiredExports(store, new Date(t.clock.now().getTime() + 1000));
    expect(swept).toContain(fileKey);
    expect(await store.get(fileKey)).toBeUndefined();

    // Once ready, another may be asked for.
    await owner.agent.post('/api/users/me/data-export').expect(201);
  });

  it('a builder that starts over (a restart, or a second instance) finishes the export once: one archive, one ready, no step twice', { timeout: 60_000 }, async () => {
    const owner = await t.member();
    const stream = () => t.store.readStream(dataExportStream(owner.userId));
    store.close();
    const asked = (await owner.agent.post('/api/users/me/data-export').expect(201)).body.data as DataExport;
    await waitFor(async () => (await stream()).filter((e) => e.type === 'DataExportProgressed').length === 9, { message: 'every section built' });

    // The first builder is stuck writing its archive; a restarted one handles the request again.
    const mails: Mail[] = [];
    const otherStore = new LocalFileStore(fs.mkdtempSync(path.join(os.tmpdir(), 'circuit-exports-')));
    const restarted = new DataExportBuilder({ knex: t.knex, store: t.store, mailer: { send: async (m) => void mails.push(m) }, queries: readModelQueryClient(t.knex), exportStore: otherStore, publicUrl: 'http://circuit.test', log: createLogger('test', 'silent') });
    const request = (await stream()).find((e) => e.type === 'DataExportRequested')!;
    await restarted.handle(request);
    await restarted.handle(request);
    const deletedBefore = store.deleted.length;
    store.release();
    // The first builder writes its archive, finds the export ready, and deletes it again.
    await waitFor(() => store.deleted.length > deletedBefore, { message: 'the late archive deleted' });
    expect(await store.get(store.deleted.at(-1)!)).toBeUndefined();
    expect(await otherStore.list('data-exports')).toHaveLength(1);
    // The restarted builder was handed the request only; the app's builder mails the one ready.
    expect(mails).toEqual([]);
    await t.latestMail(owner.email, { subject: /Your Circuit data is ready/ });
    expect((await t.mailbox!.list({ to: owner.email })).filter((m) => /Your Circuit data is ready/.test(m.subject))).toHaveLength(1);

    const events = await stream();
    expect(events.map((e) => e.type)).toEqual(['DataExportRequested', ...Array<string>(9).fill('DataExportProgressed'), 'DataExportReady']);
    const ready = events.at(-1)!.data as { fileKey: string };
    expect(await otherStore.get(ready.fileKey)).toBeDefined();
  });
});
