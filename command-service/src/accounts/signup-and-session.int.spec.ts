import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@circuit/embedded/testing/test-app';

/**
 * The sign-up trap of issue 9: after "Back to signup" a corrected form must not be refused because the
 * first, unverified attempt holds the username. Same browser session: the new sign-up replaces it.
 * Another browser: the hold lasts as long as the code lives (ten minutes), and a verified account never gives way.
 */
describe('a new sign-up replacing an unverified one', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('from the same browser session: the corrected e-mail takes the username at once, the first account is gone', async () => {
    const browser = t.request();
    const first = t.newUser();
    await browser.post('/api/auth/signup').send(first).expect(201);
    const firstId = await t.embedded.commands.accounts.ownerOf('username', first.username);
    const corrected = { ...first, email: `fixed-${first.email}` };
    await browser.post('/api/auth/signup').send(corrected).expect(201);

    const owner = await t.embedded.commands.accounts.ownerOf('username', first.username);
    expect(owner).not.toBe(firstId);
    expect(await t.embedded.commands.accounts.ownerOf('email', first.email)).toBeNull();
    expect(await t.knex('users').where({ username_lower: first.username.toLowerCase() }).select('id', 'email')).toEqual([
      { id: owner, email: corrected.email },
    ]);
    // The new account verifies with its own code; the old address no longer signs anything in.
    await browser.post('/api/auth/verify-email').send({ email: corrected.email, otp: await t.latestOtp(corrected.email) }).expect(200);
    await t.request().post('/api/auth/login').send({ identifier: first.username, password: first.password }).expect(200);
    // An address without an account is answered like any other (no account probing), and gets no mail.
    const mailsBefore = (await t.mailsTo(first.email)).length;
    await t.request().post('/api/auth/resend-otp').send({ email: first.email, type: 'email' }).expect(200);
    expect(await t.mailsTo(first.email)).toHaveLength(mailsBefore);
  });

  it('from another browser: refused while the code lives, free once it has expired', async () => {
    const first = t.newUser();
    await t.request().post('/api/auth/signup').send(first).expect(201);
    const squatter = { ...t.newUser(), username: first.username };
    await t.request().post('/api/auth/signup').send(squatter).expect(409, { success: false, message: 'Username is already taken' });
    t.clock.advance(10 * 60_000 + 1_000);
    await t.request().post('/api/auth/signup').send(squatter).expect(201);
    expect(await t.knex('users').where({ username_lower: first.username.toLowerCase() }).select('email')).toEqual([{ email: squatter.email }]);
  });

  it('never replaces a verified account, even from the session that created it', async () => {
    const browser = t.request();
    const first = t.newUser();
    await browser.post('/api/auth/signup').send(first).expect(201);
    await browser.post('/api/auth/verify-email').send({ email: first.email, otp: await t.latestOtp(first.email) }).expect(200);
    t.clock.advance(11 * 60_000);
    await browser.post('/api/auth/signup').send({ ...first, email: `other-${first.email}` }).expect(409, { success: false, message: 'Username is already taken' });
    await t.request().post('/api/auth/login').send({ identifier: first.username, password: first.password }).expect(200);
  });
});

describe('GET /api/auth/session', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('answers 200 with no user when signed out (no error for a visitor), and the user when signed in', async () => {
    await t.request().get('/api/auth/session').expect(200, { success: true, message: 'Not signed in', data: null });
    const browser = t.request();
    const { user } = await t.signUpVerified();
    await browser.post('/api/auth/login').send({ identifier: user.username, password: user.password }).expect(200);
    const res = await browser.get('/api/auth/session').expect(200);
    expect(res.body.data).toMatchObject({ username: user.username, email: user.email });
  });
});
