import express, { type Express } from 'express';
import supertest from 'supertest';
import { checkedAgent } from '@circuit/embedded/testing/checked-agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnex, type Knex } from '@circuit/shared/db/knex';
import { errorHandler } from '@circuit/shared/http/errors';
import { migrateReadModels } from '../migrations';
import { adminRoutes } from './admin-routes';

interface Seed {
  id: string;
  username: string;
  email: string;
  first: string;
  last: string;
  role?: string;
  verified?: boolean;
  active?: boolean;
  created: string;
  lastLogin?: string;
}

const SEEDS: Seed[] = [
  { id: 'u-admin', username: 'Root', email: 'root@circuit.test', first: 'Grace', last: 'Hopper', role: 'admin', verified: true, created: '2024-01-01T00:00:00Z', lastLogin: '2024-06-01T00:00:00Z' },
  { id: 'u-mod', username: 'mod_mia', email: 'mia@circuit.test', first: 'Mia', last: 'Moderator', role: 'moderator', verified: true, created: '2024-01-02T00:00:00Z' },
  { id: 'u-ada', username: 'ada', email: 'ada@analytical.test', first: 'Ada', last: 'Lovelace', verified: true, created: '2024-01-03T00:00:00Z' },
  { id: 'u-alan', username: 'alan_t', email: 'alan@bletchley.test', first: 'Alan', last: 'Turing', created: '2024-01-04T00:00:00Z' },
  { id: 'u-linus', username: 'linus', email: 'linus@kernel.test', first: 'Linus', last: 'Torvalds', created: '2024-01-05T00:00:00Z' },
  { id: 'u-barbara', username: 'barbara', email: 'BLiskov@MIT.test', first: 'Barbara', last: 'Liskov', verified: true, created: '2024-01-06T00:00:00Z' },
  { id: 'u-pct', username: 'percent', email: 'pct@x.test', first: '100%', last: 'Sure', created: '2024-01-07T00:00:00Z' },
  { id: 'u-gone', username: 'former_mod', email: 'former@circuit.test', first: 'Fay', last: 'Former', role: 'moderator', active: false, created: '2024-01-08T00:00:00Z' },
];
const TOTAL = SEEDS.length;

let knex: Knex;

/** A small app: a fake session (x-test-user header -> req.session.userId), the admin routes, the JSON error handler. */
function appAs(userId?: string): Express {
  const app = express();
  app.use((req, _res, next) => {
    (req as unknown as { session: { userId?: string } }).session = { userId };
    next();
  });
  app.use(adminRoutes(knex));
  app.get('/api/other', (_req, res) => {
    res.json({ ok: true });
  });
  app.use(errorHandler);
  return app;
}
/** Every answer is also checked against the OpenAPI document. */
const request = (app: Express) => checkedAgent(app);
const asAdmin = () => request(appAs('u-admin'));
const list = (query: Record<string, unknown>) =>
  asAdmin()
    .get('/api/admin/users')
    .query(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])));
const ids = (body: { id: string }[]) => body.map((u) => u.id);

beforeAll(async () => {
  knex = await createKnex({ kind: 'pglite' });
  await migrateReadModels(knex);
  await knex('users').insert(
    SEEDS.map((s) => ({
      id: s.id,
      username: s.username,
      username_lower: s.username.toLowerCase(),
      email: s.email,
      email_lower: s.email.toLowerCase(),
      first_name: s.first,
      last_name: s.last,
      role: s.role ?? 'user',
      is_email_verified: s.verified ?? false,
      is_active: s.active ?? true,
      created_at: s.created,
      last_login: s.lastLogin ?? null,
      updated_at: s.created,
    })),
  );
});
afterAll(async () => {
  await knex?.destroy();
});

