import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionData } from 'express-session';
import { createKnex, type Knex } from '../db/knex';
import { createTestSchema, testDatabaseUrl, type TestSchema } from '../testkit/postgres';
import { describeWhen, fromEnv } from '../testkit/skip';
import { endSessionsOf, SessionStore } from './session';
import { KnexRateCounterStore, RedisRateCounterStore, UserRateLimiter, DEFAULT_USER_RATE_RULES, type RateCounterStore } from './user-rate-limit';

const DAY = 24 * 3600_000;
const sessionOf = (userId: string | undefined): SessionData =>
  ({ cookie: { originalMaxAge: 30 * DAY, expires: new Date(Date.now() + 30 * DAY), httpOnly: true, path: '/' }, ...(userId ? { userId } : {}) }) as SessionData;
const set = (store: SessionStore, sid: string, sess: SessionData) =>
  new Promise<void>((resolve, reject) => store.set(sid, sess, (err) => (err ? reject(err as Error) : resolve())));
const destroy = (store: SessionStore, sid: string) => new Promise<void>((resolve, reject) => store.destroy(sid, (err) => (err ? reject(err as Error) : resolve())));

function storeSuite(open: () => Promise<{ knex: Knex; other: () => Knex; close(): Promise<void> }>) {
  let db: Awaited<ReturnType<typeof open>>;
  beforeAll(async () => {
    db = await open();
  });
  afterAll(async () => {
    await db?.close();
  });

  it('upgrades a table connect-session-knex made, keeping its sessions and learning whose they are', async () => {
    const { knex } = db;
    await knex.raw('create table if not exists sessions (sid varchar(255) primary key, sess json not null, expired timestamptz not null)');
    await knex('sessions').insert({ sid: 'legacy-sid', sess: JSON.stringify(sessionOf('legacy-user')), expired: new Date(Date.now() + DAY) });
    const store = new SessionStore(knex, { cleanupMs: 0 });
    try {
      expect((await store.read('legacy-sid'))?.userId).toBe('legacy-user');
      expect(await endSessionsOf(knex, 'legacy-user')).toEqual(['legacy-sid']);
      expect(await store.read('legacy-sid')).toBeNull();
    } finally {
      store.close();
    }
  });

  it('ends all sessions of a user but one, at once for every store of the process, within the cache period for another process', async () => {
    const here = new SessionStore(db.knex, { cleanupMs: 0, cacheMs: 60_000 });
    const elsewhere = new SessionStore(db.other(), { cleanupMs: 0, cacheMs: 300 });
    try {
      await set(here, 'a1', sessionOf('user-a'));
      await set(here, 'a2', sessionOf('user-a'));
      await set(here, 'b1', sessionOf('user-b'));
      for (const sid of ['a1', 'a2']) expect((await elsewhere.read(sid))?.userId).toBe('user-a');
      expect((await here.read('a2'))?.userId).toBe('user-a');

      expect(await endSessionsOf(db.knex, 'user-a', { except: 'a1' })).toEqual(['a2']);
      expect(await here.read('a2')).toBeNull();
      expect((await here.read('a1'))?.userId).toBe('user-a');
      expect((await here.read('b1'))?.userId).toBe('user-b');
      // The other process still trusts its copy for its (short) cache period, not longer.
      await new Promise((r) => setTimeout(r, 350));
      expect(await elsewhere.read('a2')).toBeNull();

      // A late write from a request of the ended session does not revive it; a destroyed one neither.
      await set(elsewhere, 'a2', sessionOf('user-a'));
      expect(await here.read('a2')).toBeNull();
      await destroy(here, 'b1');
      await set(here, 'b1', sessionOf('user-b'));
      expect(await here.read('b1')).toBeNull();
    } finally {
      here.close();
      elsewhere.close();
    }
  });

  it('checks many sessions in one statement: the live ones stay cached longer, the ended ones are answered and forgotten', async () => {
    const here = new SessionStore(db.knex, { cleanupMs: 0 });
    const elsewhere = new SessionStore(db.other(), { cleanupMs: 0, cacheMs: 1000 });
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    try {
      await set(here, 'k1', sessionOf('user-k'));
      await set(here, 'k2', sessionOf('user-k'));
      for (const sid of ['k1', 'k2']) expect((await elsewhere.read(sid))?.userId).toBe('user-k');
      // Changed in the database only, as another process would: k2 ended, k1's row rewritten.
      await db.knex('sessions').where({ sid: 'k2' }).update({ ended: true });
      await db.knex('sessions').where({ sid: 'k1' }).update({ sess: JSON.stringify(sessionOf('user-k-rewritten')) });
      await sleep(600);
      expect(await elsewhere.keepFresh(['k1', 'k2', 'never-existed'])).toEqual(['k2', 'never-existed']);
      expect(await elsewhere.read('k2')).toBeNull();
      // Past the first read's cache period, k1's copy is still trusted: the check renewed it.
      await sleep(600);
      expect((await elsewhere.read('k1'))?.userId).toBe('user-k');
      // Once the renewal runs out, the row is read again.
      await sleep(1100);
      expect((await elsewhere.read('k1'))?.userId).toBe('user-k-rewritten');
    } finally {
      here.close();
      elsewhere.close();
    }
  });

  it('counts increments that arrive together in one statement, each answered the count it would have had alone', async () => {
    const store = new KnexRateCounterStore(db.knex);
    const key = `together-${Math.random().toString(36).slice(2)}`;
    const resetAt = Date.now() + 60_000;
    await store.increment(`${key}-warm`, resetAt);
    let upserts = 0;
    const count = (q: { sql: string }) => void (/user_rate_counters/.test(q.sql) && upserts++);
    db.knex.on('query', count);
    try {
      const answers = await Promise.all([
        ...Array.from({ length: 8 }, () => store.increment(key, resetAt)),
        store.incrementMany([
          { key, resetAt },
          { key: `${key}-other`, resetAt },
        ]),
      ]);
      expect(answers).toEqual([1, 2, 3, 4, 5, 6, 7, 8, [9, 1]]);
      // The first goes at once; the others wait for it and go together.
      expect(upserts).toBe(2);
    } finally {
      db.knex.off('query', count);
    }
  });

  it('counts a user limit across instances sharing the database', async () => {
    await countsAcrossInstances(new KnexRateCounterStore(db.knex), new KnexRateCounterStore(db.other()));
  });
}

