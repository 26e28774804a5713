import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userStream } from '@circuit/shared/events/accounts';
import { waitFor } from '@circuit/shared/testkit/wait';
import { createTestApp, type TestApp } from '@circuit/embedded/testing/test-app';
import { UNVERIFIED_ERASED_AFTER_MS, UnverifiedSignUpEraser } from './unverified-sign-ups';

const CODE_MAIL = /Your code to delete your Circuit account/;

describe('Delete my account (POST /api/auth/delete-account)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.stop();
  });

  const erasuresOf = async (userId: string) => (await t.store.readStream(userStream(userId))).filter((e) => e.type === 'AccountErased');
  const keys = () => t.embedded.personalData.codec.keys;

  it('is refused signed out', async () => {
    const res = await t.request().post('/api/auth/delete-account').send({ password: 'secret123' }).expect(401);
    expect(res.body.message).toBe('Not authenticated');
    await t.request().post('/api/auth/delete-account/code').expect(401);
  });

  it('refuses a wrong password or no confirmation with a clear message, and changes nothing', async () => {
    const { user, agent, userId } = await t.signedIn();
    const wrong = await agent.post('/api/auth/delete-account').send({ password: 'not-my-password' }).expect(400);
    expect(wrong.body.message).toBe('Password is incorrect');
    const neither = await agent.post('/api/auth/delete-account').send({}).expect(400);
    expect(neither.body.message).toBe('Enter your password or the code we sent you');
    await agent.get('/api/auth/me').expect(200);
    expect(await erasuresOf(userId)).toEqual([]);
    expect(await keys().isErased(userId)).toBe(false);
    await t.request().post('/api/auth/login').send({ identifier: user.username, password: user.password }).expect(200);
  });

  it('erases with the password: signed out everywhere, the names free again, and a retry erases nothing twice', async () => {
    const { user, agent, userId } = await t.signedIn();
    const elsewhere = t.request();
    await elsewhere.post('/api/auth/login').send({ identifier: user.email, password: user.password }).expect(200);

    const res = await agent.post('/api/auth/delete-account').set('Idempotency-Key', `erase-${userId}`).send({ password: user.password }).expect(200);
    expect(res.body.message).toBe('Your account has been deleted.');

    expect((await erasuresOf(userId)).map((e) => e.data)).toEqual([{ reason: 'requested', at: expect.any(String), reservations: [{ kind: 'username', stream: `username-${user.username.toLowerCase()}` }, { kind: 'email', stream: expect.stringMatching(/^email-[\w-]{43}$/) }] }]);
    expect(await keys().isErased(userId)).toBe(true);
    await agent.get('/api/auth/me').expect(401);
    await elsewhere.get('/api/auth/me').expect(401);
    await t.request().post('/api/auth/login').send({ identifier: user.username, password: user.password }).expect(401);
    // The retry (same key, same browser) finds no account signed in: nothing runs again.
    await agent.post('/api/auth/delete-account').set('Idempotency-Key', `erase-${userId}`).send({ password: user.password }).expect(401);
    expect(await t.embedded.commands.erasure.eraseRequested(userId, { password: user.password }, {})).toBe(false);
    expect(await erasuresOf(userId)).toHaveLength(1);
    // Nobody holds the username and the address any more.
    await t.signUpVerified(t.newUser({ username: user.username, email: user.email }));
  });

  it('a crash right after the erasure is recorded still frees the names: the clean-up releases them by their streams', async () => {
    const { user, userId } = await t.signedIn();
    // As if the process died after the append, before releasing anything or destroying the key.
    const { accounts } = t.embedded.commands;
    const held = (await accounts.ownerOf('username', user.username)) === userId && (await accounts.ownerOf('email', user.email)) === userId;
    expect(held).toBe(true);
    const streams = await Promise.all([accounts.reservationStream('username', user.username), accounts.reservationStream('email', user.email)]);
    await accounts.execute(userId, { type: 'Erase', reason: 'requested', proof: { password: true }, reservations: [{ kind: 'username', stream: streams[0] }, { kind: 'email', stream: streams[1] }], now: new Date() }, {});
    await waitFor(async () => (await accounts.ownerOf('username', user.username)) === null && (await accounts.ownerOf('email', user.email)) === null, { timeoutMs: 15_000 });
    await waitFor(() => keys().isErased(userId));
    await t.signUpVerified(t.newUser({ username: user.username, email: user.email }));
  });

  it('erases an account without a password with a code mailed for it; a wrong code is refused', async () => {
    const user = t.newUser();
    const { userId } = await t.embedded.commands.accounts.register({ ...user, password: null, emailVerified: true, oauth: { provider: 'github', providerUserId: `gh-${user.username}` } }, {});
    const agent = t.request();
    await agent.post('/api/auth/login-otp').send({ email: user.email }).expect(200);
    await agent.post('/api/auth/verify-otp').send({ email: user.email, otp: await t.latestOtp(user.email) }).expect(200);
    const noPassword = await agent.post('/api/auth/delete-account').send({ password: 'anything' }).expect(400);
    expect(noPassword.body.message).toBe('This account has no password. Confirm with a code sent to your email instead.');

    const before = (await t.mailsTo(user.email)).length;
    const sent = await agent.post('/api/auth/delete-account/code').expect(200);
    expect(sent.body.message).toBe('We sent a code to your email. It expires in 10 minutes.');
    const code = await t.latestOtp(user.email, { after: before, subject: CODE_MAIL });
    const wrong = await agent.post('/api/auth/delete-account').send({ code: code === '000000' ? '111111' : '000000' }).expect(400);
    expect(wrong.body.message).toBe('Invalid OTP');
    expect(await erasuresOf(userId)).toEqual([]);

    await agent.post('/api/auth/delete-account').send({ code }).expect(200);
    expect(await erasuresOf(userId)).toHaveLength(1);
    // The person's mails (the code among them) are gone from the dev mailbox, and the GitHub identity is free.
    expect(await t.mailsTo(user.email)).toEqual([]);
    expect(await t.embedded.commands.accounts.ownerOf('oauth', `github-gh-${user.username}`)).toBeNull();
  });

  it('erases sign-ups left unverified for 7 days (reason unverified), and only those', async () => {
    const stale = t.newUser();
    await t.request().post('/api/auth/signup').send(stale).expect(201);
    const staleId = (await t.embedded.commands.accounts.ownerOf('email', stale.email))!;
    const { userId: verifiedId } = await t.signedIn();
    await waitFor(async () => (await t.knex('unverified_sign_ups').where({ user_id: staleId }).first()) !== undefined, { timeoutMs: 5000 });

    const eraser = new UnverifiedSignUpEraser({ knex: t.knex, erasure: t.embedded.commands.erasure, log: t.embedded.log, now: () => new Date(t.clock.now().getTime() + UNVERIFIED_ERASED_AFTER_MS - 60_000) });
    expect(await eraser.tick()).toBe(0);
    const later = new UnverifiedSignUpEraser({ knex: t.knex, erasure: t.embedded.commands.erasure, log: t.embedded.log, now: () => new Date(t.clock.now().getTime() + UNVERIFIED_ERASED_AFTER_MS + 60_000) });
    expect(await later.tick()).toBeGreaterThanOrEqual(1);
    expect((await erasuresOf(staleId)).map((e) => (e.data as { reason: string }).reason)).toEqual(['unverified']);
    expect(await erasuresOf(verifiedId)).toEqual([]);
    expect(await t.embedded.commands.accounts.ownerOf('email', stale.email)).toBeNull();
  });
});
