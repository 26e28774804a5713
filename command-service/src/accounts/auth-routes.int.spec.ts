import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Response } from 'supertest';
import type { Profile } from 'passport';
import { reservationStream, userStream } from '@circuit/shared/events/accounts';
import { toNewEvents } from '@circuit/shared/commands/decider';
import { createTestSchema, testDatabaseUrl, type TestSchema } from '@circuit/shared/testkit/postgres';
import { describeWhen } from '@circuit/shared/testkit/skip';
import { createTestApp, type Agent, type TestApp } from '@circuit/embedded/testing/test-app';
import { identityFromProfile, resolveOAuthAccount, type OAuthIdentity } from './oauth-routes';

/**
 * The Authentication calls of spec 1 section 7, through supertest against the real embedded app
 * (command, projection and realtime services on one in-memory PGlite).
 */

const SESSION_COOKIE = 'circuit.sid';

function setCookies(res: Response): string[] {
  const header = res.headers['set-cookie'] as string[] | string | undefined;
  return Array.isArray(header) ? header : header ? [header] : [];
}

function sessionCookie(res: Response): string | undefined {
  return setCookies(res).find((c) => c.startsWith(`${SESSION_COOKIE}=`));
}

/** The session id inside a signed cookie (`s:<id>.<signature>`). */
function sessionId(cookie: string | undefined): string | undefined {
  const value = cookie?.split(';')[0]?.slice(SESSION_COOKIE.length + 1);
  return value ? decodeURIComponent(value).replace(/^s:/, '').split('.')[0] : undefined;
}

const tag = () => randomBytes(4).toString('hex');

