import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Agent, type TestApp } from '@circuit/embedded/testing/test-app';
import { NO_RELATIONSHIP as NONE } from '@circuit/shared/read-models/social';

/** The social graph queries of the API contract (/api/openapi.json) through HTTP, on the real embedded app. */

interface Person {
  agent: Agent;
  userId: string;
  username: string;
  firstName: string;
  lastName: string;
}


describe('social queries on the embedded app (PGlite)', () => {
  let t: TestApp;
  let asha: Person;
  let ravi: Person;
  let meera: Person;
  let kabir: Person;

  const person = async (): Promise<Person> => {
    const { agent, userId, user } = await t.signedIn();
    return { agent, userId, username: user.username, firstName: user.firstName, lastName: user.lastName };
  };
  const summary = (p: Person) => ({ _id: p.userId, id: p.userId, username: p.username, firstName: p.firstName, lastName: p.lastName, profilePicture: null, tagline: '', skills: [] });

  beforeAll(async () => {
    t = await createTestApp();
    asha = await person();
    ravi = await person();
    meera = await person();
    kabir = await person();
    // Ravi follows Asha first, then Meera; Asha and Meera connect (and so follow each other).
    await ravi.agent.post(`/api/users/follow/${asha.userId}`).expect(200);
    t.clock.advance(1000);
    await ravi.agent.post(`/api/users/follow/${meera.userId}`).expect(200);
    t.clock.advance(1000);
    await meera.agent.post(`/api/users/connect/${asha.userId}`).expect(200);
    await asha.agent.post(`/api/users/accept-connection/${meera.userId}`).expect(200);
    t.clock.advance(1000);
    await kabir.agent.post(`/api/users/connect/${asha.userId}`).expect(200);
  });
  afterAll(async () => {
    await t?.stop();
  });

  describe('GET /api/users/relationship/:id and /block-status/:id', () => {
    it('needs a session (401) and a known user (404)', async () => {
      for (const p of ['relationship', 'block-status']) {
        await t.request().get(`/api/users/${p}/${asha.userId}`).expect(401, { success: false, message: 'Authentication required' });
        await asha.agent.get(`/api/users/${p}/${randomUUID()}`).expect(404, { success: false, message: 'User not found' });
      }
    });

    it('answers from the viewer side', async () => {
      expect((await asha.agent.get(`/api/users/relationship/${meera.userId}`).expect(200)).body).toEqual({
        success: true,
        data: { ...NONE, isConnected: true, isFollowing: true, isFollowedBy: true },
      });
      expect((await asha.agent.get(`/api/users/relationship/${ravi.userId}`).expect(200)).body.data).toEqual({ ...NONE, isFollowedBy: true });
      expect((await ravi.agent.get(`/api/users/relationship/${asha.userId}`).expect(200)).body.data).toEqual({ ...NONE, isFollowing: true });
      expect((await kabir.agent.get(`/api/users/relationship/${asha.userId}`).expect(200)).body.data).toEqual({ ...NONE, requestPending: true });
      expect((await asha.agent.get(`/api/users/relationship/${kabir.userId}`).expect(200)).body.data).toEqual({ ...NONE, requestReceived: true });
      expect((await asha.agent.get(`/api/users/relationship/${asha.userId}`).expect(200)).body.data).toEqual(NONE);
    });

    it('block status from both sides', async () => {
      expect((await asha.agent.get(`/api/users/block-status/${kabir.userId}`).expect(200)).body).toEqual({ success: true, data: { hasBlockedTarget: false, isBlockedByTarget: false } });
    });
  });

  describe('followers, following and connections of a user', () => {
    it('404 for an unknown user', async () => {
      for (const p of ['followers', 'following', 'connections']) {
        await asha.agent.get(`/api/users/${p}/${randomUUID()}`).expect(404, { success: false, message: 'User not found' });
        await t.request().get(`/api/users/${p}/not-a-user`).expect(404, { success: false, message: 'User not found' });
      }
    });

    it('lists user summaries, newest first, to anyone (the lists are as public as the profile)', async () => {
      const followers = await t.request().get(`/api/users/followers/${asha.userId}`).expect(200);
      expect(followers.body).toEqual({ success: true, data: [summary(meera), summary(ravi)] });
      const following = await meera.agent.get(`/api/users/following/${ravi.userId}`).expect(200);
      expect(following.body).toEqual({ success: true, data: [summary(meera), summary(asha)] });
      const connections = await ravi.agent.get(`/api/users/connections/${asha.userId}`).expect(200);
      expect(connections.body).toEqual({ success: true, data: [summary(meera)] });
      expect((await ravi.agent.get(`/api/users/connections/${ravi.userId}`).expect(200)).body).toEqual({ success: true, data: [] });
      expect((await ravi.agent.get(`/api/users/followers/${ravi.userId}`).expect(200)).body).toEqual({ success: true, data: [] });
    });

    it("the own connections list needs a session", async () => {
      await t.request().get('/api/users/connections').expect(401, { success: false, message: 'Authentication required' });
      expect((await meera.agent.get('/api/users/connections').expect(200)).body).toEqual({ success: true, data: [summary(asha)] });
      expect((await kabir.agent.get('/api/users/connections').expect(200)).body).toEqual({ success: true, data: [] });
    });

    it('a user who blocked the viewer keeps the lists from them (403); the blocker still sees theirs', async () => {
      await asha.agent.post(`/api/users/block/${kabir.userId}`).expect(200);
      for (const p of ['followers', 'following', 'connections']) {
        await kabir.agent.get(`/api/users/${p}/${asha.userId}`).expect(403, { success: false, message: 'This profile is not available' });
        await asha.agent.get(`/api/users/${p}/${kabir.userId}`).expect(200);
      }
      expect((await kabir.agent.get(`/api/users/block-status/${asha.userId}`).expect(200)).body.data).toEqual({ hasBlockedTarget: false, isBlockedByTarget: true });
      expect((await asha.agent.get(`/api/users/block-status/${kabir.userId}`).expect(200)).body.data).toEqual({ hasBlockedTarget: true, isBlockedByTarget: false });
      // Kabir's pending request went with the block.
      expect((await asha.agent.get(`/api/users/relationship/${kabir.userId}`).expect(200)).body.data).toEqual({ ...NONE, hasBlockedTarget: true });
      await asha.agent.post(`/api/users/unblock/${kabir.userId}`).expect(200);
      await kabir.agent.get(`/api/users/followers/${asha.userId}`).expect(200);
    });
  });
});
