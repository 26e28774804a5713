import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { notificationsStream } from '@circuit/shared/events/notifications';
import { relationshipStream } from '@circuit/shared/events/social';
import type { Notification } from '@circuit/shared/read-models/notifications';
import { createTestSchema, testDatabaseUrl, type TestSchema } from '@circuit/shared/testkit/postgres';
import { describeWhen } from '@circuit/shared/testkit/skip';
import { waitFor } from '@circuit/shared/testkit/wait';
import { ReadModelProgress } from '@circuit/shared/projections/progress';
import { createTestApp, type Agent, type TestApp } from '@circuit/embedded/testing/test-app';
import { NOTIFICATIONS_TOPIC, NotificationsProcessManager, type NotificationMessage } from './notifications-process-manager';

/**
 * Notifications end to end: social actions -> the process manager -> notification streams -> the
 * read model -> GET /api/users/notifications, the user's own changes, and live publication on the bus.
 */

interface Person {
  agent: Agent;
  userId: string;
  username: string;
  firstName: string;
  lastName: string;
}

const sender = (p: Person) => ({ _id: p.userId, firstName: p.firstName, lastName: p.lastName, username: p.username, profilePicture: null });

function notificationFlows(app: () => TestApp) {
  let t: TestApp;
  const published: NotificationMessage[] = [];
  let unsubscribe: (() => Promise<void>) | undefined;

  const person = async (): Promise<Person> => {
    const { agent, userId, user } = await t.signedIn();
    return { agent, userId, username: user.username, firstName: user.firstName, lastName: user.lastName };
  };
  const list = async (p: Person) => {
    const res = await p.agent.get('/api/users/notifications').expect(200);
    return res.body as { success: boolean; data: Notification[]; unreadCount: number };
  };
  const publishedTo = (p: Person) => published.filter((m) => m.userId === p.userId);

  beforeAll(async () => {
    t = app();
    unsubscribe = await t.embedded.bus.subscribe(NOTIFICATIONS_TOPIC, (payload) => {
      published.push(payload as NotificationMessage);
    });
  });
  afterAll(async () => {
    await unsubscribe?.();
  });

  it('needs a session for every notification call (401)', async () => {
    const id = randomUUID();
    await t.request().get('/api/users/notifications').expect(401, { success: false, message: 'Authentication required' });
    await t.request().patch(`/api/users/notifications/${id}/read`).expect(401, { success: false, message: 'Authentication required' });
    await t.request().delete(`/api/users/notifications/${id}`).expect(401, { success: false, message: 'Authentication required' });
    await t.request().patch('/api/notifications/mark-all-read').expect(401, { success: false, message: 'Authentication required' });
  });

  it('request -> both notifications (published live) -> accept from the target -> accepted, read, connected both sides', async () => {
    const [asha, ravi] = await Promise.all([person(), person()]);
    expect(await list(asha)).toEqual({ success: true, data: [], unreadCount: 0 });

    await asha.agent.post(`/api/users/connect/${ravi.userId}`).expect(200);
    // The answer waited for the notifications: they are there at once.
    const incoming = await list(ravi);
    expect(incoming).toEqual({
      success: true,
      unreadCount: 1,
      data: [
        {
          _id: expect.any(String),
          type: 'connection_request',
          status: 'pending',
          isOutgoing: false,
          read: false,
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          message: `${asha.firstName} ${asha.lastName} sent you a connection request`,
          from: sender(asha),
        },
      ],
    });
    const outgoing = await list(asha);
    expect(outgoing.data).toEqual([
      expect.objectContaining({ type: 'connection_request_sent', status: 'pending', isOutgoing: true, read: false, from: sender(ravi) }),
    ]);

    // Each new notification went out on the bus as { userId, notification } in the contract's shape.
    await waitFor(() => publishedTo(ravi).length === 1 && publishedTo(asha).length === 1, { message: 'both notifications on the bus' });
    expect(publishedTo(ravi)[0]).toEqual({ userId: ravi.userId, notification: incoming.data[0] });
    expect(publishedTo(asha)[0]).toEqual({ userId: asha.userId, notification: outgoing.data[0] });

    // Accept and Reject from the notification call accept-connection/{from._id}.
    const fromId = incoming.data[0]!.from._id;
    await ravi.agent.post(`/api/users/accept-connection/${fromId}`).expect(200);

    const ravisAfter = await list(ravi);
    expect(ravisAfter.unreadCount).toBe(0);
    expect(ravisAfter.data).toEqual([expect.objectContaining({ _id: incoming.data[0]!._id, type: 'connection_request', status: 'accepted', read: true })]);
    const ashasAfter = await list(asha);
    expect(ashasAfter.unreadCount).toBe(1);
    expect(ashasAfter.data).toEqual([
      expect.objectContaining({
        type: 'connection_accepted',
        status: null,
        read: false,
        message: `${ravi.firstName} ${ravi.lastName} accepted your connection request`,
        from: sender(ravi),
      }),
      expect.objectContaining({ _id: outgoing.data[0]!._id, type: 'connection_request_sent', status: 'accepted', read: true }),
    ]);
    // The mutual follows of accepting tell nobody "started following you".
    expect([...ravisAfter.data, ...ashasAfter.data].filter((n) => n.type === 'follow')).toEqual([]);
    await waitFor(() => publishedTo(asha).length === 2, { message: 'the accepted notification on the bus' });
    expect(publishedTo(asha)[1]?.notification.type).toBe('connection_accepted');
    expect(publishedTo(ravi)).toHaveLength(1);

    // Connected on both sides.
    expect((await asha.agent.get('/api/users/connections').expect(200)).body.data.map((u: { id: string }) => u.id)).toEqual([ravi.userId]);
    expect((await ravi.agent.get('/api/users/connections').expect(200)).body.data.map((u: { id: string }) => u.id)).toEqual([asha.userId]);
  });

  it('a rejection resolves both request notifications and tells the requester', async () => {
    const [asha, ravi] = await Promise.all([person(), person()]);
    await asha.agent.post(`/api/users/connect/${ravi.userId}`).expect(200);
    await ravi.agent.post(`/api/users/reject-connection/${asha.userId}`).expect(200);
    expect((await list(ravi)).data).toEqual([expect.objectContaining({ type: 'connection_request', status: 'rejected', read: true })]);
    expect((await list(asha)).data).toEqual([
      expect.objectContaining({ type: 'connection_rejected', status: null, read: false, message: `${ravi.firstName} ${ravi.lastName} declined your connection request` }),
      expect.objectContaining({ type: 'connection_request_sent', status: 'rejected', read: true }),
    ]);
  });

  it('a follow notifies the followee; a block ends a pending request quietly', async () => {
    const [asha, ravi] = await Promise.all([person(), person()]);
    await asha.agent.post(`/api/users/follow/${ravi.userId}`).expect(200);
    // A follow answers once Asha's reads include it; Ravi's notification comes a moment later.
    await waitFor(async () => (await list(ravi)).data.length === 1, { timeoutMs: 5000, message: 'the follow notification' });
    expect((await list(ravi)).data).toEqual([
      expect.objectContaining({ type: 'follow', status: null, isOutgoing: false, read: false, message: `${asha.firstName} ${asha.lastName} started following you`, from: sender(asha) }),
    ]);
    expect((await list(asha)).data).toEqual([]);

    await asha.agent.post(`/api/users/connect/${ravi.userId}`).expect(200);
    await ravi.agent.post(`/api/users/block/${asha.userId}`).expect(200);
    const ravis = await list(ravi);
    expect(ravis.data.map((n) => [n.type, n.status, n.read])).toEqual([
      ['connection_request', 'rejected', true],
      ['follow', null, false],
    ]);
    // Asha is not told "declined": her outgoing request is simply closed.
    expect((await list(asha)).data.map((n) => [n.type, n.status, n.read])).toEqual([['connection_request_sent', 'rejected', true]]);
  });

  it('marks one read, deletes one (404 for anyone else or twice), marks all read', async () => {
    const [me, a, b, c] = await Promise.all([person(), person(), person(), person()]);
    for (const p of [a, b, c]) await p.agent.post(`/api/users/follow/${me.userId}`).expect(200);
    await waitFor(async () => (await list(me)).data.length === 3, { timeoutMs: 5000, message: 'three follow notifications' });
    const before = await list(me);
    expect(before.unreadCount).toBe(3);
    const [newest, middle, oldest] = before.data;
    expect([newest!.from._id, middle!.from._id, oldest!.from._id]).toEqual([c.userId, b.userId, a.userId]);

    // Not the caller's: 404, and nothing changes.
    await a.agent.patch(`/api/users/notifications/${newest!._id}/read`).expect(404, { success: false, message: 'Notification not found' });
    await a.agent.delete(`/api/users/notifications/${newest!._id}`).expect(404, { success: false, message: 'Notification not found' });
    await me.agent.patch(`/api/users/notifications/${randomUUID()}/read`).expect(404, { success: false, message: 'Notification not found' });
    await me.agent.delete(`/api/users/notifications/${randomUUID()}`).expect(404, { success: false, message: 'Notification not found' });
    expect((await list(me)).unreadCount).toBe(3);

    const marked = await me.agent.patch(`/api/users/notifications/${newest!._id}/read`).expect(200);
    expect(marked.body).toEqual({ success: true, message: 'Notification marked as read', data: { ...newest!, read: true } });
    // Again: still read, still 200.
    await me.agent.patch(`/api/users/notifications/${newest!._id}/read`).expect(200);
    expect((await list(me)).unreadCount).toBe(2);

    await me.agent.delete(`/api/users/notifications/${middle!._id}`).expect(200, { success: true, message: 'Notification deleted', data: null });
    await me.agent.delete(`/api/users/notifications/${middle!._id}`).expect(404);
    await me.agent.patch(`/api/users/notifications/${middle!._id}/read`).expect(404);
    expect((await list(me)).data.map((n) => n._id)).toEqual([newest!._id, oldest!._id]);

    const all = await me.agent.patch('/api/notifications/mark-all-read').expect(200);
    expect(all.body).toEqual({ success: true, message: 'All notifications marked as read', data: { updated: 1 } });
    expect(await list(me)).toMatchObject({ unreadCount: 0, data: [{ read: true }, { read: true }] });
    expect((await me.agent.patch('/api/notifications/mark-all-read').expect(200)).body.data).toEqual({ updated: 0 });
    // Another user's notifications are untouched by my mark-all.
    await a.agent.post(`/api/users/connect/${b.userId}`).expect(200);
    expect((await list(b)).unreadCount).toBe(1);
  });

  it("handling a follow reads neither the followee's notifications nor the relationship's past (its work does not grow with history)", async () => {
    const [asha, ravi] = await Promise.all([person(), person()]);
    for (let i = 0; i < 3; i++) {
      await asha.agent.post(`/api/users/follow/${ravi.userId}`).expect(200);
      await asha.agent.post(`/api/users/unfollow/${ravi.userId}`).expect(200);
    }
    const reads: { streamId: string; options?: { fromRevision?: number; maxCount?: number } }[] = [];
    const readStream = t.store.readStream.bind(t.store);
    const spy = vi.spyOn(t.store, 'readStream').mockImplementation(async (streamId, options) => {
      reads.push({ streamId, options });
      return readStream(streamId, options);
    });
    try {
      await asha.agent.post(`/api/users/follow/${ravi.userId}`).expect(200);
      await waitFor(async () => (await list(ravi)).data.length === 4, { timeoutMs: 5000, message: 'the fourth follow notification' });
    } finally {
      spy.mockRestore();
    }
    expect(reads.filter((r) => r.streamId === notificationsStream(ravi.userId))).toEqual([]);
    // The command reads at most the events since it last folded the stream; the process manager reads nothing (the
    // follow says it is a plain one, not one of accepting a connection).
    const relationship = reads.filter((r) => r.streamId === relationshipStream(asha.userId, ravi.userId));
    for (const r of relationship) expect((r.options?.fromRevision ?? 0) > 0 && r.options?.maxCount === undefined, JSON.stringify(r)).toBe(true);
  });

  it('a follow stored before follows said how they came is told apart by the events of its command', async () => {
    const [asha, ravi, meera] = await Promise.all([person(), person(), person()]);
    const at = new Date().toISOString();
    const pm = new NotificationsProcessManager({ knex: t.knex, store: t.store, bus: t.embedded.bus, progress: new ReadModelProgress(t.knex), log: t.embedded.log });
    const appended = new Set<string>();
    const legacy = async (stream: string, events: { type: string; data: object }[]) => {
      const stored = events.map((e) => ({ id: randomUUID(), ...e, metadata: { causationId: `legacy-${stream}` }, occurredAt: at }));
      await t.store.append(stream, stored, 'any');
      for (const e of stored) appended.add(e.id);
    };
    // Accepting (Ravi accepts Asha's request): the mutual follows, without `via`.
    await legacy(relationshipStream(asha.userId, ravi.userId), [
      { type: 'ConnectionAccepted', data: { from: ravi.userId, to: asha.userId, at } },
      { type: 'UserFollowed', data: { from: ravi.userId, to: asha.userId, at } },
    ]);
    // A plain follow (Meera follows Ravi), without `via`.
    await legacy(relationshipStream(meera.userId, ravi.userId), [{ type: 'UserFollowed', data: { from: meera.userId, to: ravi.userId, at } }]);
    const recorded = await t.store.readAll(0n, 1_000_000);
    for (const event of recorded.filter((e) => appended.has(e.id))) await pm.handle(event);
    const followsOf = async (userId: string) => (await t.store.readStream(notificationsStream(userId))).filter((e) => (e.data as { type?: string }).type === 'follow');
    expect(await followsOf(asha.userId)).toEqual([]);
    expect((await followsOf(ravi.userId)).map((e) => (e.data as { fromUserId: string }).fromUserId)).toEqual([meera.userId]);
  });

  it('a replay of the social events appends nothing new and publishes nothing again', async () => {
    const [asha, ravi] = await Promise.all([person(), person()]);
    await asha.agent.post(`/api/users/connect/${ravi.userId}`).expect(200);
    await ravi.agent.post(`/api/users/accept-connection/${asha.userId}`).expect(200);
    const streams = [notificationsStream(asha.userId), notificationsStream(ravi.userId)];
    const lengths = async () => Promise.all(streams.map(async (s) => (await t.store.readStream(s)).length));
    // Asha: request sent (created, accepted, read) and connection accepted; Ravi: request (created, accepted, read).
    expect(await lengths()).toEqual([4, 3]);
    const notificationEvents = async () => (await t.store.readAll(0n, 1_000_000)).filter((e) => e.streamId.startsWith('notifications-')).length;
    const before = await notificationEvents();
    const publishedBefore = published.length;

    // A second manager (a restart that lost its checkpoint, another instance) handles the whole feed again.
    const again = new NotificationsProcessManager({ knex: t.knex, store: t.store, bus: t.embedded.bus, progress: new ReadModelProgress(t.knex), log: t.embedded.log });
    for (const event of await t.store.readAll(0n, 1_000_000)) await again.handle(event);
    expect(await lengths()).toEqual([4, 3]);
    expect(await notificationEvents()).toBe(before);
    await new Promise((r) => setTimeout(r, 50));
    expect(published.length).toBe(publishedBefore);
    expect((await t.store.readStream(relationshipStream(asha.userId, ravi.userId))).length).toBe(4);
  });
}

describe('notifications on the embedded app (PGlite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.stop();
  });
  notificationFlows(() => t);
});

describeWhen('notifications on Postgres', testDatabaseUrl(), (url) => {
  let db: TestSchema;
  let t: TestApp;
  beforeAll(async () => {
    db = await createTestSchema({ url, label: 'notifications', poolMax: 10 });
    t = await createTestApp({ knex: db.knex });
  });
  afterAll(async () => {
    await t?.stop();
    await db?.cleanup();
  });
  notificationFlows(() => t);
});
