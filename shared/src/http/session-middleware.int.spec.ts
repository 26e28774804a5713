import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnex, type Knex } from '../db/knex';
import { createSessionMiddleware, endSessionsOf, type SessionMiddleware } from './session';

/**
 * The session middleware's short path (a session this process has just read, taken without
 * express-session) on writes: a signed-in user's write outside /api/auth/ takes it, and sees
 * the session end as soon as this process ended it; anything that may change the session does not.
 */
describe('session middleware on writes', () => {
  let knex: Knex;
  let sessions: SessionMiddleware;
  let app: express.Express;

  beforeAll(async () => {
    knex = await createKnex({ kind: 'pglite' });
    sessions = createSessionMiddleware(knex, { secret: 'test-secret', secure: false, cacheMs: 60_000 });
    app = express();
    app.use(sessions.middleware);
    app.post('/api/auth/login', (req, res, next) => {
      req.session.regenerate((err) => {
        if (err) return next(err);
        req.session.userId = String(req.query.user);
        req.session.refreshedAt = Date.now();
        req.session.save((e) => (e ? next(e) : res.json({ ok: true })));
      });
    });
    // What a route sees of the session, and whether express-session handled the request (it wraps res.end).
    const seen = (req: express.Request, res: express.Response) =>
      res.json({ userId: req.session?.userId ?? null, expressSession: Object.prototype.hasOwnProperty.call(res, 'end') });
    app.post('/api/things', seen);
    app.get('/api/things', seen);
    // A signed-out session that keeps a mark (as the idempotency keys of signed-out sessions do).
    app.post('/api/mark', (req, res) => {
      req.session.idempotencyScope = true;
      seen(req, res);
    });
  });
  afterAll(async () => {
    sessions.close();
    await knex.destroy();
  });

  it('takes a signed-in write outside /api/auth/ without express-session once the session was read, and refuses it once the session ended', async () => {
    const login = await request(app).post('/api/auth/login?user=ana').expect(200);
    const cookie = String(login.headers['set-cookie']?.[0] ?? '').split(';')[0]!;
    // The first request of the session reads it; the next ones find it read.
    await request(app).get('/api/things').set('cookie', cookie).expect(200);
    const write = await request(app).post('/api/things').set('cookie', cookie).expect(200);
    expect(write.body).toEqual({ userId: 'ana', expressSession: false });
    expect(write.headers['set-cookie']).toBeUndefined();

    await endSessionsOf(knex, 'ana');
    expect((await request(app).post('/api/things').set('cookie', cookie).expect(200)).body.userId).toBeNull();
  });

  it('leaves signed-out sessions and the sign-in flows to express-session, which saves what they change', async () => {
    const first = await request(app).post('/api/mark').expect(200);
    expect(first.body).toEqual({ userId: null, expressSession: true });
    const cookie = String(first.headers['set-cookie']?.[0] ?? '').split(';')[0]!;
    expect(cookie).toMatch(/^circuit\.sid=/);
    await request(app).get('/api/things').set('cookie', cookie).expect(200);
    expect((await request(app).post('/api/mark').set('cookie', cookie).expect(200)).body.expressSession).toBe(true);

    const login = await request(app).post('/api/auth/login?user=ben').set('cookie', cookie).expect(200);
    expect(login.headers['set-cookie']).toBeDefined();
  });
});
