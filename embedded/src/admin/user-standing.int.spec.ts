import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hackathonFormFixture } from '@circuit/command-service/hackathons/hackathon-form-fixture';
import { createTestApp, type TestApp } from '../testing/test-app';

type Member = Awaited<ReturnType<TestApp['member']>>;

/** Staff change roles, suspend and reinstate accounts; what the user and everyone else then notice. */
describe('user standing', () => {
  let t: TestApp;
  let admin: Member;
  let moderator: Member;

  beforeAll(async () => {
    t = await createTestApp();
    [admin, moderator] = await Promise.all([t.member('admin'), t.member('moderator')]);
  });
  afterAll(async () => t?.stop());

  const record = async (userId: string) => (await admin.agent.get(`/api/admin/users/${userId}`).expect(200)).body;

  it('a moderator changes a role; only an admin grants admin; nobody changes their own', async () => {
    const ada = await t.member();
    await moderator.agent.post(`/api/admin/users/${ada.userId}/role`).send({ role: 'auditor' }).expect(200);
    expect((await record(ada.userId)).role).toBe('auditor');
    expect((await ada.agent.get('/api/admin/moderation')).status).toBe(403);
    const events = await t.store.readStream(`user-standing-${ada.userId}`);
    expect(events.at(-1)).toMatchObject({ type: 'UserRoleChanged', data: { role: 'auditor', previousRole: 'user', byUserId: moderator.userId } });

    const grant = await moderator.agent.post(`/api/admin/users/${ada.userId}/role`).send({ role: 'admin' });
    expect([grant.status, grant.body.message]).toEqual([403, 'Only admins can grant the admin role']);
    const own = await moderator.agent.post(`/api/admin/users/${moderator.userId}/role`).send({ role: 'user' });
    expect([own.status, own.body.message]).toEqual([422, 'You cannot change your own role']);
    expect((await admin.agent.post(`/api/admin/users/${ada.userId}/role`).send({ role: 'nobody' })).status).toBe(400);
    await admin.agent.post(`/api/admin/users/${ada.userId}/role`).send({ role: 'admin' }).expect(200);
    expect((await record(ada.userId)).role).toBe('admin');
  });

  it('a suspension ends the sessions at once, refuses sign-in and hides the listings until reinstatement', async () => {
    const omar = await t.member();
    const created = await omar.agent.post('/api/hackathons').send(hackathonFormFixture(t.clock.now(), { title: 'Hidden Hack' })).expect(201);
    const { id, username } = created.body.data as { id: string; username: string };
    await moderator.agent.post(`/api/admin/hackathons/${id}/approve`).send({}).expect(200);
    const titles = async () => (await t.request().get('/api/hackathons').expect(200)).body.data.map((h: { title: string }) => h.title);
    expect(await titles()).toContain('Hidden Hack');

    const blank = await moderator.agent.post(`/api/admin/users/${omar.userId}/suspend`).send({ reason: ' ' });
    expect([blank.status, blank.body.message]).toEqual([400, 'A reason is required']);
    expect((await omar.agent.get('/api/auth/me')).status).toBe(200);

    await moderator.agent.post(`/api/admin/users/${omar.userId}/suspend`).send({ reason: 'Spam listings' }).expect(200);
    expect((await record(omar.userId)).isSuspended).toBe(true);
    expect((await omar.agent.get('/api/auth/me')).status).toBe(401);
    const login = await t.request().post('/api/auth/login').send({ identifier: omar.username, password: 'secret123' });
    expect(login.status).toBe(403);
    expect(login.body.message).toMatch(/^Your account has been suspended\. Write to .+ if you think this is a mistake\.$/);
    expect(await titles()).not.toContain('Hidden Hack');
    expect((await t.request().get(`/api/hackathons/username/${username}`)).status).toBe(403);
    // Still stored: staff see it.
    expect((await moderator.agent.get(`/api/hackathons/username/${username}`)).status).toBe(200);
    const events = await t.store.readStream(`user-standing-${omar.userId}`);
    expect(events.at(-1)).toMatchObject({ type: 'UserSuspended', data: { reason: 'Spam listings', byUserId: moderator.userId } });

    await moderator.agent.post(`/api/admin/users/${omar.userId}/reinstate`).send({ reason: 'Cleaned up' }).expect(200);
    await t.request().post('/api/auth/login').send({ identifier: omar.username, password: 'secret123' }).expect(200);
    expect(await titles()).toContain('Hidden Hack');
  });

  it('a moderator cannot suspend an admin; nobody suspends themselves', async () => {
    const byMod = await moderator.agent.post(`/api/admin/users/${admin.userId}/suspend`).send({ reason: 'x' });
    expect(byMod.status).toBe(403);
    const self = await admin.agent.post(`/api/admin/users/${admin.userId}/suspend`).send({ reason: 'x' });
    expect([self.status, self.body.message]).toEqual([422, 'You cannot suspend yourself']);
    expect((await record(admin.userId)).isSuspended).toBe(false);
  });
});