describe('admin API access', () => {
  it('answers 401 when signed out', async () => {
    const res = await request(appAs(undefined)).get('/api/admin/users');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, message: 'Authentication required' });
  });

  it('answers 401 when the session user is unknown to the read model', async () => {
    const res = await request(appAs('u-nobody')).get('/api/admin/users');
    expect(res.status).toBe(401);
  });

  it('answers 403 to a plain user, on the list and on a record', async () => {
    for (const path of ['/api/admin/users', '/api/admin/users/u-ada']) {
      const res = await request(appAs('u-ada')).get(path);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ success: false, message: 'You do not have access to the admin console' });
    }
  });

  it('answers 403 to a deactivated moderator', async () => {
    const res = await request(appAs('u-gone')).get('/api/admin/users');
    expect(res.status).toBe(403);
  });

  it('lets a moderator and an admin in', async () => {
    expect((await request(appAs('u-mod')).get('/api/admin/users')).status).toBe(200);
    expect((await asAdmin().get('/api/admin/users')).status).toBe(200);
  });

  it('does not guard routes outside /api/admin', async () => {
    // A route of this test's own (not the contract's), so plain supertest.
    const res = await supertest(appAs(undefined)).get('/api/other');
    expect(res.status).toBe(200);
  });
});

describe('GET /api/admin/users', () => {
  it('answers the bare array with Content-Range and its exposure header', async () => {
    const res = await list({ sort: ['createdAt', 'ASC'], range: [0, 24], filter: {} });
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toBe(`users 0-${TOTAL - 1}/${TOTAL}`);
    expect(res.headers['access-control-expose-headers']).toBe('Content-Range');
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body[0]).toEqual({
      id: 'u-admin',
      username: 'Root',
      email: 'root@circuit.test',
      firstName: 'Grace',
      lastName: 'Hopper',
      role: 'admin',
      isEmailVerified: true,
      isSuspended: false,
      createdAt: '2024-01-01T00:00:00.000Z',
      lastLogin: '2024-06-01T00:00:00.000Z',
    });
  });

  it('defaults to newest first and answers every record without parameters', async () => {
    const res = await asAdmin().get('/api/admin/users');
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual([...SEEDS].reverse().map((s) => s.id));
  });

  it('sorts by a whitelisted field in either direction, case-insensitively by username', async () => {
    const asc = await list({ sort: ['username', 'ASC'] });
    expect(asc.body.map((u: { username: string }) => u.username)).toEqual(
      [...SEEDS.map((s) => s.username)].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    const desc = await list({ sort: ['createdAt', 'DESC'], range: [0, 1] });
    expect(ids(desc.body)).toEqual(['u-gone', 'u-pct']);
  });

  it('puts users who never signed in last, in both directions', async () => {
    for (const order of ['ASC', 'DESC']) {
      const res = await list({ sort: ['lastLogin', order], range: [0, 0] });
      expect(ids(res.body)).toEqual(['u-admin']);
    }
  });

  it('pages with an inclusive range and reports it in Content-Range', async () => {
    const res = await list({ sort: ['createdAt', 'ASC'], range: [2, 4] });
    expect(ids(res.body)).toEqual(['u-ada', 'u-alan', 'u-linus']);
    expect(res.headers['content-range']).toBe(`users 2-4/${TOTAL}`);

    const tail = await list({ sort: ['createdAt', 'ASC'], range: [6, 24] });
    expect(ids(tail.body)).toEqual(['u-pct', 'u-gone']);
    expect(tail.headers['content-range']).toBe(`users 6-7/${TOTAL}`);

    const beyond = await list({ range: [50, 74] });
    expect(beyond.body).toEqual([]);
    expect(beyond.headers['content-range']).toBe(`users */${TOTAL}`);
  });

  it('filters by q across username, e-mail, first and last name, case-insensitively', async () => {
    const byName = await list({ filter: { q: 'LOVE' } });
    expect(ids(byName.body)).toEqual(['u-ada']);
    const byEmail = await list({ filter: { q: 'mit.TEST' } });
    expect(ids(byEmail.body)).toEqual(['u-barbara']);
    const byUsername = await list({ filter: { q: 'alan_' } });
    expect(ids(byUsername.body)).toEqual(['u-alan']);
    const fullName = await list({ filter: { q: 'linus torvalds' } });
    expect(ids(fullName.body)).toEqual(['u-linus']);
    expect(fullName.headers['content-range']).toBe('users 0-0/1');
  });

  it('treats LIKE wildcards in q as text', async () => {
    const pct = await list({ filter: { q: '%' } });
    expect(ids(pct.body)).toEqual(['u-pct']);
    const underscore = await list({ filter: { q: '_', }, sort: ['id', 'ASC'] });
    expect(ids(underscore.body)).toEqual(['u-alan', 'u-gone', 'u-mod']);
  });

  it('filters by role (one or several) and by e-mail verification', async () => {
    const mods = await list({ filter: { role: 'moderator' }, sort: ['id', 'ASC'] });
    expect(ids(mods.body)).toEqual(['u-gone', 'u-mod']);
    const staff = await list({ filter: { role: ['admin', 'moderator'] }, sort: ['id', 'ASC'] });
    expect(ids(staff.body)).toEqual(['u-admin', 'u-gone', 'u-mod']);
    const verified = await list({ filter: { isEmailVerified: true }, sort: ['id', 'ASC'] });
    expect(ids(verified.body)).toEqual(['u-ada', 'u-admin', 'u-barbara', 'u-mod']);
    const unverifiedUsers = await list({ filter: { isEmailVerified: 'false', role: 'user', q: 'a' }, sort: ['id', 'ASC'] });
    expect(ids(unverifiedUsers.body)).toEqual(['u-alan', 'u-linus']);
    expect(unverifiedUsers.headers['content-range']).toBe('users 0-1/2');
  });

  it('answers getMany (filter by id list)', async () => {
    const res = await list({ filter: { id: ['u-ada', 'u-linus', 'u-missing'] }, sort: ['id', 'ASC'] });
    expect(ids(res.body)).toEqual(['u-ada', 'u-linus']);
  });

  it.each([
    [{ sort: '["username","ASC"' }, 'Query parameter "sort" is not valid JSON'],
    [{ range: '[0,' }, 'Query parameter "range" is not valid JSON'],
    [{ filter: '{q:"ada"}' }, 'Query parameter "filter" is not valid JSON'],
  ])('answers 400 on malformed JSON %j', async (query, message) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message });
  });

  it.each([
    [{ sort: ['password_hash', 'ASC'] }, /Cannot sort users by "password_hash"; sortable fields: id, username/],
    [{ sort: ['username', 'SIDEWAYS'] }, /Sort order must be "ASC" or "DESC"/],
    [{ sort: { field: 'username' } }, /sort must be a JSON array/],
    [{ range: [5, 2] }, /range must end at or after its start/],
    [{ range: [-1, 2] }, /range must be a JSON array of two whole numbers/],
    [{ range: [0, 5000] }, /range may span at most 1000 records/],
    [{ filter: [1, 2] }, /filter must be a JSON object/],
    [{ filter: { password: 'x' } }, /Unknown filter: password/],
    [{ filter: { role: 'superuser' } }, /^filter\.role: /],
    [{ filter: { isEmailVerified: 'maybe' } }, /^filter\.isEmailVerified: /],
  ])('answers 400 with a clear message on a bad query %j', async (query, message) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toMatch(message);
  });

  it('answers 400 when a parameter is repeated', async () => {
    const res = await asAdmin().get('/api/admin/users?range=[0,1]&range=[2,3]');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Query parameter "range" must be given once, as JSON');
  });
});

describe('GET /api/admin/users/:id', () => {
  it('answers the record', async () => {
    const res = await asAdmin().get('/api/admin/users/u-ada');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: 'u-ada', username: 'ada', email: 'ada@analytical.test', firstName: 'Ada', lastName: 'Lovelace', role: 'user', isEmailVerified: true, lastLogin: null });
  });

  it('answers 404 for an unknown id', async () => {
    const res = await asAdmin().get('/api/admin/users/u-missing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, message: 'User not found' });
  });
});
