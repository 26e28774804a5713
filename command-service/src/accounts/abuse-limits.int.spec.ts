import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Response } from 'supertest';
import { loadConfig } from '@circuit/shared/config';
import { createKnex, type Knex } from '@circuit/shared/db/knex';
import { createLogger } from '@circuit/shared/logger';
import { describeWhen, fromEnv } from '@circuit/shared/testkit/skip';
import { createTestApp, type TestApp } from '@circuit/embedded/testing/test-app';
import { ACCOUNT_FREE_FAILURES_FACTOR, createAbuseLimits, limitsFromConfig, type AbuseLimits } from '../http/rate-limits';
import { createLimiterStore, type LimiterStore } from '../http/limiter-store';
import { cookieSetBy } from '@circuit/shared/testkit/session-cookie';
import { DEVICE_COOKIE } from './device-cookie';

/**
 * The abuse limits of docs/decisions.md#d14-abuse-limits-that-fit-a-campus with the production defaults: a campus behind one address
 * signs up together, while codes per address and failed sign-ins per account are limited.
 */

const DEFAULTS = limitsFromConfig(loadConfig({ NODE_ENV: 'test' }));
const tag = () => randomBytes(4).toString('hex');

function expectRateLimitHeaders(res: Response) {
  expect(res.headers['ratelimit-policy']).toMatch(/^\d+;w=\d+$/);
  expect(res.headers['ratelimit']).toMatch(/^limit=\d+, remaining=0, reset=\d+$/);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('abuse limits with the default settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: DEFAULTS });
  });
  afterAll(async () => {
    await t?.stop();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lets 50 students sign up with their own addresses from one network within a minute', async () => {
    const started = Date.now();
    const answers = [];
    // Five at a time, as a lecture hall would.
    for (let batch = 0; batch < 10; batch++) {
      answers.push(...(await Promise.all(Array.from({ length: 5 }, () => t.request().post('/api/auth/signup').send(t.newUser())))));
    }
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(answers.map((a) => a.status)).toEqual(Array<number>(50).fill(201));
  });

  it('mails 10 codes to one address, one a minute at most: the 11th within 10 minutes is refused, other addresses are not', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const started = Date.now();
    const user = t.newUser();
    await t.request().post('/api/auth/signup').send(user).expect(201);

    // Within the cooldown: the same answer as the decider's, for a known and an unknown address.
    const early = await t.request().post('/api/auth/resend-otp').send({ email: user.email, type: 'email' }).expect(429);
    expect(early.body.message).toMatch(/^Please wait \d+ seconds? before requesting a new code\.$/);
    expectRateLimitHeaders(early);

    for (let i = 2; i <= 10; i++) {
      vi.setSystemTime(Date.now() + 60_500);
      await t.request().post('/api/auth/resend-otp').send({ email: user.email, type: 'email' }).expect(200);
    }
    expect(await t.mailsTo(user.email)).toHaveLength(10);

    vi.setSystemTime(Date.now() + 30_000);
    expect(Date.now() - started).toBeLessThan(10 * 60_000);
    const eleventh = await t.request().post('/api/auth/login-otp').send({ email: user.email }).expect(429);
    expect(eleventh.body).toEqual({ success: false, message: expect.stringMatching(/^Please wait \d+ seconds? before requesting a new code\.$/) });
    expectRateLimitHeaders(eleventh);

    // Past the cooldown the address has used its 10 codes of the hour.
    vi.setSystemTime(Date.now() + 61_000);
    const twelfth = await t.request().post('/api/auth/login-otp').send({ email: user.email }).expect(429);
    expect(twelfth.body).toEqual({ success: false, message: expect.stringMatching(/^Too many codes were sent to this email address\. Please wait \d+ minutes? before requesting another\.$/) });
    expectRateLimitHeaders(twelfth);
    expect(twelfth.headers['ratelimit-policy']).toBe('10;w=3600');
    expect(await t.mailsTo(user.email)).toHaveLength(10);

    // The same network still gets codes for other addresses, and after the hour this one does too.
    const other = t.newUser();
    await t.request().post('/api/auth/signup').send(other).expect(201);
    vi.setSystemTime(started + 61 * 60_000);
    await t.request().post('/api/auth/resend-otp').send({ email: user.email, type: 'email' }).expect(200);
  });

  it("answers a sign-up with a taken address, in another letter case, within the minute with the spec's 409, not the mail cooldown, and mails nothing", async () => {
    const pending = t.newUser();
    await t.request().post('/api/auth/signup').send(pending).expect(201);
    await t.latestOtp(pending.email);
    const { user: verified } = await t.signUpVerified();
    for (const taken of [pending, verified]) {
      const before = (await t.mailsTo(taken.email)).length;
      const again = await t.request().post('/api/auth/signup').send(t.newUser({ email: taken.email.toUpperCase() })).expect(409);
      expect(again.body).toMatchObject({ success: false, message: 'An account with this email already exists' });
      expect(await t.mailsTo(taken.email)).toHaveLength(before);
    }
    // The pending sign-up was left as it was: its code still verifies it.
    const code = await t.latestOtp(pending.email);
    await t.request().post('/api/auth/verify-email').send({ email: pending.email, otp: code }).expect(200);
  });

  it('limits codes to an unknown address exactly like a known one (no account probing)', async () => {
    const nobody = `nobody.${tag()}@example.test`;
    await t.request().post('/api/auth/login-otp').send({ email: nobody }).expect(200, { success: true, message: 'OTP sent to your email!', data: null });
    const early = await t.request().post('/api/auth/login-otp').send({ email: nobody }).expect(429);
    expect(early.body.message).toMatch(/^Please wait \d+ seconds? before requesting a new code\.$/);
  });

  it('limits reset mails per address with a cooldown, for known and unknown addresses alike', async () => {
    const { user } = await t.signUpVerified();
    const nobody = `nobody.${tag()}@example.test`;
    for (const email of [user.email, nobody]) {
      await t.request().post('/api/auth/forgot-password').send({ email }).expect(200, { success: true, message: 'Password reset email sent successfully!', data: null });
      const again = await t.request().post('/api/auth/forgot-password').send({ email }).expect(429);
      expect(again.body.message).toMatch(/^Please wait \d+ seconds? before requesting another reset email\.$/);
    }
  });

  it('answers forgot-password for a known address without waiting for the reset to be recorded (as fast as for an unknown one)', async () => {
    const { user } = await t.signUpVerified();
    // Hold every append: an answer that waited for the reset to be written would never come.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const append = t.store.append.bind(t.store);
    t.store.append = async (...args) => {
      await gate;
      return append(...args);
    };
    try {
      const answer = t.request().post('/api/auth/forgot-password').send({ email: user.email });
      const first = await Promise.race([answer.then((r) => r.status), new Promise((r) => setTimeout(() => r('still waiting'), 10_000))]);
      expect(first).toBe(200);
    } finally {
      t.store.append = append;
      release();
    }
    await t.latestMail(user.email, { subject: /Reset your Circuit password/ });
  });

  it('makes an account wait longer after each failure beyond five; sign-ins of others from the same network go on', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const { user } = await t.signUpVerified();
    const login = (password: string) => t.request().post('/api/auth/login').send({ identifier: user.username, password });
    for (let i = 0; i < 5; i++) await login('wrong-password').expect(401, { success: false, message: 'Invalid credentials' });

    // The sixth try from this address and browser waits 30 s, whatever the password (the right one too).
    const locked = await login(user.password).expect(429);
    expect(locked.body.message).toBe('Too many failed sign-in attempts. Please wait 30 seconds and try again.');
    expectRateLimitHeaders(locked);
    // Names count apart: a wait on the username must not tell which e-mail address is the same account.
    await t.request().post('/api/auth/login').send({ identifier: user.email, password: user.password }).expect(200);

    // Thousands share the address: someone else signs in meanwhile, many times.
    const { user: neighbour } = await t.signUpVerified();
    for (let i = 0; i < 35; i++) {
      await t.request().post('/api/auth/login').send({ identifier: neighbour.username, password: neighbour.password }).expect(200);
    }

    vi.setSystemTime(Date.now() + 31_000);
    await login('wrong-again').expect(401);
    const longer = await login('wrong-again').expect(429);
    expect(longer.body.message).toBe('Too many failed sign-in attempts. Please wait 1 minute and try again.');

    // A success clears the count: after the wait the owner gets five fresh tries.
    vi.setSystemTime(Date.now() + 61_000);
    await login(user.password).expect(200);
    for (let i = 0; i < 5; i++) await login('wrong-password').expect(401);
    await login('wrong-password').expect(429);
  });

  describe('guessing without locking the owner out', () => {
    const from = (agent: ReturnType<TestApp['request']>, address: string, identifier: string, password: string) =>
      agent.post('/api/auth/login').set('X-Forwarded-For', address).send({ identifier, password });

    /** A verified account whose owner signed in on `laptop` before (its device cookie), a minute ago. */
    async function ownerWithLaptop() {
      const { user } = await t.signUpVerified();
      const laptop = t.request();
      const first = await from(laptop, '10.20.0.1', user.username, user.password).expect(200);
      const device = cookieSetBy(first, DEVICE_COOKIE);
      expect(device).toMatch(/HttpOnly/i);
      expect(device).toMatch(/SameSite=Lax/i);
      expect(device).toMatch(/Path=\/api\/auth/);
      expect(Number(/Max-Age=(\d+)/i.exec(device ?? '')?.[1])).toBeGreaterThanOrEqual(365 * 24 * 3600);
      await laptop.post('/api/auth/logout').expect(200);
      // Past the cooldown of the sign-up's code: the owner may ask for another.
      vi.setSystemTime(Date.now() + 61_000);
      return { user, laptop };
    }

    async function signInByMailedCode(email: string, address: string) {
      const phone = t.request();
      const before = (await t.mailsTo(email)).length;
      await phone.post('/api/auth/login-otp').set('X-Forwarded-For', address).send({ email }).expect(200);
      const otp = await t.latestOtp(email, { after: before });
      const res = await phone.post('/api/auth/verify-otp').set('X-Forwarded-For', address).send({ email, otp });
      expect(res.body.message).toBe('Login successful');
      expect(res.status).toBe(200);
      await phone.get('/api/auth/me').expect(200);
    }

    it('lets the owner in at once from a known device and by a mailed code after 50 wrong passwords from one address, which stays refused', async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
      const { user, laptop } = await ownerWithLaptop();

      const statuses: number[] = [];
      for (let i = 0; i < 50; i++) statuses.push((await from(t.request(), '127.0.0.2', user.username, `wrong-${i}`)).status);
      expect(statuses.slice(0, 5)).toEqual(Array<number>(5).fill(401));
      expect(statuses.slice(5)).toEqual(Array<number>(45).fill(429));

      // The laptop, even on the guessing address itself (a campus shares one), and the mailed code from a new phone.
      await from(laptop, '127.0.0.2', user.username, user.password).expect(200);
      await laptop.get('/api/auth/me').expect(200);
      await signInByMailedCode(user.email, '10.20.0.2');
      // One address's guesses hold that address only: a new browser elsewhere gets in with the password too.
      await from(t.request(), '10.20.0.3', user.username, user.password).expect(200);

      // The guessing address is still refused, the right password included.
      const refused = await from(t.request(), '127.0.0.2', user.username, user.password).expect(429);
      expect(refused.body.message).toMatch(/^Too many failed sign-in attempts\. Please wait \d+ seconds? and try again\.$/);
      await from(t.request(), '127.0.0.2', user.username, 'wrong-again').expect(429);
    });

    it('keeps guessing from many addresses slow, without holding up a known device or a mailed code', async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
      const { user, laptop } = await ownerWithLaptop();
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) statuses.push((await from(t.request(), `10.30.0.${i + 1}`, user.username, `wrong-${i}`)).status);
      const free = DEFAULTS.signInFreeFailures * ACCOUNT_FREE_FAILURES_FACTOR;
      expect(statuses.slice(0, free)).toEqual(Array<number>(free).fill(401));
      expect(statuses.slice(free)).toEqual(Array<number>(30 - free).fill(429));
      // A browser that never signed in to this account waits, wherever it is; a device cookie of another account is no help.
      await from(t.request(), '10.30.1.1', user.username, user.password).expect(429);
      const { user: stranger } = await t.signUpVerified();
      const strangersBrowser = t.request();
      await from(strangersBrowser, '10.30.1.2', stranger.username, stranger.password).expect(200);
      await from(strangersBrowser, '10.30.1.2', user.username, user.password).expect(429);

      await from(laptop, '10.30.1.3', user.username, user.password).expect(200);
      await signInByMailedCode(user.email, '10.30.1.4');
    });

    it('counts a known device\'s own failures: five free, then it waits too', async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
      const { user, laptop } = await ownerWithLaptop();
      for (let i = 0; i < 5; i++) await from(laptop, '10.40.0.1', user.username, 'wrong-password').expect(401);
      const waits = await from(laptop, '10.40.0.1', user.username, user.password).expect(429);
      expect(waits.body.message).toBe('Too many failed sign-in attempts. Please wait 30 seconds and try again.');
      vi.setSystemTime(Date.now() + 31_000);
      await from(laptop, '10.40.0.1', user.username, user.password).expect(200);
    });
  });

  it('makes unknown names wait like known ones', async () => {
    const login = () => t.request().post('/api/auth/login').send({ identifier: `ghost_${tag()}`, password: 'whatever1' });
    const identifier = `ghost_${tag()}`;
    for (let i = 0; i < 5; i++) await t.request().post('/api/auth/login').send({ identifier, password: 'whatever1' }).expect(401);
    const locked = await t.request().post('/api/auth/login').send({ identifier, password: 'whatever1' }).expect(429);
    expect(locked.body.message).toBe('Too many failed sign-in attempts. Please wait 30 seconds and try again.');
    await login().expect(401); // another name is not affected
  });

  it('answers wrong codes at an unknown address like at a known one, up to the five-try lock', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const nobody = `nobody.${tag()}@example.test`;
    const { user } = await t.signUpVerified();
    vi.setSystemTime(Date.now() + 61_000);
    await t.request().post('/api/auth/login-otp').send({ email: user.email }).expect(200);
    const answers: Record<string, Array<[number, string]>> = { known: [], unknown: [] };
    for (const [who, email] of [['known', user.email], ['unknown', nobody]] as const) {
      for (let i = 0; i < 6; i++) {
        const res = await t.request().post('/api/auth/verify-otp').send({ email, otp: '000000' });
        answers[who]!.push([res.status, res.body.message as string]);
      }
    }
    expect(answers.unknown).toEqual(answers.known);
    expect(answers.known!.slice(0, 5)).toEqual(Array(5).fill([400, 'Invalid OTP']));
  });
});

