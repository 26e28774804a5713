import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relationshipStream } from '@circuit/shared/events/social';
import { createTestSchema, testDatabaseUrl, type TestSchema } from '@circuit/shared/testkit/postgres';
import { describeWhen } from '@circuit/shared/testkit/skip';
import { createTestApp, type Agent, type TestApp } from '@circuit/embedded/testing/test-app';
import { NO_RELATIONSHIP as NONE } from '@circuit/shared/read-models/social';

/**
 * The social graph actions of the API contract (/api/openapi.json) through HTTP, on the real embedded app.
 * Each answer is the relationship from the caller's side, and the read models already show it.
 */

interface Person {
  agent: Agent;
  userId: string;
}


const ACTION_PATHS = ['follow/:id', 'unfollow/:id', 'followers/:id/remove', 'connect/:id', 'accept-connection/:id', 'reject-connection/:id', 'block/:id', 'unblock/:id', 'connections/:id/remove'];
const path = (template: string, id: string) => `/api/users/${template.replace(':id', id)}`;

function socialActions(app: () => TestApp) {
  let t: TestApp;
  const person = async (): Promise<Person> => {
    const { agent, userId } = await t.signedIn();
    return { agent, userId };
  };
  const counts = async (id: string) => t.knex('users').where({ id }).first('followers_count', 'following_count', 'connections_count');
  const c = (followers_count: number, following_count: number, connections_count: number) => ({ followers_count, following_count, connections_count });
  const streamLength = async (a: string, b: string) => (await t.store.readStream(relationshipStream(a, b))).length;

  beforeAll(() => {
    t = app();
  });

  it('refuses every action signed out (401), on oneself (400) and towards an unknown user (404), recording nothing', async () => {
    const me = await person();
    const unknown = randomUUID();
    for (const template of ACTION_PATHS) {
      await t.request().post(path(template, me.userId)).expect(401, { success: false, message: 'Authentication required' });
      await me.agent.post(path(template, me.userId)).expect(400, { success: false, message: 'Invalid operation' });
      await me.agent.post(path(template, unknown)).expect(404, { success: false, message: 'User not found' });
    }
    await t.request().post(path('report/:id', me.userId)).send({ reason: 'spam' }).expect(401);
    await me.agent.post(path('report/:id', me.userId)).send({ reason: 'spam' }).expect(400, { success: false, message: 'Invalid operation' });
    await me.agent.post(path('report/:id', unknown)).send({ reason: 'spam' }).expect(404, { success: false, message: 'User not found' });
    expect(await streamLength(me.userId, unknown)).toBe(0);
    expect(await streamLength(me.userId, me.userId)).toBe(0);
  });

  it('follows (idempotently) and unfollows, with the counts already updated in the answer', async () => {
    const [asha, ravi] = await Promise.all([person(), person()]);
    const followed = await asha.agent.post(path('follow/:id', ravi.userId)).expect(200);
    expect(followed.body).toEqual({ success: true, message: 'Followed!', data: { ...NONE, isFollowing: true } });
    expect(await counts(ravi.userId)).toEqual(c(1, 0, 0));
    expect(await counts(asha.userId)).toEqual(c(0, 1, 0));

    // Following again: same answer, no new event, counts unchanged.
    await asha.agent.post(path('follow/:id', ravi.userId)).expect(200, { success: true, message: 'Followed!', data: { ...NONE, isFollowing: true } });
    expect(await streamLength(asha.userId, ravi.userId)).toBe(1);
    expect(await counts(ravi.userId)).toEqual(c(1, 0, 0));

    // Ravi sees himself followed.
    const back = await ravi.agent.post(path('follow/:id', asha.userId)).expect(200);
    expect(back.body.data).toEqual({ ...NONE, isFollowing: true, isFollowedBy: true });

    const unfollowed = await asha.agent.post(path('unfollow/:id', ravi.userId)).expect(200);
    expect(unfollowed.body).toEqual({ success: true, message: 'Unfollowed!', data: { ...NONE, isFollowedBy: true } });
    expect(await counts(ravi.userId)).toEqual(c(0, 1, 0));
    expect(await counts(asha.userId)).toEqual(c(1, 0, 0));
  });

  it('removes a follower from one\'s own followers (idempotently), leaving one\'s own follow alone', async () => {
    const [asha, ravi] = await Promise.all([person(), person()]);
    await ravi.agent.post(path('follow/:id', asha.userId)).expect(200);
    await asha.agent.post(path('follow/:id', ravi.userId)).expect(200);
    const removed = await asha.agent.post(path('followers/:id/remove', ravi.userId)).expect(200);
    expect(removed.body).toEqual({ success: true, message: 'Follower removed', data: { ...NONE, isFollowing: true } });
    expect(await counts(asha.userId)).toEqual(c(0, 1, 0));
    expect(await counts(ravi.userId)).toEqual(c(1, 0, 0));
    await asha.agent.post(path('followers/:id/remove', ravi.userId)).expect(200);
    expect(await streamLength(asha.userId, ravi.userId)).toBe(3);
  });

  it('sends a request (409 on a duplicate either way), accepts it from the receiver: connected and following both ways', async () => {
    const [asha, ravi] = await Promise.all([person(), person()]);
    const sent = await asha.agent.post(path('connect/:id', ravi.userId)).expect(200);
    expect(sent.body).toEqual({ success: true, message: 'Connection request sent!', data: { ...NONE, requestPending: true } });

    await asha.agent.post(path('connect/:id', ravi.userId)).expect(409, { success: false, message: 'You have already sent a connection request to this user' });
    await ravi.agent.post(path('connect/:id', asha.userId)).expect(409, {
      success: false,
      message: 'This user has already sent you a connection request. Accept or reject it instead.',
    });
    // The sender cannot accept their own request.
    await asha.agent.post(path('accept-connection/:id', ravi.userId)).expect(409, { success: false, message: 'No pending connection request from this user' });

    const accepted = await ravi.agent.post(path('accept-connection/:id', asha.userId)).expect(200);
    expect(accepted.body).toEqual({
      success: true,
      message: 'Connection request accepted!',
      data: { ...NONE, isConnected: true, isFollowing: true, isFollowedBy: true },
    });
    expect(await counts(asha.userId)).toEqual(c(1, 1, 1));
    expect(await counts(ravi.userId)).toEqual(c(1, 1, 1));
    expect(await t.knex('connection_requests').whereIn('from_id', [asha.userId, ravi.userId]).select('*')).toEqual([]);

    await asha.agent.post(path('connect/:id', ravi.userId)).expect(409, { success: false, message: 'You are already connected with this user' });
    await ravi.agent.post(path('accept-connection/:id', asha.userId)).expect(409, { success: false, message: 'No pending connection request from this user' });

    const removed = await asha.agent.post(path('connections/:id/remove', ravi.userId)).expect(200);
    expect(removed.body).toEqual({ success: true, message: 'Connection removed', data: { ...NONE, isFollowing: true, isFollowedBy: true } });
    expect(await counts(ravi.userId)).toEqual(c(1, 1, 0));
    await asha.agent.post(path('connections/:id/remove', ravi.userId)).expect(409, { success: false, message: 'You are not connected with this user' });
  });

  it('rejects a received request; a new request is possible afterwards', async () => {
    const [asha, ravi] = await Promise.all([person(), person()]);
    await ravi.agent.post(path('reject-connection/:id', asha.userId)).expect(409, { success: false, message: 'No pending connection request from this user' });
    await asha.agent.post(path('connect/:id', ravi.userId)).expect(200);
    const received = await ravi.agent.get(`/api/users/relationship/${asha.userId}`).expect(200);
    expect(received.body.data).toEqual({ ...NONE, requestReceived: true });

    const rejected = await ravi.agent.post(path('reject-connection/:id', asha.userId)).expect(200);
    expect(rejected.body).toEqual({ success: true, message: 'Connection request rejected!', data: NONE });
    expect(await counts(ravi.userId)).toEqual(c(0, 0, 0));
    await asha.agent.post(path('connect/:id', ravi.userId)).expect(200);
  });

  it('blocking removes follows, the connection and requests both ways; then only the blocker may unblock', async () => {
    const [asha, ravi, meera] = await Promise.all([person(), person(), person()]);
    await asha.agent.post(path('connect/:id', ravi.userId)).expect(200);
    await ravi.agent.post(path('accept-connection/:id', asha.userId)).expect(200);
    await meera.agent.post(path('follow/:id', ravi.userId)).expect(200);
    expect(await counts(ravi.userId)).toEqual(c(2, 1, 1));

    const blocked = await ravi.agent.post(path('block/:id', asha.userId)).expect(200);
    expect(blocked.body).toEqual({ success: true, message: 'User blocked successfully', data: { ...NONE, hasBlockedTarget: true } });
    expect(await counts(ravi.userId)).toEqual(c(1, 0, 0));
    expect(await counts(asha.userId)).toEqual(c(0, 0, 0));
    // Blocking again is harmless.
    await ravi.agent.post(path('block/:id', asha.userId)).expect(200);

    for (const template of ACTION_PATHS) {
      await asha.agent.post(path(template, ravi.userId)).expect(403, { success: false, message: 'You cannot interact with this user' });
      if (template !== 'unblock/:id' && template !== 'block/:id') {
        await ravi.agent.post(path(template, asha.userId)).expect(403, { success: false, message: 'You cannot interact with this user' });
      }
    }
    expect(await counts(ravi.userId)).toEqual(c(1, 0, 0));

    // Reporting stays possible for both sides.
    await asha.agent.post(path('report/:id', ravi.userId)).send({ reason: 'Blocked me for no reason' }).expect(200);

    const unblocked = await ravi.agent.post(path('unblock/:id', asha.userId)).expect(200);
    expect(unblocked.body).toEqual({ success: true, message: 'User unblocked successfully', data: NONE });
    await asha.agent.post(path('follow/:id', ravi.userId)).expect(200);
    expect(await counts(ravi.userId)).toEqual(c(2, 0, 0));
  });

  it('a pending request is withdrawn by a block, whoever blocks', async () => {
    const [asha, ravi] = await Promise.all([person(), person()]);
    await asha.agent.post(path('connect/:id', ravi.userId)).expect(200);
    await asha.agent.post(path('block/:id', ravi.userId)).expect(200);
    expect(await t.knex('connection_requests').where({ from_id: asha.userId }).select('*')).toEqual([]);
    await asha.agent.post(path('unblock/:id', ravi.userId)).expect(200);
    const after = await ravi.agent.get(`/api/users/relationship/${asha.userId}`).expect(200);
    expect(after.body.data).toEqual(NONE);
  });

  it('reports a user with a reason (400 without one), answering the relationship', async () => {
    const [asha, ravi] = await Promise.all([person(), person()]);
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 42 }]) {
      await asha.agent.post(path('report/:id', ravi.userId)).send(body).expect(400, {
        success: false,
        message: 'Please provide a reason for reporting',
        errors: [{ field: 'reason', message: 'Please provide a reason for reporting' }],
      });
    }
    expect(await t.knex('user_reports').where({ reporter_id: asha.userId }).select('*')).toEqual([]);

    await asha.agent.post(path('follow/:id', ravi.userId)).expect(200);
    const reported = await asha.agent.post(path('report/:id', ravi.userId)).send({ reason: '  Spam messages  ' }).expect(200);
    expect(reported.body).toEqual({ success: true, message: 'User reported successfully', data: { ...NONE, isFollowing: true } });
    expect(await t.knex('user_reports').where({ reporter_id: asha.userId }).select('target_id', 'reason')).toEqual([{ target_id: ravi.userId, reason: 'Spam messages' }]);
  });

  it('keeps the counts exact under simultaneous follows of one user', async () => {
    const target = await person();
    const fans = await Promise.all(Array.from({ length: 6 }, () => person()));
    await Promise.all(fans.flatMap((f) => [f.agent.post(path('follow/:id', target.userId)), f.agent.post(path('follow/:id', target.userId))]));
    expect(await counts(target.userId)).toEqual(c(6, 0, 0));
  });
}

describe('social actions on the embedded app (PGlite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.stop();
  });
  socialActions(() => t);
});

describeWhen('social actions on Postgres', testDatabaseUrl(), (url) => {
  let db: TestSchema;
  let t: TestApp;
  beforeAll(async () => {
    db = await createTestSchema({ url, label: 'social_routes', poolMax: 10 });
    t = await createTestApp({ knex: db.knex });
  });
  afterAll(async () => {
    await t?.stop();
    await db?.cleanup();
  });
  socialActions(() => t);
});
