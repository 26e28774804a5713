import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@circuit/embedded/testing/test-app';

/**
 * Issue 3's journey over plain HTTP (the browser version is e2e/social.e2e.spec.ts): two users,
 * one follows and asks to connect, the other accepts from their notifications, both list each
 * other under Connections, then one blocks the other and the profile answers as blocked.
 */
describe('social journey over HTTP', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('follow, request, accept from notifications, connections both sides, block', async () => {
    const asha = await t.signedIn(t.newUser({ firstName: 'Asha' }));
    const ben = await t.signedIn(t.newUser({ firstName: 'Ben' }));

    await asha.agent.post(`/api/users/follow/${ben.userId}`).expect(200);
    const requested = await asha.agent.post(`/api/users/connect/${ben.userId}`).expect(200);
    expect(requested.body).toMatchObject({ message: 'Connection request sent!', data: { isFollowing: true, requestPending: true } });

    const inbox = await ben.agent.get('/api/users/notifications').expect(200);
    const request = inbox.body.data.find((n: { type: string }) => n.type === 'connection_request');
    expect(request).toMatchObject({ status: 'pending', read: false, from: { _id: asha.userId, username: asha.user.username } });
    expect(inbox.body.data.some((n: { type: string }) => n.type === 'follow')).toBe(true);

    await ben.agent.post(`/api/users/accept-connection/${request.from._id}`).expect(200);
    const resolved = await ben.agent.get('/api/users/notifications').expect(200);
    expect(resolved.body.data.find((n: { _id: string }) => n._id === request._id)).toMatchObject({ status: 'accepted', read: true });

    const ashaConnections = await asha.agent.get(`/api/users/connections/${asha.userId}`).expect(200);
    const benConnections = await ben.agent.get('/api/users/connections').expect(200);
    expect(ashaConnections.body.data.map((u: { id: string }) => u.id)).toEqual([ben.userId]);
    expect(benConnections.body.data.map((u: { id: string }) => u.id)).toEqual([asha.userId]);
    expect((await asha.agent.get(`/api/users/username/${asha.user.username}`).expect(200)).body.data).toMatchObject({ connectionsCount: 1, followersCount: 1, followingCount: 1 });

    await asha.agent.post(`/api/users/block/${ben.userId}`).expect(200);
    expect((await asha.agent.get(`/api/users/block-status/${ben.userId}`).expect(200)).body.data).toMatchObject({ hasBlockedTarget: true });
    await ben.agent.get(`/api/users/username/${asha.user.username}`).expect(403);
    expect((await ben.agent.get('/api/users/connections').expect(200)).body.data).toEqual([]);
    await ben.agent.post(`/api/users/follow/${asha.userId}`).expect(403, { success: false, message: 'You cannot interact with this user' });
  });
});
