import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Agent, type TestApp } from '@circuit/embedded/testing/test-app';
import { recordBlock } from './blocks.testkit';

/** GET /api/users/{id}, GET /api/users/username/{username} and the projects list, as a viewer sees them. */

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('profile queries', () => {
  let t: TestApp;
  let owner: { agent: Agent; userId: string; username: string; email: string };

  async function member() {
    const user = t.newUser();
    const { userId } = await t.embedded.commands.accounts.register({ ...user, emailVerified: true }, {});
    const agent = t.request();
    await agent.post('/api/auth/login').send({ identifier: user.username, password: user.password }).expect(200);
    return { agent, userId, username: user.username, email: user.email };
  }

  beforeAll(async () => {
    t = await createTestApp();
    owner = await member();
    await owner.agent
      .put('/api/users/profile')
      .send({ firstName: 'Asha', lastName: 'Rao', country: 'India', state: 'Kerala', address: 'Kochi', tagline: 'Builder', mobile: '9876543210', skills: ['Go'] })
      .expect(200);
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('shows a profile by id and by username (any case) to guests, without e-mail or mobile', async () => {
    for (const path of [`/api/users/${owner.userId}`, `/api/users/${owner.userId.toUpperCase()}`, `/api/users/username/${owner.username.toUpperCase()}`]) {
      const res = await t.request().get(path).expect(200);
      expect(res.body).toMatchObject({
        success: true,
        data: { _id: owner.userId, id: owner.userId, username: owner.username, firstName: 'Asha', tagline: 'Builder', skills: ['Go'], followersCount: 0, profilePicture: null },
      });
      expect(res.body.data).not.toHaveProperty('email');
      expect(res.body.data).not.toHaveProperty('mobile');
    }
  });

  it('shows the owner their own e-mail and mobile', async () => {
    const res = await owner.agent.get(`/api/users/${owner.userId}`).expect(200);
    expect(res.body.data).toMatchObject({ email: owner.email, mobile: '9876543210' });
    const other = await member();
    const seen = await other.agent.get(`/api/users/username/${owner.username}`).expect(200);
    expect(seen.body.data).not.toHaveProperty('email');
  });

  it('answers 404 User not found for unknown ids, usernames and deactivated accounts', async () => {
    await t.request().get(`/api/users/${UNKNOWN}`).expect(404, { success: false, message: 'User not found' });
    await t.request().get('/api/users/username/nobody_by_that_name').expect(404, { success: false, message: 'User not found' });
    const gone = await member();
    await t.knex('users').where({ id: gone.userId }).update({ is_active: false });
    await t.request().get(`/api/users/${gone.userId}`).expect(404, { success: false, message: 'User not found' });
    await t.request().get('/api/users/projects').query({ username: gone.username }).expect(404);
  });

  it('answers 403 when the owner has blocked the viewer (profile and projects); blocking someone does not hide their profile from you', async () => {
    const viewer = await member();
    await owner.agent.post('/api/users/projects').send({ title: 'Secret', description: 'Not for blocked eyes' }).expect(201);
    await recordBlock(t.knex, owner.userId, viewer.userId);
    const forbidden = { success: false, message: 'This profile is not available' };
    await viewer.agent.get(`/api/users/${owner.userId}`).expect(403, forbidden);
    await viewer.agent.get(`/api/users/username/${owner.username}`).expect(403, forbidden);
    await viewer.agent.get('/api/users/projects').query({ username: owner.username }).expect(403, forbidden);
    // The blocker still sees the one they blocked; guests still see the owner.
    await owner.agent.get(`/api/users/${viewer.userId}`).expect(200);
    await t.request().get(`/api/users/${owner.userId}`).expect(200);
    const list = await t.request().get('/api/users/projects').query({ username: owner.username }).expect(200);
    expect(list.body.projects.map((p: { title: string }) => p.title)).toContain('Secret');
  });

  it('leaves other GET /api/users/<word> routes alone (only ids are profiles)', async () => {
    // Answered by the search route (401 signed out), not by a profile lookup.
    await t.request().get('/api/users/search/by').query({ q: 'asha' }).expect(401);
    const preset = await t.request().get('/api/users/skills/preset').expect(200);
    expect(preset.body.data).toContain('React');
    const notAnId = await t.request().get('/api/users/not-an-id-at-all');
    expect(notAnId.status).toBe(404);
    expect(notAnId.body.message).not.toBe('User not found');
  });
});