describe('counters in the database', () => {
  // The table's creation starts with the store; a close that left it running let it wait for a
  // connection of a database handle destroyed after the close (a test's), for a minute.
  it('close once the table they create is there', async () => {
    const knex = await createKnex({ kind: 'pglite' });
    try {
      await new KnexRateCounterStore(knex).close();
      expect(await knex.schema.hasTable('user_rate_counters')).toBe(true);
    } finally {
      await knex.destroy();
    }
  });
});

async function countsAcrossInstances(one: RateCounterStore, two: RateCounterStore) {
  const rules = { ...DEFAULT_USER_RATE_RULES, reports: { limit: 4, windowMs: 60_000 } };
  const start = Math.ceil(Date.now() / 60_000) * 60_000 + 60_000 * 60 * 24 * 400;
  let now = start + 1;
  const [a, b] = [new UserRateLimiter(one, rules, () => now), new UserRateLimiter(two, rules, () => now)];
  const user = `user-${Math.random().toString(36).slice(2)}`;
  const decisions = await Promise.all([a, b, a, b, a, b].map((l) => l.consume('reports', user)));
  expect(decisions.filter((d) => d.allowed)).toHaveLength(4);
  // The next window starts afresh.
  now = start + 60_000 + 1;
  expect((await b.consume('reports', user)).allowed).toBe(true);
  await a.close();
  await b.close();
}

describe('session store and user limits on PGlite', () => {
  storeSuite(async () => {
    const knex = await createKnex({ kind: 'pglite' });
    // PGlite is one process's database: the "other process" is a second handle on it.
    return { knex, other: () => knex, close: () => knex.destroy() };
  });
});

describeWhen('session store and user limits on Postgres', testDatabaseUrl(), (url) => {
  let schema: TestSchema;
  storeSuite(async () => {
    schema = await createTestSchema({ url, label: 'sessions' });
    return { knex: schema.knex, other: () => schema.connect(), close: () => schema.cleanup() };
  });
});

describeWhen('user limits on Redis', fromEnv('REDIS_URL'), (url) => {
  it('counts a user limit across instances sharing Redis', async () => {
    await countsAcrossInstances(new RedisRateCounterStore(url), new RedisRateCounterStore(url));
  });
});
