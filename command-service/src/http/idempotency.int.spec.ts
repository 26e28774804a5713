import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import express from 'express';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnex, type Knex } from '@circuit/shared/db/knex';
import { errorHandler } from '@circuit/shared/http/errors';
import { createLogger } from '@circuit/shared/logger';
import { createTestSchema, testDatabaseUrl, type TestSchema } from '@circuit/shared/testkit/postgres';
import { describeWhen } from '@circuit/shared/testkit/skip';
import { createTestApp, type Agent, type TestApp } from '@circuit/embedded/testing/test-app';
import { waitFor } from '@circuit/shared/testkit/wait';
import { IDEMPOTENCY_TTL_MS, IdempotencyMessages, idempotencyKeySweeper, idempotencyKeys, migrateIdempotencyKeys, sweepIdempotencyKeys } from './idempotency';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const PROJECT = { title: 'DevLog', description: 'Turns git history into weekly notes', technologies: ['TypeScript'] };

async function member(t: TestApp): Promise<{ agent: Agent; userId: string }> {
  const user = t.newUser();
  const { userId } = await t.embedded.commands.accounts.register({ ...user, emailVerified: true }, {});
  const agent = t.request();
  await agent.post('/api/auth/login').send({ identifier: user.username, password: user.password }).expect(200);
  return { agent, userId };
}

async function projectsCreatedBy(t: TestApp, ownerId: string): Promise<number> {
  const events = await t.store.readAll(0n, 100_000);
  return events.filter((e) => e.type === 'ProjectCreated' && (e.data as { ownerId?: string }).ownerId === ownerId).length;
}

/** The acceptance of issue 7.3, on PGlite and on Postgres. */
function repeatedPosts(app: () => TestApp) {
  it('the same POST sent 5 times at once with one Idempotency-Key appends once, and all 5 get the first answer', async () => {
    const t = app();
    const owner = await member(t);
    const key = crypto.randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => owner.agent.post('/api/users/projects').set('Idempotency-Key', key).send(PROJECT)));
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    const ids = new Set(answers.map((r) => r.body.data.id as string));
    expect(ids.size).toBe(1);
    expect(answers.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(4);
    expect(answers.every((r) => JSON.stringify(r.body) === JSON.stringify(answers[0]!.body))).toBe(true);
    expect(await projectsCreatedBy(t, owner.userId)).toBe(1);

    // A retry later still answers the first answer and appends nothing.
    const head = await t.store.headPosition();
    const retry = await owner.agent.post('/api/users/projects').set('Idempotency-Key', key).send(PROJECT).expect(201);
    expect(retry.body).toEqual(answers[0]!.body);
    expect(await t.store.headPosition()).toBe(head);
  });
}

