import express from 'express';
import supertest from 'supertest';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpApp, JSON_ONLY_MESSAGE } from '@circuit/shared/http/app';
import { createLogger } from '@circuit/shared/logger';
import { createSessionMiddleware, SESSION_COOKIE } from '@circuit/shared/http/session';
import { cookieSetBy } from '@circuit/shared/testkit/session-cookie';
import {
  DEFAULT_USER_RATE_RULES,
  KnexRateCounterStore,
  MESSAGES_RATE_LIMITED_MESSAGE,
  RATE_LIMITED_MESSAGE,
  UserRateLimiter,
} from '@circuit/shared/http/user-rate-limit';
import { createTestApp, type TestApp } from '@circuit/embedded/testing/test-app';

describe('HTTP hardening: body types, headers, per-user write limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.stop();
  });

  describe('bodies', () => {
    it('refuses the bodies a cross-site form can send (urlencoded, text/plain) with 415, changing nothing', async () => {
      const { user } = await t.signUpVerified();
      const form = await t.request().post('/api/auth/login').type('form').send({ identifier: user.username, password: user.password });
      expect(form.status).toBe(415);
      expect(form.body).toEqual({ success: false, message: JSON_ONLY_MESSAGE });
      expect(form.headers['set-cookie']).toBeUndefined();
      const text = await t.request().post('/api/auth/login').set('Content-Type', 'text/plain').send(JSON.stringify({ identifier: user.username, password: user.password }));
      expect(text.status).toBe(415);
    });

    it('refuses multipart on a route that takes no upload, and keeps JSON and body-less writes working', async () => {
      const { agent, userId } = await t.signedIn();
      const other = await t.signedIn();
      const multipart = await agent.post(`/api/users/follow/${other.userId}`).field('x', '1');
      expect(multipart.status).toBe(415);
      expect(await t.knex('user_follows').where({ follower_id: userId, followee_id: other.userId })).toHaveLength(0);
      // The README's curl examples: JSON, or no body at all (and no Origin header).
      await agent.post(`/api/users/follow/${other.userId}`).expect(200);
    });

    it('still takes an upload as multipart where one is expected', async () => {
      const { agent } = await t.signedIn();
      const res = await agent.post('/api/users/profile-picture').attach('profilePicture', Buffer.from('not an image'), 'x.png');
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Please upload a PNG, JPG, GIF or WebP image');
    });
  });

  describe('headers', () => {
    it('sends a Content-Security-Policy without inline scripts, a Permissions-Policy and the baseline headers', async () => {
      const res = await t.request().get('/api/auth/me');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['permissions-policy']).toContain('camera=(self)');
      expect(res.headers['permissions-policy']).toContain('microphone=()');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      // Not production: no HSTS (a developer's http://localhost must not be pinned to https).
      expect(res.headers['strict-transport-security']).toBeUndefined();
    });

    it('sends the same headers on the Socket.IO answers', async () => {
      // Socket.IO answers on the HTTP server before express sees the request.
      const base = `http://127.0.0.1:${await t.embedded.listen(0)}`;
      const res = await supertest(base).get('/socket.io/?EIO=4&transport=polling');
      expect(res.status).toBe(200);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    });

    it('sends HSTS in production', async () => {
      const knex = { raw: async () => undefined } as unknown as Knex;
      const app = createHttpApp({
        log: createLogger('hsts', 'silent'),
        knex,
        session: (_req, _res, next) => next(),
        allowedOrigins: ['https://circuit.example.test'],
        production: true,
        mount: (a) => a.get('/api/ping', (_req, res) => void res.json({ ok: true })),
        fallback: express.Router(),
      });
      const res = await supertest(app).get('/api/ping').expect(200);
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    });
  });

  describe('behind a TLS proxy', () => {
    const sessionCookieOf = (res: supertest.Response) => cookieSetBy(res, SESSION_COOKIE);

    it('sends HSTS and a Secure session cookie when a trusted proxy says the request came over https, whatever NODE_ENV says', async () => {
      expect(t.config.NODE_ENV).toBe('test');
      const { user } = await t.signUpVerified();
      const login = () => t.request().post('/api/auth/login').send({ identifier: user.username, password: user.password });
      const overHttps = await login().set('X-Forwarded-Proto', 'https').expect(200);
      expect(overHttps.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
      expect(sessionCookieOf(overHttps)).toMatch(/;\s*Secure/i);
      // Plain http (a developer's localhost): no pinning, and a cookie the browser sends back over http.
      const plain = await login().expect(200);
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      expect(sessionCookieOf(plain)).toBeDefined();
      expect(sessionCookieOf(plain)).not.toMatch(/;\s*Secure/i);
    });

    it('believes X-Forwarded-Proto only from a proxy TRUST_PROXY trusts', async () => {
      const sessions = createSessionMiddleware(t.knex, { secret: 'hardening-test', secure: false });
      try {
        const app = createHttpApp({
          log: createLogger('proxy', 'silent'),
          knex: t.knex,
          session: sessions.middleware,
          allowedOrigins: ['http://circuit.example.test'],
          trustProxy: false,
          mount: (a) =>
            a.post('/api/sign-in', (req, res) => {
              req.session.userId = 'someone';
              res.json({ ok: true });
            }),
        });
        const res = await supertest(app).post('/api/sign-in').set('X-Forwarded-Proto', 'https').expect(200);
        expect(res.headers['strict-transport-security']).toBeUndefined();
        expect(sessionCookieOf(res)).toBeDefined();
        expect(sessionCookieOf(res)).not.toMatch(/;\s*Secure/i);
      } finally {
        sessions.close();
      }
    });
  });

  describe('per-user write limits', () => {
    it('limits reports per user with a 429 the screen can show, and leaves other users alone', async () => {
      const [reporter, target, bystander] = [await t.signedIn(), await t.signedIn(), await t.signedIn()];
      const statuses: number[] = [];
      let refused: supertest.Response | undefined;
      for (let i = 0; i < 12; i++) {
        const res = await reporter.agent.post(`/api/users/report/${target.userId}`).send({ reason: `spam ${i}` });
        statuses.push(res.status);
        if (res.status === 429) refused ??= res;
      }
      expect(statuses.slice(0, 10).every((s) => s !== 429)).toBe(true);
      expect(statuses.slice(10)).toEqual([429, 429]);
      expect(refused!.body).toEqual({ success: false, message: RATE_LIMITED_MESSAGE });
      expect(Number(refused!.headers['retry-after'])).toBeGreaterThan(0);
      const other = await bystander.agent.post(`/api/users/report/${target.userId}`).send({ reason: 'spam' });
      expect(other.status).not.toBe(429);
    });

    it('counts in the shared store: a second instance sees the first one\'s count', async () => {
      const rules = { ...DEFAULT_USER_RATE_RULES, messages: { limit: 3, windowMs: 60_000 } };
      // A window far in the future, so the counters' expiry never bites.
      const aYearOn = Date.now() + 365 * 24 * 3600_000;
      const at = aYearOn - (aYearOn % 60_000) + 5;
      const one = new UserRateLimiter(new KnexRateCounterStore(t.knex), rules, () => at);
      const two = new UserRateLimiter(new KnexRateCounterStore(t.knex), rules, () => at);
      expect((await one.consume('messages', 'u1')).allowed).toBe(true);
      expect((await two.consume('messages', 'u1')).allowed).toBe(true);
      expect((await one.consume('messages', 'u1')).allowed).toBe(true);
      const fourth = await two.consume('messages', 'u1');
      expect(fourth.allowed).toBe(false);
      expect(fourth.retryAfterMs).toBe(60_000 - 5);
      expect((await one.consume('messages', 'u2')).allowed).toBe(true);
      expect(MESSAGES_RATE_LIMITED_MESSAGE).toMatch(/too fast/);
    });
  });
});
