import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { endSessionsOf, SESSION_CACHE_MS, SESSION_COOKIE, SESSION_REFRESH_MS, SessionStore } from '@circuit/shared/http/session';
import { createTestApp, type Agent, type TestApp } from '@circuit/embedded/testing/test-app';

const setCookies = (res: { headers: Record<string, unknown> }): string[] => {
  const header = res.headers['set-cookie'] as string[] | string | undefined;
  return header === undefined ? [] : Array.isArray(header) ? header : [header];
};
const sessionCookie = (res: { headers: Record<string, unknown> }) => setCookies(res).find((c) => c.startsWith(`${SESSION_COOKIE}=`));

describe('sessions: ended where they should, cheap to read', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.stop();
  });

  /** A second browser signed in as the same user. */
  async function secondBrowser(identifier: string, password: string): Promise<Agent> {
    const agent = t.request();
    await agent.post('/api/auth/login').send({ identifier, password }).expect(200);
    return agent;
  }

  it('a password change ends every other session of the user at once, and keeps the one that changed it', async () => {
    const { user, agent } = await t.signedIn();
    const other = await secondBrowser(user.username, user.password);
    await other.get('/api/auth/me').expect(200);

    await agent.post('/api/auth/change-password').send({ currentPassword: user.password, newPassword: 'changed-pass-1' }).expect(200);
    await other.get('/api/auth/me').expect(401);
    await other.post('/api/users/follow/00000000-0000-4000-8000-000000000000').expect(401);
    await agent.get('/api/auth/me').expect(200);
  });

  it('a password reset ends every session of the user', async () => {
    const { user, agent } = await t.signedIn();
    const other = await secondBrowser(user.email, user.password);
    const before = (await t.mailsTo(user.email)).length;
    await t.request().post('/api/auth/forgot-password').send({ email: user.email }).expect(200);
    const mail = await t.latestMail(user.email, { after: before, subject: /Reset your Circuit password/ });
    const token = decodeURIComponent(/\/reset-password\/([^\s"<]+)/.exec(mail.text)![1]!);

    await t.request().post('/api/auth/reset-password').send({ token, password: 'reset-pass-1' }).expect(200);
    await agent.get('/api/auth/me').expect(401);
    await other.get('/api/auth/me').expect(401);
  });

  it('an ended session stays ended: a request still running in it cannot write it back', async () => {
    const { user, agent, userId } = await t.signedIn();
    const login = await t.request().post('/api/auth/login').send({ identifier: user.username, password: user.password }).expect(200);
    const sid = decodeURIComponent(sessionCookie(login)!.split(';')[0]!.slice(SESSION_COOKIE.length + 1)).slice(2).split('.')[0]!;
    const store = new SessionStore(t.knex, { cleanupMs: 0 });
    try {
      const data = await store.read(sid);
      expect(data?.userId).toBe(userId);
      await endSessionsOf(t.knex, userId);
      // What express-session does at the end of a request that changed its session.
      await new Promise<void>((resolve, reject) => store.set(sid, { ...data!, refreshedAt: Date.now() }, (err) => (err ? reject(err) : resolve())));
      expect(await store.read(sid)).toBeNull();
      await agent.get('/api/auth/me').expect(401);
    } finally {
      store.close();
    }
  });

  it('an authenticated GET neither writes the session nor sends a cookie', async () => {
    const { agent, userId } = await t.signedIn();
    const row = async () => t.knex('sessions').where({ user_id: userId, ended: false }).first<{ sess: unknown; expired: Date }>('sess', 'expired');
    const before = await row();
    for (let i = 0; i < 3; i++) {
      const res = await agent.get('/api/auth/me').expect(200);
      expect(sessionCookie(res)).toBeUndefined();
      await new Promise((r) => setTimeout(r, 15));
    }
    const after = await row();
    expect(new Date(after!.expired).getTime()).toBe(new Date(before!.expired).getTime());
    expect(after!.sess).toEqual(before!.sess);
  });

  it('a signed-in session is rolled forward (row and cookie) once the refresh interval has passed', async () => {
    const { agent, userId } = await t.signedIn();
    const expiry = async () => new Date((await t.knex('sessions').where({ user_id: userId, ended: false }).first<{ expired: Date }>('expired'))!.expired).getTime();
    const before = await expiry();
    const realNow = Date.now.bind(Date);
    const spy = vi.spyOn(Date, 'now').mockImplementation(() => realNow() + SESSION_REFRESH_MS + 60_000);
    try {
      const res = await agent.get('/api/auth/me').expect(200);
      expect(sessionCookie(res)).toMatch(/Expires=/);
      await vi.waitFor(async () => expect(await expiry()).toBeGreaterThan(before + SESSION_REFRESH_MS));
      // Refreshed now: the next request does not write again.
      const again = await agent.get('/api/auth/me').expect(200);
      expect(sessionCookie(again)).toBeUndefined();
    } finally {
      spy.mockRestore();
    }
  });

  it('a process reads a session row at most once per cache period, and forgets it at once when it ends', async () => {
    const { userId, agent } = await t.signedIn();
    const { sid } = (await t.knex('sessions').where({ user_id: userId, ended: false }).first<{ sid: string }>('sid'))!;
    const store = new SessionStore(t.knex, { cleanupMs: 0, cacheMs: 60_000 });
    try {
      expect((await store.read(sid))?.userId).toBe(userId);
      // A change behind the cache's back is not seen within the cache period: the row was read once.
      await t.knex('sessions').where({ sid }).update({ sess: JSON.stringify({ cookie: { originalMaxAge: 1000 }, userId: 'someone-else' }) });
      expect((await store.read(sid))?.userId).toBe(userId);
      // Ending the user's sessions in this process empties every cache of it.
      await endSessionsOf(t.knex, userId);
      expect(await store.read(sid)).toBeNull();
      await agent.get('/api/auth/me').expect(401);
    } finally {
      store.close();
    }
    expect(SESSION_CACHE_MS).toBeLessThanOrEqual(2000);
  });
});