describe('Idempotency-Key on the command routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.stop();
  });

  repeatedPosts(() => t);

  it('same key with another body: 422 with a clear message, and nothing appended', async () => {
    const owner = await member(t);
    const key = crypto.randomUUID();
    await owner.agent.post('/api/users/projects').set('Idempotency-Key', key).send(PROJECT).expect(201);
    const head = await t.store.headPosition();
    const other = await owner.agent.post('/api/users/projects').set('Idempotency-Key', key).send({ ...PROJECT, title: 'Other' });
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ success: false, message: IdempotencyMessages.reused });
    // Another route with the same key is another request too.
    const like = await owner.agent.post('/api/users/projects/00000000-0000-4000-8000-000000000000/like').set('Idempotency-Key', key);
    expect(like.status).toBe(422);
    expect(await t.store.headPosition()).toBe(head);
  });

  it('the same body with its keys in another order is the same request', async () => {
    const owner = await member(t);
    const key = crypto.randomUUID();
    const first = await owner.agent.post('/api/users/projects').set('Idempotency-Key', key).send({ title: 'A', description: 'B' }).expect(201);
    const again = await owner.agent.post('/api/users/projects').set('Idempotency-Key', key).send({ description: 'B', title: 'A' }).expect(201);
    expect(again.body.data.id).toBe(first.body.data.id);
  });

  it("keys are scoped per user: another user's request with the same key runs as their own", async () => {
    const a = await member(t);
    const b = await member(t);
    const key = crypto.randomUUID();
    const first = await a.agent.post('/api/users/projects').set('Idempotency-Key', key).send(PROJECT).expect(201);
    const second = await b.agent.post('/api/users/projects').set('Idempotency-Key', key).send(PROJECT).expect(201);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.body.data.id).not.toBe(first.body.data.id);
    expect(second.body.data.owner.id).toBe(b.userId);
  });

  it('signed out, keys are scoped per session: a replay in the same browser, a fresh run in another', async () => {
    const key = crypto.randomUUID();
    const browser = t.request();
    const body = { identifier: 'nobody_at_all', password: 'wrong-password' };
    const first = await browser.post('/api/auth/login').set('Idempotency-Key', key).send(body);
    expect(first.status).toBe(401);
    const again = await browser.post('/api/auth/login').set('Idempotency-Key', key).send(body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    const elsewhere = await t.request().post('/api/auth/login').set('Idempotency-Key', key).send(body);
    expect(elsewhere.headers['idempotent-replayed']).toBeUndefined();
  });

  it('a stored key reveals nothing of the body (passwords): the fingerprint is keyed with the server secret', async () => {
    const key = crypto.randomUUID();
    const body = { identifier: 'someone', password: 'hunter22' };
    await t.request().post('/api/auth/login').set('Idempotency-Key', key).send(body);
    const row = await t.knex('idempotency_keys').where({ key }).first();
    expect(JSON.stringify(row)).not.toContain('hunter22');
    const unkeyed = crypto.createHash('sha256').update(`POST\n/api/auth/login\n{"identifier":"someone","password":"hunter22"}\n`).digest('hex');
    expect(row.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(row.fingerprint).not.toBe(unkeyed);
  });

  it('an upload with a key is received once: its repeat answers the same file', async () => {
    const owner = await member(t);
    const key = crypto.randomUUID();
    const upload = () => owner.agent.post('/api/users/projects/image').set('Idempotency-Key', key).attach('image', PNG, 'a.png');
    const dir = path.join(t.uploadsDir, 'projects');
    const files = () => (fs.existsSync(dir) ? fs.readdirSync(dir).length : 0);
    const before = files();
    const first = await upload().expect(200);
    const again = await upload().expect(200);
    expect(first.body.data.url).toMatch(/^\/uploads\/projects\//);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(files()).toBe(before + 1);
  });

  it('a malformed key is refused (400) and nothing runs', async () => {
    const owner = await member(t);
    const head = await t.store.headPosition();
    const res = await owner.agent.post('/api/users/projects').set('Idempotency-Key', 'x'.repeat(256)).send(PROJECT);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: IdempotencyMessages.invalidKey });
    expect(await t.store.headPosition()).toBe(head);
  });

  it('without a key every request runs (two projects)', async () => {
    const owner = await member(t);
    await owner.agent.post('/api/users/projects').send(PROJECT).expect(201);
    await owner.agent.post('/api/users/projects').send(PROJECT).expect(201);
    expect(await projectsCreatedBy(t, owner.userId)).toBe(2);
  });

  it('a stored answer expires after a day: the key runs again, and the sweep forgets expired keys', async () => {
    const owner = await member(t);
    const key = crypto.randomUUID();
    await owner.agent.post('/api/users/projects').set('Idempotency-Key', key).send(PROJECT).expect(201);
    t.clock.advance(IDEMPOTENCY_TTL_MS + 1000);
    const later = await owner.agent.post('/api/users/projects').set('Idempotency-Key', key).send(PROJECT).expect(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await projectsCreatedBy(t, owner.userId)).toBe(2);

    const other = crypto.randomUUID();
    await owner.agent.post('/api/users/projects').set('Idempotency-Key', other).send(PROJECT).expect(201);
    const stored = async () => (await t.knex('idempotency_keys').whereIn('key', [key, other]).select('key')).map((r: { key: string }) => r.key);
    expect((await stored()).sort()).toEqual([key, other].sort());
    expect(await sweepIdempotencyKeys(t.knex, new Date(t.clock.now().getTime() + IDEMPOTENCY_TTL_MS + 1000))).toBeGreaterThanOrEqual(2);
    expect(await stored()).toEqual([]);
  });
});

describeWhen('Idempotency-Key on Postgres', testDatabaseUrl(), (url) => {
  let db: TestSchema;
  let t: TestApp;
  beforeAll(async () => {
    db = await createTestSchema({ url, label: 'idempotency', poolMax: 10 });
    t = await createTestApp({ knex: db.knex });
  });
  afterAll(async () => {
    await t?.stop();
    await db?.cleanup();
  });

  repeatedPosts(() => t);
});