describe('the ceiling per client address and TRUST_PROXY', () => {
  const small: AbuseLimits = { ...DEFAULTS, clientRequests: 3 };
  let behindProxy: TestApp;
  let direct: TestApp;
  beforeAll(async () => {
    behindProxy = await createTestApp({ rateLimits: small, env: { TRUST_PROXY: 'loopback' } });
    direct = await createTestApp({ rateLimits: small, env: { TRUST_PROXY: 'false' } });
  });
  afterAll(async () => {
    await behindProxy?.stop();
    await direct?.stop();
  });

  const logout = (t: TestApp, client: string) => t.request().post('/api/auth/logout').set('X-Forwarded-For', client);

  // The ceiling counts in fixed windows of the wall clock: a test that ran across a window's end saw its fourth request
  // counted afresh. Each test runs in the middle of a window.
  beforeEach(() => {
    const now = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: Math.floor(now / small.windowMs) * small.windowMs + small.windowMs / 2 + (now % 1000) });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('tells clients apart by the X-Forwarded-For of a trusted proxy', async () => {
    for (let i = 0; i < 3; i++) await logout(behindProxy, '10.1.1.1').expect(200);
    const refused = await logout(behindProxy, '10.1.1.1').expect(429);
    expect(refused.body.message).toMatch(/^Too many requests from your network\. Please wait \d+ minutes? and try again\.$/);
    expectRateLimitHeaders(refused);
    await logout(behindProxy, '10.1.1.2').expect(200);
    // Reads are not counted.
    await behindProxy.request().get('/api/auth/me').set('X-Forwarded-For', '10.1.1.1').expect(401);
  });

  it('ignores X-Forwarded-For from a proxy it does not trust (anyone could write it)', async () => {
    for (let i = 0; i < 3; i++) await logout(direct, `10.2.2.${i}`).expect(200);
    await logout(direct, '10.2.2.99').expect(429);
  });
});