/** Sign-up, verification, sign-in and sign-out: run on PGlite and, when configured, on Postgres. */
function coreFlows(app: () => TestApp) {
  it('signs up (201), mails the code, verifies the e-mail, signs in by username and by e-mail, signs out', async () => {
    const t = app();
    const id = tag();
    const user = t.newUser({ username: `Asha_${id}`, email: `Asha.${id}@Example.test` });
    const browser = t.request();

    const signup = await browser.post('/api/auth/signup').send(user).expect(201);
    expect(signup.body).toEqual({
      success: true,
      message: 'Account created! Please check your email for OTP.',
      data: { email: user.email, username: user.username },
    });
    // Read-your-writes: the read model has the account when the answer arrives.
    const row = await t.knex('users').where({ username_lower: user.username.toLowerCase() }).first();
    expect(row).toMatchObject({ username: user.username, email: user.email, is_email_verified: false, role: 'user' });

    const code = await t.latestOtp(user.email);
    const mailbox = await t.request().get('/dev/mailbox').query({ to: user.email.toUpperCase() }).expect(200);
    expect(mailbox.body).toEqual({
      success: true,
      data: [
        {
          to: user.email.toLowerCase(),
          subject: 'Your Circuit verification code',
          text: expect.stringContaining(code),
          html: expect.stringContaining(code),
          // A sign-in code always goes: no unsubscribe header fields.
          headers: {},
          sentAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        },
      ],
    });

    await t
      .request()
      .post('/api/auth/login')
      .send({ identifier: user.username, password: user.password })
      // The right password earns the address to verify (the screen offers to send a code there).
      .expect(403, { success: false, message: 'Please verify your email before signing in.', data: { email: user.email } });
    await t
      .request()
      .post('/api/auth/login')
      .send({ identifier: user.username, password: 'wrong-password' })
      .expect(401, { success: false, message: 'Invalid credentials' });

    // The sign-up screen's session knows which account it verifies: the code alone is enough.
    await browser.post('/api/auth/verify-email').send({ otp: code }).expect(200, { success: true, message: 'Email verified successfully!', data: null });
    expect((await t.knex('users').where({ id: row.id }).first()).is_email_verified).toBe(true);

    const byName = await browser.post('/api/auth/login').send({ identifier: user.username.toLowerCase(), password: user.password }).expect(200);
    expect(byName.body).toMatchObject({
      success: true,
      message: 'Login successful',
      data: { id: row.id, _id: row.id, username: user.username, email: user.email, firstName: user.firstName, isEmailVerified: true, role: 'user' },
    });
    expect(byName.body.data.lastLogin).toEqual(expect.any(String));
    expect(JSON.stringify(byName.body)).not.toMatch(/password|scrypt/i);

    const me = await browser.get('/api/auth/me').expect(200);
    expect(me.body).toMatchObject({ success: true, data: { id: row.id, username: user.username, email: user.email } });

    const other = t.request();
    await other.post('/api/auth/login').send({ identifier: user.email.toUpperCase(), password: user.password }).expect(200);
    await other.get('/api/auth/me').expect(200);

    await browser.post('/api/auth/logout').expect(200, { success: true, message: 'Logged out', data: null });
    await browser.get('/api/auth/me').expect(401, { success: false, message: 'Not authenticated' });
    // Signing out one browser leaves the other signed in.
    await other.get('/api/auth/me').expect(200);
  });

  it('20 parallel sign-ups with one username: exactly one 201, nineteen 409, one account', async () => {
    const t = app();
    const username = `race_${tag()}`;
    const users = Array.from({ length: 20 }, () => t.newUser({ username }));
    const answers = await Promise.all(users.map((u) => t.request().post('/api/auth/signup').send(u)));

    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(19).fill(409)]);
    for (const a of answers.filter((x) => x.status === 409)) {
      expect(a.body).toEqual({ success: false, message: 'Username is already taken' });
    }
    const rows = await t.knex('users').where({ username_lower: username }).select('email');
    expect(rows).toHaveLength(1);

    // The losers claimed nothing: their e-mail addresses are still free.
    const winner = users[answers.findIndex((a) => a.status === 201)]!;
    expect(rows[0].email).toBe(winner.email);
    const loser = users.find((u) => u !== winner)!;
    await t.request().post('/api/auth/signup').send(t.newUser({ email: loser.email })).expect(201);
  });

  it('20 parallel sign-ups with one e-mail: exactly one account, and the losers get their usernames back', async () => {
    const t = app();
    const email = `race.${tag()}@example.test`;
    const users = Array.from({ length: 20 }, () => t.newUser({ email }));
    const answers = await Promise.all(users.map((u) => t.request().post('/api/auth/signup').send(u)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array<number>(19).fill(409)]);
    for (const a of answers.filter((x) => x.status === 409)) {
      expect(a.body).toEqual({ success: false, message: 'An account with this email already exists' });
    }
    expect(await t.knex('users').where({ email_lower: email })).toHaveLength(1);
    const loser = users[answers.findIndex((a) => a.status === 409)]!;
    await t.request().post('/api/auth/signup').send(t.newUser({ username: loser.username })).expect(201);
  });

  // Sign-ins only record a fact and append without the revision check, so many at once never refuse each other.
  it('frees a username whose sign-up died after claiming it, once ten minutes passed without an account', async () => {
    const t = app();
    const user = t.newUser();
    // What a sign-up killed between claiming the name and opening the account leaves behind.
    const ghost = randomUUID();
    await t.store.append(
      reservationStream('username', user.username),
      toNewEvents([{ type: 'NameReserved', data: { kind: 'username', value: user.username.toLowerCase(), userId: ghost } }], {}, t.clock.now().toISOString()),
      'no_stream',
    );
    await t.request().post('/api/auth/signup').send(user).expect(409, { success: false, message: 'Username is already taken' });
    t.clock.advance(11 * 60 * 1000);
    await t.request().post('/api/auth/signup').send(user).expect(201);
    expect(await t.embedded.commands.accounts.ownerOf('username', user.username)).not.toBe(ghost);
  });

  it('names no stream by an e-mail address: the address is reserved on the stream its blind index names', async () => {
    const t = app();
    const { user } = await t.signUpVerified();
    const userId = await t.embedded.commands.accounts.ownerOf('username', user.username);
    expect(userId).toBeTruthy();
    const named = await t.knex('event_store_events').whereILike('stream_id', `%${user.email.split('@')[0]}%`).pluck('stream_id');
    expect(named.filter((stream: string) => stream.startsWith('email-'))).toEqual([]);
    expect(await t.embedded.commands.accounts.ownerOf('email', user.email.toUpperCase())).toBe(userId);
  });

  it('40 parallel sign-ins of one account all succeed', async () => {
    const t = app();
    const { user } = await t.signUpVerified();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => t.request().post('/api/auth/login').send({ identifier: user.username, password: user.password })),
    );
    expect(answers.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.body.message}`)).toEqual([]);
  });
}

describe('auth routes on the embedded app (PGlite)', () => {
  let t: TestApp;
  const head = () => t.store.headPosition();

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.stop();
  });

  describe('sign-up and sign-in', () => {
    coreFlows(() => t);

    it('verifies with the e-mail and code the sign-up screen sends, from any browser', async () => {
      const user = t.newUser();
      await t.request().post('/api/auth/signup').send(user).expect(201);
      const otp = await t.latestOtp(user.email);
      await t.request().post('/api/auth/verify-email').send({ email: user.email.toUpperCase(), otp }).expect(200);
      await t.request().post('/api/auth/login').send({ identifier: user.username, password: user.password }).expect(200);
    });

    it('ignores a role or a verified flag smuggled into the sign-up body', async () => {
      const user = t.newUser();
      await t.request().post('/api/auth/signup').send({ ...user, role: 'admin', emailVerified: true, isEmailVerified: true }).expect(201);
      const row = await t.knex('users').where({ email_lower: user.email }).first();
      expect(row).toMatchObject({ role: 'user', is_email_verified: false });
    });

    it('refuses a wrong code with "Invalid OTP", locks after 5 wrong tries (429), and never reuses a code', async () => {
      const user = t.newUser();
      const browser = t.request();
      await browser.post('/api/auth/signup').send(user).expect(201);
      const otp = await t.latestOtp(user.email);
      const wrong = otp === '000000' ? '111111' : '000000';

      for (let i = 0; i < 5; i++) {
        await browser.post('/api/auth/verify-email').send({ otp: wrong }).expect(400, { success: false, message: 'Invalid OTP' });
      }
      await browser
        .post('/api/auth/verify-email')
        .send({ otp })
        .expect(429, { success: false, message: 'Too many incorrect attempts. Please request a new code.' });

      // A new code (after the 60 s cooldown) lifts the lock; it works once.
      t.clock.advance(61_000);
      const before = (await t.mailsTo(user.email)).length;
      await browser.post('/api/auth/resend-otp').send({ email: user.email, type: 'email' }).expect(200, { success: true, message: 'OTP resent successfully!', data: null });
      const fresh = await t.latestOtp(user.email, { after: before });
      await browser.post('/api/auth/verify-email').send({ otp: fresh }).expect(200);
      // By address (no session), a verified account answers like any wrong code: no account probing.
      await t.request().post('/api/auth/verify-email').send({ email: user.email, otp: fresh }).expect(400, { success: false, message: 'Invalid OTP' });
    });

    it('a code expires 10 minutes after it was mailed', async () => {
      const user = t.newUser();
      const browser = t.request();
      await browser.post('/api/auth/signup').send(user).expect(201);
      const otp = await t.latestOtp(user.email);
      t.clock.advance(10 * 60_000 + 1_000);
      await browser.post('/api/auth/verify-email').send({ otp }).expect(400, { success: false, message: 'OTP has expired. Please request a new one.' });
      // A new code works (the cooldown is long over).
      await browser.post('/api/auth/resend-verification').expect(200);
      await browser.post('/api/auth/verify-email').send({ otp: await t.latestOtp(user.email, { after: 1 }) }).expect(200);
    });

    it('verify-email without a pending sign-up or an e-mail asks to sign up first (401)', async () => {
      await t
        .request()
        .post('/api/auth/verify-email')
        .send({ otp: '123456' })
        .expect(401, { success: false, message: 'Please sign up first or enter your email address.' });
    });

    it('resend-otp: 429 with the seconds left during the 60 s cooldown, then a new code that replaces the old one', async () => {
      const user = t.newUser();
      const browser = t.request();
      await browser.post('/api/auth/signup').send(user).expect(201);
      const first = await t.latestOtp(user.email);

      const early = await t.request().post('/api/auth/resend-otp').send({ email: user.email, type: 'email' }).expect(429);
      expect(early.body.success).toBe(false);
      const seconds = Number(/^Please wait (\d+) seconds before requesting a new code\.$/.exec(early.body.message)?.[1]);
      expect(seconds).toBeGreaterThanOrEqual(55);
      expect(seconds).toBeLessThanOrEqual(60);

      t.clock.advance(30_000);
      const later = await t.request().post('/api/auth/resend-otp').send({ email: user.email }).expect(429);
      expect(Number(/(\d+) seconds/.exec(later.body.message)?.[1])).toBeLessThanOrEqual(30);

      t.clock.advance(31_000);
      await t.request().post('/api/auth/resend-otp').send({ email: user.email, type: 'email' }).expect(200);
      const second = await t.latestOtp(user.email, { after: 1 });
      const mails = await t.mailsTo(user.email);
      expect(mails).toHaveLength(2);
      expect(mails[0]!.text).toContain(second); // newest first
      expect(mails[1]!.text).toContain(first);
      expect(Date.parse(mails[0]!.sentAt)).toBeGreaterThanOrEqual(Date.parse(mails[1]!.sentAt));

      if (first !== second) {
        await browser.post('/api/auth/verify-email').send({ otp: first }).expect(400, { success: false, message: 'Invalid OTP' });
      }
      await browser.post('/api/auth/verify-email').send({ otp: second }).expect(200);
    });

    it('resend-otp answers an unknown or verified address like an unverified one, and mails nothing there', async () => {
      const sent = { success: true, message: 'OTP resent successfully!', data: null };
      const nobody = `nobody.${tag()}@example.test`;
      await t.request().post('/api/auth/resend-otp').send({ email: nobody, type: 'email' }).expect(200, sent);
      const { user } = await t.signUpVerified();
      t.clock.advance(61_000);
      await t.request().post('/api/auth/resend-otp').send({ email: user.email, type: 'email' }).expect(200, sent);
      expect(await t.mailsTo(nobody)).toEqual([]);
      expect(await t.mailsTo(user.email)).toHaveLength(1); // the sign-up's code only
    });

    it('verify-email and verify-otp answer an unknown address like a wrong code', async () => {
      const nobody = `nobody.${tag()}@example.test`;
      const invalid = { success: false, message: 'Invalid OTP' };
      await t.request().post('/api/auth/verify-email').send({ email: nobody, otp: '123456' }).expect(400, invalid);
      await t.request().post('/api/auth/verify-otp').send({ email: nobody, otp: '123456' }).expect(400, invalid);
      const { user } = await t.signUpVerified();
      await t.request().post('/api/auth/verify-otp').send({ email: user.email, otp: '123456' }).expect(400, invalid);
    });

    it('resend-verification mails a new code to the account of the session, after the cooldown', async () => {
      await t
        .request()
        .post('/api/auth/resend-verification')
        .expect(401, { success: false, message: 'Please sign up first or enter your email address.' });

      const user = t.newUser();
      const browser = t.request();
      await browser.post('/api/auth/signup').send(user).expect(201);
      await t.latestOtp(user.email);
      const early = await browser.post('/api/auth/resend-verification').expect(429);
      expect(early.body.message).toMatch(/^Please wait \d+ seconds before requesting a new code\.$/);

      t.clock.advance(60_000);
      await browser.post('/api/auth/resend-verification').expect(200, { success: true, message: 'Verification code sent to your email', data: null });
      const code = await t.latestOtp(user.email, { after: 1 });
      await browser.post('/api/auth/verify-email').send({ otp: code }).expect(200);
    });

    it('refuses the sign-up as a form body (what a cross-site form sends): 415, nothing stored', async () => {
      const user = t.newUser();
      await t.request().post('/api/auth/signup').type('form').send(user).expect(415);
      expect(await t.knex('users').where({ email_lower: user.email })).toHaveLength(0);
    });

    it('resend-verification for a signed-in, verified account is a 400', async () => {
      const { agent } = await t.signedIn();
      await agent.post('/api/auth/resend-verification').expect(400, { success: false, message: 'Email is already verified' });
    });

    it('refuses a wrong password and an unknown account alike: 401 "Invalid credentials"', async () => {
      const { user } = await t.signUpVerified();
      const before = await head();
      await t.request().post('/api/auth/login').send({ identifier: user.username, password: 'wrong-password' }).expect(401, { success: false, message: 'Invalid credentials' });
      await t.request().post('/api/auth/login').send({ identifier: user.email, password: 'wrong-password' }).expect(401, { success: false, message: 'Invalid credentials' });
      await t.request().post('/api/auth/login').send({ identifier: `ghost_${tag()}`, password: user.password }).expect(401, { success: false, message: 'Invalid credentials' });
      await t.request().post('/api/auth/login').send({ identifier: `ghost.${tag()}@example.test`, password: user.password }).expect(401, { success: false, message: 'Invalid credentials' });
      expect(await head()).toBe(before);
    });

    it('session cookie: http-only, SameSite=Lax; a new session id at sign-in, the old one no longer works', async () => {
      const user = t.newUser();
      const browser = t.request();
      const signup = await browser.post('/api/auth/signup').send(user).expect(201);
      const before = sessionCookie(signup);
      expect(before).toBeDefined();
      await browser.post('/api/auth/verify-email').send({ otp: await t.latestOtp(user.email) }).expect(200);

      const login = await browser.post('/api/auth/login').send({ identifier: user.username, password: user.password }).expect(200);
      const after = sessionCookie(login);
      expect(after).toBeDefined();
      expect(after).toMatch(/;\s*HttpOnly/i);
      expect(after).toMatch(/;\s*SameSite=Lax/i);
      expect(after).toMatch(/;\s*Path=\//i);
      expect(after).not.toMatch(/;\s*Secure/i); // the test app is served over http
      expect(sessionId(after)).toBeDefined();
      expect(sessionId(after)).not.toBe(sessionId(before));

      // The pre-sign-in session (a fixation attempt) does not carry the sign-in.
      await t.request().get('/api/auth/me').set('Cookie', before!.split(';')[0]!).expect(401);
      await t.request().get('/api/auth/me').set('Cookie', after!.split(';')[0]!).expect(200);
    });

    it('me without a session is a 401; logout ends the session on the server too', async () => {
      await t.request().get('/api/auth/me').expect(401, { success: false, message: 'Not authenticated' });
      const { user, agent } = await t.signUpVerified();
      const login = await agent.post('/api/auth/login').send({ identifier: user.username, password: user.password }).expect(200);
      const cookie = sessionCookie(login)!.split(';')[0]!;
      await agent.get('/api/auth/me').expect(200);
      await agent.post('/api/auth/logout').expect(200);
      await agent.get('/api/auth/me').expect(401);
      // Replaying the old cookie does not bring the session back.
      await t.request().get('/api/auth/me').set('Cookie', cookie).expect(401);
      // Logging out without a session is harmless.
      await t.request().post('/api/auth/logout').expect(200);
    });
  });

  describe('sign-in with a mailed code', () => {
    it('login-otp mails a sign-in code; verify-otp signs in, once', async () => {
      const { user } = await t.signUpVerified();
      const before = (await t.mailsTo(user.email)).length;
      await t.request().post('/api/auth/login-otp').send({ email: user.email.toUpperCase() }).expect(200, { success: true, message: 'OTP sent to your email!', data: null });
      const mail = await t.latestMail(user.email, { after: before });
      expect(mail.subject).toBe('Your Circuit sign-in code');
      const otp = await t.latestOtp(user.email, { after: before });

      const browser = t.request();
      const signedIn = await browser.post('/api/auth/verify-otp').send({ email: user.email, otp }).expect(200);
      expect(signedIn.body).toMatchObject({ success: true, message: 'Login successful', data: { username: user.username, email: user.email } });
      expect(sessionCookie(signedIn)).toMatch(/HttpOnly/i);
      await browser.get('/api/auth/me').expect(200);

      // A used code is just a wrong code: by address, no answer tells whether a code is pending there.
      await t.request().post('/api/auth/verify-otp').send({ email: user.email, otp }).expect(400, { success: false, message: 'Invalid OTP' });
    });

    it('a sign-in code also verifies an unverified account', async () => {
      const user = t.newUser();
      await t.request().post('/api/auth/signup').send(user).expect(201);
      await t.latestOtp(user.email);
      await t.request().post('/api/auth/login-otp').send({ email: user.email }).expect(200);
      const otp = await t.latestOtp(user.email, { after: 1, subject: /sign-in/ });
      const browser = t.request();
      const res = await browser.post('/api/auth/verify-otp').send({ email: user.email, otp }).expect(200);
      expect(res.body.data.isEmailVerified).toBe(true);
      // and the password works from now on
      await t.request().post('/api/auth/login').send({ identifier: user.username, password: user.password }).expect(200);
    });

    it('refuses a wrong sign-in code without signing in', async () => {
      const { user } = await t.signUpVerified();
      await t.request().post('/api/auth/login-otp').send({ email: user.email }).expect(200);
      const otp = await t.latestOtp(user.email, { after: 1 });
      const browser = t.request();
      const res = await browser.post('/api/auth/verify-otp').send({ email: user.email, otp: otp === '999999' ? '888888' : '999999' }).expect(400);
      expect(res.body).toEqual({ success: false, message: 'Invalid OTP' });
      expect(sessionCookie(res)).toBeUndefined();
      await browser.get('/api/auth/me').expect(401);
    });

    it('login-otp answers an unknown address like a known one and mails nothing', async () => {
      const nobody = `nobody.${tag()}@example.test`;
      await t.request().post('/api/auth/login-otp').send({ email: nobody }).expect(200, { success: true, message: 'OTP sent to your email!', data: null });
      expect(await t.mailsTo(nobody)).toEqual([]);
    });
  });

  describe('passwords', () => {
    async function resetLink(email: string, after = 0): Promise<{ link: string; token: string }> {
      const mail = await t.latestMail(email, { after, subject: /Reset your Circuit password/ });
      const match = /(https?:\/\/[^\s"<]+\/reset-password\/([^\s"<]+))/.exec(mail.text);
      expect(match, 'a /reset-password/{token} link in the mail').not.toBeNull();
      expect(mail.html).toContain(match![1]);
      return { link: match![1]!, token: decodeURIComponent(match![2]!) };
    }

    it('forgot-password mails a /reset-password/{token} link; the reset works once', async () => {
      const { user } = await t.signUpVerified();
      const before = (await t.mailsTo(user.email)).length;
      await t.request().post('/api/auth/forgot-password').send({ email: user.email.toUpperCase() }).expect(200, { success: true, message: 'Password reset email sent successfully!', data: null });
      const { link, token } = await resetLink(user.email, before);
      expect(link.startsWith(`${t.config.publicUrl}/reset-password/`)).toBe(true);

      await t.request().post('/api/auth/reset-password').send({ token, password: 'brand-new-1' }).expect(200, { success: true, message: 'Password reset successfully!', data: null });
      await t.request().post('/api/auth/login').send({ identifier: user.username, password: user.password }).expect(401);
      await t.request().post('/api/auth/login').send({ identifier: user.username, password: 'brand-new-1' }).expect(200);

      await t
        .request()
        .post('/api/auth/reset-password')
        .send({ token, password: 'another-one-2' })
        .expect(400, { success: false, message: 'Invalid or expired reset link. Please request a new password reset.' });
      await t.request().post('/api/auth/login').send({ identifier: user.username, password: 'brand-new-1' }).expect(200);
    });

    it('the reset link expires after 10 minutes', async () => {
      const { user } = await t.signUpVerified();
      await t.request().post('/api/auth/forgot-password').send({ email: user.email }).expect(200);
      const { token } = await resetLink(user.email, 1);
      t.clock.advance(10 * 60_000 + 1_000);
      await t
        .request()
        .post('/api/auth/reset-password')
        .send({ token, password: 'brand-new-1' })
        .expect(400, { success: false, message: 'This reset link has expired. Please request a new password reset.' });
      await t.request().post('/api/auth/login').send({ identifier: user.username, password: user.password }).expect(200);
    });

    it('a forged or foreign token resets nothing', async () => {
      const { user } = await t.signUpVerified();
      await t.request().post('/api/auth/forgot-password').send({ email: user.email }).expect(200);
      const { token } = await resetLink(user.email, 1);
      const [userId] = token.split('.');
      const invalid = { success: false, message: 'Invalid or expired reset link. Please request a new password reset.' };
      for (const forged of [`${userId}.not-the-secret`, 'garbage', `${'0'.repeat(36)}.${token.split('.')[1]}`]) {
        await t.request().post('/api/auth/reset-password').send({ token: forged, password: 'brand-new-1' }).expect(400, invalid);
      }
      await t.request().post('/api/auth/login').send({ identifier: user.username, password: user.password }).expect(200);
    });

    it('forgot-password answers the same for an unknown address and mails nothing', async () => {
      const email = `nobody.${tag()}@example.test`;
      const before = await head();
      await t.request().post('/api/auth/forgot-password').send({ email }).expect(200, { success: true, message: 'Password reset email sent successfully!', data: null });
      expect(await head()).toBe(before);
      await new Promise((r) => setTimeout(r, 100));
      expect(await t.mailsTo(email)).toEqual([]);
    });

    it('change-password needs the session and the right current password', async () => {
      await t.request().post('/api/auth/change-password').send({ currentPassword: 'x', newPassword: 'secret456' }).expect(401);
      const { user, agent } = await t.signedIn();
      await agent
        .post('/api/auth/change-password')
        .send({ currentPassword: 'not-my-password', newPassword: 'secret456' })
        .expect(400, { success: false, message: 'Current password is incorrect' });
      await t.request().post('/api/auth/login').send({ identifier: user.username, password: user.password }).expect(200);

      await agent
        .post('/api/auth/change-password')
        .send({ currentPassword: user.password, newPassword: 'secret456' })
        .expect(200, { success: true, message: 'Password changed successfully!', data: null });
      await t.request().post('/api/auth/login').send({ identifier: user.username, password: user.password }).expect(401);
      await t.request().post('/api/auth/login').send({ identifier: user.username, password: 'secret456' }).expect(200);
    });
  });

  describe('bad input: 400 with the spec message, and nothing changes', () => {
    const valid = () => ({ username: `ok_${tag()}`, email: `ok.${tag()}@example.test`, password: 'secret123', firstName: 'Ok', lastName: 'User' });
    type Case = { path: string; field: string; body: (v: ReturnType<typeof valid>) => Record<string, unknown>; message: string };
    const cases: Case[] = [
      { path: '/api/auth/signup', field: 'username', body: ({ username: _, ...v }) => v, message: 'Username is required' },
      { path: '/api/auth/signup', field: 'username', body: (v) => ({ ...v, username: '  ' }), message: 'Username is required' },
      { path: '/api/auth/signup', field: 'username', body: (v) => ({ ...v, username: 'ab' }), message: 'Username must be at least 3 characters' },
      { path: '/api/auth/signup', field: 'username', body: (v) => ({ ...v, username: 'bad name!' }), message: 'Username can only contain letters, numbers, and underscores' },
      { path: '/api/auth/signup', field: 'email', body: ({ email: _, ...v }) => v, message: 'Email is required' },
      { path: '/api/auth/signup', field: 'email', body: (v) => ({ ...v, email: 'not-an-email' }), message: 'Please enter a valid email address' },
      { path: '/api/auth/signup', field: 'password', body: ({ password: _, ...v }) => v, message: 'Password is required' },
      { path: '/api/auth/signup', field: 'password', body: (v) => ({ ...v, password: '12345' }), message: 'Password must be at least 6 characters' },
      { path: '/api/auth/signup', field: 'firstName', body: (v) => ({ ...v, firstName: '' }), message: 'First name is required' },
      { path: '/api/auth/signup', field: 'lastName', body: ({ lastName: _, ...v }) => v, message: 'Last name is required' },
      { path: '/api/auth/login', field: 'identifier', body: (v) => ({ password: v.password }), message: 'Email or username is required' },
      { path: '/api/auth/login', field: 'password', body: (v) => ({ identifier: v.username }), message: 'Password is required' },
      { path: '/api/auth/verify-email', field: 'otp', body: (v) => ({ email: v.email }), message: 'OTP is required' },
      { path: '/api/auth/verify-email', field: 'otp', body: () => ({ otp: '123' }), message: 'OTP must be 6 digits' },
      { path: '/api/auth/verify-email', field: 'otp', body: () => ({ otp: 'abcdef' }), message: 'OTP must contain only numbers' },
      { path: '/api/auth/resend-otp', field: 'email', body: () => ({ type: 'email' }), message: 'Email is required' },
      { path: '/api/auth/resend-otp', field: 'email', body: () => ({ email: 'nope', type: 'email' }), message: 'Please enter a valid email address' },
      { path: '/api/auth/login-otp', field: 'email', body: () => ({}), message: 'Email is required' },
      { path: '/api/auth/login-otp', field: 'email', body: () => ({ email: 'a@b' }), message: 'Please enter a valid email address' },
      { path: '/api/auth/verify-otp', field: 'email', body: () => ({ otp: '123456' }), message: 'Email is required' },
      { path: '/api/auth/verify-otp', field: 'otp', body: (v) => ({ email: v.email }), message: 'OTP is required' },
      { path: '/api/auth/verify-otp', field: 'otp', body: (v) => ({ email: v.email, otp: '12345' }), message: 'OTP must be 6 digits' },
      { path: '/api/auth/verify-otp', field: 'otp', body: (v) => ({ email: v.email, otp: '12a456' }), message: 'OTP must contain only numbers' },
      { path: '/api/auth/forgot-password', field: 'email', body: () => ({ email: '' }), message: 'Email is required' },
      { path: '/api/auth/forgot-password', field: 'email', body: () => ({ email: 'asha@' }), message: 'Please enter a valid email address' },
      { path: '/api/auth/reset-password', field: 'token', body: () => ({ password: 'secret123' }), message: 'Invalid reset link. Please request a new password reset.' },
      { path: '/api/auth/reset-password', field: 'password', body: () => ({ token: 'x.y' }), message: 'Password is required' },
      { path: '/api/auth/reset-password', field: 'password', body: () => ({ token: 'x.y', password: '123' }), message: 'Password must be at least 6 characters' },
    ];

    const userIds = async () => (await t.knex('users').orderBy('id').select('id')).map((r: { id: string }) => r.id);

    it.each(cases)('$path $field: $message', async ({ path, body, field, message }) => {
      const before = await head();
      const users = await userIds();
      const res = await t.request().post(path).send(body(valid())).expect(400);
      expect(res.body).toMatchObject({ success: false, message });
      expect(res.body.errors?.[0]).toEqual({ field, message });
      expect(await head()).toBe(before);
      expect(await userIds()).toEqual(users);
    });

    it.each([
      ['currentPassword', { newPassword: 'secret456' }, 'Current password is required'],
      ['newPassword', { currentPassword: 'PLACEHOLDER' }, 'New password is required'],
      ['newPassword', { currentPassword: 'PLACEHOLDER', newPassword: '12345' }, 'Password must be at least 6 characters'],
    ])('/api/auth/change-password %s: %s', async (field, body, message) => {
      const { user, agent } = await t.signedIn();
      const before = await head();
      const sent = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, v === 'PLACEHOLDER' ? user.password : v]));
      const res = await agent.post('/api/auth/change-password').send(sent).expect(400);
      expect(res.body).toMatchObject({ success: false, message, errors: [{ field, message }] });
      expect(await head()).toBe(before);
      await t.request().post('/api/auth/login').send({ identifier: user.username, password: user.password }).expect(200);
    });

    it('a bad new password leaves the reset link usable', async () => {
      const { user } = await t.signUpVerified();
      await t.request().post('/api/auth/forgot-password').send({ email: user.email }).expect(200);
      const mail = await t.latestMail(user.email, { after: 1, subject: /Reset/ });
      const token = decodeURIComponent(/\/reset-password\/(\S+)/.exec(mail.text)![1]!);
      await t.request().post('/api/auth/reset-password').send({ token, password: '123' }).expect(400);
      await t.request().post('/api/auth/reset-password').send({ token, password: 'secret789' }).expect(200);
    });

    it('malformed JSON is a 400 with a message', async () => {
      const before = await head();
      const res = await t.request().post('/api/auth/login').set('Content-Type', 'application/json').send('{"identifier": "asha", ').expect(400);
      expect(res.body).toEqual({ success: false, message: 'Malformed request body' });
      await t.request().post('/api/auth/signup').set('Content-Type', 'application/json').send('{').expect(400);
      expect(await head()).toBe(before);
    });

    it('duplicate username and duplicate e-mail are 409, case-insensitively, and the refused claim is released', async () => {
      const user = t.newUser({ username: `Dup_${tag()}` });
      await t.request().post('/api/auth/signup').send(user).expect(201);

      await t
        .request()
        .post('/api/auth/signup')
        .send(t.newUser({ username: user.username.toUpperCase() }))
        .expect(409, { success: false, message: 'Username is already taken' });
      await t
        .request()
        .post('/api/auth/signup')
        .send(t.newUser({ username: user.username.toLowerCase() }))
        .expect(409, { success: false, message: 'Username is already taken' });

      const second = t.newUser();
      await t
        .request()
        .post('/api/auth/signup')
        .send({ ...second, email: user.email.toUpperCase() })
        .expect(409, { success: false, message: 'An account with this email already exists' });
      expect(await t.knex('users').where({ email_lower: user.email.toLowerCase() })).toHaveLength(1);
      expect(await t.knex('users').where({ username_lower: second.username.toLowerCase() })).toHaveLength(0);

      // The username claimed by the refused sign-up was given back.
      await t.request().post('/api/auth/signup').send(t.newUser({ username: second.username })).expect(201);
    });
  });

  describe('cross-cutting', () => {
    it('refuses a cross-site POST (403) and changes nothing', async () => {
      const { user } = await t.signUpVerified();
      const before = await head();
      const evil = await t
        .request()
        .post('/api/auth/login')
        .set('Origin', 'https://evil.example')
        .send({ identifier: user.username, password: user.password })
        .expect(403);
      expect(evil.body).toEqual({ success: false, message: 'Cross-site request refused' });
      expect(sessionCookie(evil)).toBeUndefined();
      await t.request().post('/api/auth/signup').set('Origin', 'https://evil.example').send(t.newUser()).expect(403);
      await t.request().post('/api/auth/signup').set('Referer', 'https://evil.example/form').send(t.newUser()).expect(403);
      expect(await head()).toBe(before);

      // The app's own origin is welcome.
      await t.request().post('/api/auth/login').set('Origin', t.config.publicUrl).send({ identifier: user.username, password: user.password }).expect(200);
    });

    it('GET /dev/mailbox shows a page to a browser, with the mail escaped', async () => {
      const user = t.newUser({ firstName: '<script>alert(1)</script>' });
      await t.request().post('/api/auth/signup').send(user).expect(201);
      const code = await t.latestOtp(user.email);
      const page = await t.request().get('/dev/mailbox').query({ to: user.email }).set('Accept', 'text/html').expect(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.text).toContain('<h1>Dev mailbox</h1>');
      expect(page.text).toContain('Your Circuit verification code');
      expect(page.text).toContain(code);
      expect(page.text).not.toContain('<script>alert(1)</script>');
      expect(page.text).toContain('&#60;script&#62;');
    });

    it('GET /dev/mailbox?to= lists only that address, newest first', async () => {
      const a = t.newUser();
      const b = t.newUser();
      await t.request().post('/api/auth/signup').send(a).expect(201);
      await t.request().post('/api/auth/signup').send(b).expect(201);
      await t.latestOtp(a.email);
      await t.latestOtp(b.email);
      const onlyA = await t.request().get('/dev/mailbox').query({ to: a.email }).expect(200);
      expect(onlyA.body.data.map((m: { to: string }) => m.to)).toEqual([a.email]);
      const all = await t.request().get('/dev/mailbox').expect(200);
      const tos = all.body.data.map((m: { to: string }) => m.to);
      expect(tos.indexOf(b.email)).toBeLessThan(tos.indexOf(a.email));
    });

    it('/healthz and /readyz answer', async () => {
      await t.request().get('/healthz').expect(200, { status: 'ok' });
      await t.request().get('/readyz').expect(200, { status: 'ready' });
    });

    it('unknown /api paths are a JSON 404', async () => {
      await t.request().get('/api/auth/nothing-here').expect(404, { success: false, message: 'Not found' });
    });
  });

  describe('social sign-in', () => {
    it('reports both providers off without client ids', async () => {
      await t.request().get('/api/auth/providers').expect(200, { success: true, data: { google: false, github: false } });
    });

    it.each(['google', 'github'])('/api/auth/%s without a client id redirects to /login with the error', async (provider) => {
      const res = await t.request().get(`/api/auth/${provider}`).expect(302);
      expect(res.headers.location).toBe(`/login?error=${provider}_auth_failed`);
      const callback = await t.request().get(`/api/auth/${provider}/callback?code=x`).expect(302);
      expect(callback.headers.location).toBe(`/login?error=${provider}_auth_failed`);
    });

    function identity(overrides: Partial<OAuthIdentity> = {}): OAuthIdentity {
      return { provider: 'google', providerUserId: `g-${tag()}`, email: `social.${tag()}@example.test`, firstName: 'Sam', lastName: 'Social', usernameHint: `sam_${tag()}`, ...overrides };
    }

    it('resolveOAuthAccount links to the account with the same e-mail', async () => {
      const accounts = t.embedded.commands.accounts;
      const { user } = await t.signUpVerified();
      const owner = await accounts.ownerOf('email', user.email);
      const id = identity({ email: user.email.toUpperCase() });

      const resolved = await resolveOAuthAccount(accounts, id, {});
      expect(resolved).toBe(owner);
      expect(await accounts.ownerOf('oauth', `google-${id.providerUserId}`)).toBe(owner);
      const stream = await t.store.readStream(userStream(owner!));
      expect(stream.filter((e) => e.type === 'OAuthAccountLinked').map((e) => e.data)).toEqual([
        { provider: 'google', providerUserId: id.providerUserId, at: expect.any(String) },
      ]);
      // No second account, and the password still works.
      expect(await t.knex('users').where({ email_lower: user.email.toLowerCase() })).toHaveLength(1);
      await t.request().post('/api/auth/login').send({ identifier: user.username, password: user.password }).expect(200);
    });

    it('resolveOAuthAccount creates a verified account without a password, then reuses it', async () => {
      const accounts = t.embedded.commands.accounts;
      const id = identity({ provider: 'github', usernameHint: `octo.cat-${tag()}` });
      const userId = await resolveOAuthAccount(accounts, id, {});

      const row = await t.knex('users').where({ id: userId }).first();
      expect(row).toMatchObject({ email: id.email, first_name: 'Sam', last_name: 'Social', is_email_verified: true, role: 'user' });
      expect(row.username).toMatch(/^[A-Za-z0-9_]{3,30}$/);
      expect(row.username).toBe(id.usernameHint.replace(/[^A-Za-z0-9_]/g, ''));
      await new Promise((r) => setTimeout(r, 100));
      expect(await t.mailsTo(id.email!)).toEqual([]); // nothing to verify
      // No password yet: a password sign-in is refused like any wrong password.
      await t.request().post('/api/auth/login').send({ identifier: row.username, password: 'anything1' }).expect(401);

      // The same identity lands on the same account, even with another e-mail at the provider.
      expect(await resolveOAuthAccount(accounts, { ...id, email: `changed.${tag()}@example.test` }, {})).toBe(userId);
      expect(await resolveOAuthAccount(accounts, id, {})).toBe(userId);
      expect(await t.knex('users').where({ email_lower: id.email })).toHaveLength(1);
    });

    it('resolveOAuthAccount picks another username when the hint is taken, and needs an e-mail', async () => {
      const accounts = t.embedded.commands.accounts;
      const { user } = await t.signUpVerified();
      const userId = await resolveOAuthAccount(accounts, identity({ usernameHint: user.username }), {});
      const row = await t.knex('users').where({ id: userId }).first();
      expect(row.username).not.toBe(user.username);
      expect(row.username.startsWith(user.username)).toBe(true);

      await expect(resolveOAuthAccount(accounts, identity({ email: null }), {})).rejects.toThrow(/e-mail/);
    });

    // Linking by an address the provider did not verify would hand over the owner's account.
    it('does not link a social sign-in to an account through an e-mail the provider has not verified', async () => {
      const accounts = t.embedded.commands.accounts;
      const { user } = await t.signUpVerified();
      const victim = await accounts.ownerOf('email', user.email);
      const profile = {
        provider: 'google',
        id: `g-${tag()}`,
        displayName: 'Mallory',
        emails: [{ value: user.email, verified: false }],
      } as unknown as Profile;
      const landedOn = await resolveOAuthAccount(accounts, identityFromProfile('google', profile), {}).catch(() => null);
      expect(landedOn).not.toBe(victim);
    });

    it('identityFromProfile reads Google and GitHub profiles', () => {
      const google: Profile = {
        provider: 'google',
        id: '1234',
        displayName: 'Asha Rao',
        name: { givenName: 'Asha', familyName: 'Rao' },
        emails: [{ value: 'asha@gmail.com' }],
      };
      expect(identityFromProfile('google', google)).toEqual({
        provider: 'google',
        providerUserId: '1234',
        email: 'asha@gmail.com',
        firstName: 'Asha',
        lastName: 'Rao',
        usernameHint: 'asha',
      });
      const github: Profile = { provider: 'github', id: '42', displayName: 'Kabir Singh Mehta', username: 'kabir-m', emails: [] };
      expect(identityFromProfile('github', github)).toEqual({
        provider: 'github',
        providerUserId: '42',
        email: null,
        firstName: 'Kabir',
        lastName: 'Singh Mehta',
        usernameHint: 'kabir-m',
      });
      const bare: Profile = { provider: 'github', id: '7', displayName: '', username: 'solo' };
      expect(identityFromProfile('github', bare)).toMatchObject({ firstName: 'solo', lastName: 'User', usernameHint: 'solo' });
    });
  });
});

describeWhen('auth routes on Postgres', testDatabaseUrl(), (url) => {
  let db: TestSchema;
  let t: TestApp;
  beforeAll(async () => {
    db = await createTestSchema({ url, label: 'auth_routes', poolMax: 10 });
    t = await createTestApp({ knex: db.knex });
  });
  afterAll(async () => {
    await t?.stop();
    await db?.cleanup();
  });

  coreFlows(() => t);
});