/** The middleware alone, on a route the test holds open: waiting, 409, and a failure that frees the key. */
function middlewareSuite(knexOf: () => Knex, otherInstanceKnex: () => Knex) {
  let runs = 0;
  let release: (() => void) | undefined;
  let fail = false;
  let app: express.Express;
  let patient: express.Express;
  let otherInstance: express.Express;
  beforeAll(async () => {
    await migrateIdempotencyKeys(knexOf());
    app = instance(knexOf(), 300);
    patient = instance(knexOf(), 10_000);
    otherInstance = instance(otherInstanceKnex(), 10_000);
  });

  /** One command-service process: the same routes over its own connection pool; a repeat waits `waitMs` at most. */
  function instance(knex: Knex, waitMs: number): express.Express {
    const app = express();
    app.use(express.json());
    app.use((req, _res, next) => {
      // Stands for the session middleware: the user is whoever the test names.
      (req as unknown as { session: { userId: string } }).session = { userId: req.get('X-Test-User') ?? 'u1' };
      next();
    });
    app.use(idempotencyKeys({ knex, secret: 'test-secret', log: createLogger('test', 'silent'), waitMs }));
    app.post('/slow', async (_req, res) => {
      runs += 1;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      if (fail) throw new Error('boom');
      res.status(201).location('/things/1').json({ success: true, data: { run: runs } });
    });
    app.use(errorHandler);
    return app;
  }

  it('two instances: a repeat sent to the other instance waits for the first one and answers its answer', async () => {
    runs = 0;
    fail = false;
    const key = crypto.randomUUID();
    const first = supertest(app).post('/slow').set('Idempotency-Key', key).send({ a: 2 }).then((r) => r);
    await waitUntil(() => release !== undefined);
    const repeat = supertest(otherInstance).post('/slow').set('Idempotency-Key', key).send({ a: 2 }).then((r) => r);
    await new Promise((r) => setTimeout(r, 100));
    release!();
    release = undefined;
    const [a, b] = await Promise.all([first, repeat]);
    expect([a.status, b.status, b.headers['idempotent-replayed']]).toEqual([201, 201, 'true']);
    expect(b.body).toEqual(a.body);
    expect(runs).toBe(1);
  });

  it('a repeat waits for the running request and answers its answer; one that waits too long gets 409', async () => {
    runs = 0;
    fail = false;
    const key = crypto.randomUUID();
    const first = supertest(app).post('/slow').set('Idempotency-Key', key).send({ a: 1 }).then((r) => r);
    await waitUntil(() => release !== undefined);
    const tooLong = await supertest(app).post('/slow').set('Idempotency-Key', key).send({ a: 1 });
    expect(tooLong.status).toBe(409);
    expect(tooLong.body).toEqual({ success: false, message: IdempotencyMessages.inProgress });
    expect(tooLong.headers['retry-after']).toBe('1');
    const waiting = supertest(patient).post('/slow').set('Idempotency-Key', key).send({ a: 1 }).then((r) => r);
    await new Promise((r) => setTimeout(r, 50));
    release!();
    const [a, b] = await Promise.all([first, waiting]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body).toEqual(a.body);
    expect(b.headers.location).toBe('/things/1');
    expect(runs).toBe(1);
    release = undefined;
  });

  it('a 5xx is not kept: the retry with the same key runs again', async () => {
    runs = 0;
    fail = true;
    const key = crypto.randomUUID();
    const first = supertest(app).post('/slow').set('Idempotency-Key', key).send({}).then((r) => r);
    await waitUntil(() => release !== undefined);
    release!();
    release = undefined;
    expect((await first).status).toBe(500);
    fail = false;
    const retry = supertest(app).post('/slow').set('Idempotency-Key', key).send({}).then((r) => r);
    await waitUntil(() => release !== undefined);
    release!();
    release = undefined;
    expect((await retry).status).toBe(201);
    expect(runs).toBe(2);
  });
}

async function waitUntil(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met');
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('idempotency middleware on PGlite', () => {
  let knex: Knex;
  beforeAll(async () => {
    knex = await createKnex({ kind: 'pglite' });
  });
  afterAll(async () => {
    await knex?.destroy();
  });
  // PGlite is one process's database: both "instances" share its one connection.
  middlewareSuite(() => knex, () => knex);

  it('the sweeper forgets expired keys as soon as the workers start, and keeps the others', async () => {
    const now = new Date();
    const row = (key: string, expiresAt: Date) => ({
      scope: 'user:sweep',
      key,
      fingerprint: 'f',
      owner: 'o',
      status: 'done',
      created_at: now,
      locked_until: now,
      expires_at: expiresAt,
    });
    await knex('idempotency_keys').insert([row('old', new Date(now.getTime() - 1000)), row('fresh', new Date(now.getTime() + IDEMPOTENCY_TTL_MS))]);
    const sweeper = idempotencyKeySweeper({ knex, log: createLogger('test', 'silent'), now: () => now });
    await sweeper.start();
    const left = async () => (await knex('idempotency_keys').where({ scope: 'user:sweep' }).select('key')).map((r: { key: string }) => r.key);
    await waitFor(async () => (await left()).length === 1, { message: 'the expired key swept' });
    await sweeper.stop();
    expect(await left()).toEqual(['fresh']);
  });
});

describeWhen('idempotency middleware on Postgres', testDatabaseUrl(), (url) => {
  let db: TestSchema;
  beforeAll(async () => {
    db = await createTestSchema({ url, label: 'idempotency_mw' });
  });
  afterAll(async () => {
    await db?.cleanup();
  });
  middlewareSuite(() => db.knex, () => db.connect());
});