/** Counters are shared: two instances (two stores over one database, or one Redis) see each other's counts. */
function sharedCounters(open: () => Promise<{ stores: [LimiterStore, LimiterStore]; done: () => Promise<void> }>) {
  it('refuses on one instance what was used up on another', async () => {
    const { stores, done } = await open();
    try {
      const limits: AbuseLimits = { ...DEFAULTS, codesPerAddress: 2, addressCooldownMs: 0 };
      const [a, b] = stores.map((s) => createAbuseLimits(s, limits));
      const res = { setHeader: vi.fn() } as unknown as import('express').Response;
      const email = `shared.${tag()}@example.test`;
      await a!.mailTo('code', email, res);
      await b!.mailTo('code', email, res);
      await expect(a!.mailTo('code', email, res)).rejects.toMatchObject({ kind: 'too_many' });
      await expect(b!.mailTo('code', email.toUpperCase(), res)).rejects.toMatchObject({ kind: 'too_many' });
    } finally {
      await done();
    }
  });
}

describe('shared counters in the database', () => {
  sharedCounters(async () => {
    const knex: Knex = await createKnex({ kind: 'pglite' });
    const log = createLogger('test', 'silent');
    const stores: [LimiterStore, LimiterStore] = [await createLimiterStore({ knex, log }), await createLimiterStore({ knex, log })];
    return {
      stores,
      done: async () => {
        for (const s of stores) await s.close();
        await knex.destroy();
      },
    };
  });
});

describeWhen('shared counters in Redis', fromEnv('REDIS_URL'), (url) => {
  sharedCounters(async () => {
    const log = createLogger('test', 'silent');
    const stores: [LimiterStore, LimiterStore] = [await createLimiterStore({ redisUrl: url, log }), await createLimiterStore({ redisUrl: url, log })];
    return {
      stores,
      done: async () => {
        for (const s of stores) await s.close();
      },
    };
  });
});
