import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMUNITY_MESSAGE_MAX_LENGTH, CommunityMessages as M, type CommunityMessage } from '@circuit/shared/api/community';
import { findCommunityAccess } from '@circuit/shared/read-models/community';
import type { Role } from '@circuit/shared/events/accounts';
import { createTestApp, type Agent, type TestApp } from '@circuit/embedded/testing/test-app';
import { appendListedHackathon } from '../hackathon-registrations/hackathon-fixtures';
import { notificationsStream } from '@circuit/shared/events/notifications';

/** The approval makes the review notifier append the organiser's notification in the background: wait for it, so the store's head moves only with the test's own requests. */
async function approvalNoticed(t: TestApp, organiserId: string, hackathonId: string) {
  for (let i = 0; i < 400; i++) {
    const notes = await t.store.readStream(notificationsStream(organiserId));
    if (notes.some((e) => (e.data as { subject?: { id?: string } }).subject?.id === hackathonId)) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`the review notification of ${hackathonId} never came`);
}

/** The community chat's HTTP calls through the embedded app, with their failure cases. */

interface Person {
  agent: Agent;
  userId: string;
}

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.stop();
});

async function person(role: Role = 'user'): Promise<Person> {
  const user = t.newUser();
  const { userId } = await t.embedded.commands.accounts.register({ ...user, role, emailVerified: true }, {});
  const agent = t.request();
  await agent.post('/api/auth/login').send({ identifier: user.username, password: user.password }).expect(200);
  return { agent, userId };
}

/** An accepted hackathon of `organiser`, once the read models know it, with `n` registered participants. */
async function community(n: number) {
  const organiser = await person();
  const { hackathonId, username } = await appendListedHackathon(t.store, { now: t.clock.now(), createdBy: organiser.userId });
  for (let i = 0; !(await findCommunityAccess(t.knex, hackathonId, null)); i++) {
    if (i > 400) throw new Error('the hackathon never reached the read models');
    await new Promise((r) => setTimeout(r, 25));
  }
  await approvalNoticed(t, organiser.userId, hackathonId);
  const participants: Person[] = [];
  for (let i = 0; i < n; i++) {
    const p = await person();
    await p.agent.post(`/api/hackathons/${hackathonId}/register`).send({}).expect(201);
    participants.push(p);
  }
  return { id: hackathonId, username, organiser, participants };
}

const path = (id: string, rest = 'messages') => `/api/community/${id}/${rest}`;
const messageCount = async (id: string) => Number((await t.knex('community_messages').where({ hackathon_id: id }).count<{ n: string }[]>('* as n'))[0]!.n);
const headOf = () => t.store.headPosition();

describe('community messages', () => {
  it('answers 401 to guests, 404 to an unknown hackathon, and 403 to users who are not registered, storing nothing', async () => {
    const c = await community(0);
    const guest = t.request();
    await guest.get(path(c.id)).expect(401);
    await guest.post(path(c.id)).send({ message: 'hi' }).expect(401);
    const stranger = await person();
    await stranger.agent.get(path('no-such-hackathon')).expect(404);
    const head = await headOf();
    const read = await stranger.agent.get(path(c.id)).expect(403);
    expect(read.body).toMatchObject({ success: false, message: M.notMember });
    const post = await stranger.agent.post(path(c.id)).send({ message: 'let me in' }).expect(403);
    expect(post.body.message).toBe(M.notMember);
    await stranger.agent.get(path(c.id, 'participants')).expect(403);
    expect(await headOf()).toBe(head);
  });

  it('lets participants and the organiser post, read pages newest first, reply, and refuses bad text', async () => {
    const c = await community(2);
    const [ana, ben] = c.participants as [Person, Person];
    const first = await ana.agent.post(path(c.id)).send({ message: '  Hello team  ' }).expect(201);
    const hello = first.body.data as CommunityMessage;
    expect(hello).toMatchObject({ hackathonId: c.id, message: 'Hello team', edited: false, replyTo: null, user: { _id: ana.userId } });
    expect(Object.keys(hello.user).sort()).toEqual(['_id', 'firstName', 'lastName', 'profilePicture', 'username']);
    const reply = await ben.agent.post(path(c.username)).send({ message: 'Hi!', replyTo: hello._id }).expect(201);
    expect(reply.body.data.replyTo).toMatchObject({ _id: hello._id, message: 'Hello team', user: { _id: ana.userId } });
    await c.organiser.agent.post(path(c.id)).send({ message: 'Welcome, everyone' }).expect(201);

    const page = await ben.agent.get(`${path(c.id)}?page=1&limit=2`).expect(200);
    expect(page.body.data.map((m: CommunityMessage) => m.message)).toEqual(['Hi!', 'Welcome, everyone']);
    expect(page.body.pagination).toEqual({ page: 1, limit: 2, total: 3, hasMore: true });
    expect(page.body.canModerate).toBe(false);
    const older = await ben.agent.get(`${path(c.id)}?page=2&limit=2`).expect(200);
    expect(older.body.data.map((m: CommunityMessage) => m.message)).toEqual(['Hello team']);
    expect(older.body.pagination.hasMore).toBe(false);
    const found = await ben.agent.get(`${path(c.id)}?search=WELCOME`).expect(200);
    expect(found.body.data.map((m: CommunityMessage) => m.message)).toEqual(['Welcome, everyone']);
    // The search runs over the whole chat on the server, and finds a message by its author too.
    const byAuthor = await ben.agent.get(`${path(c.id)}?search=${encodeURIComponent(hello.user.username.toUpperCase())}`).expect(200);
    expect(byAuthor.body.data.map((m: CommunityMessage) => m.message)).toEqual(['Hello team']);
    expect(byAuthor.body.pagination.total).toBe(1);
    const none = await ben.agent.get(`${path(c.id)}?search=${encodeURIComponent('100%_')}`).expect(200);
    expect(none.body.data).toEqual([]);
    expect((await c.organiser.agent.get(path(c.id)).expect(200)).body.canModerate).toBe(true);
    await ben.agent.get(`${path(c.id)}?limit=500`).expect(400);

    const head = await headOf();
    expect((await ana.agent.post(path(c.id)).send({ message: '   ' }).expect(400)).body.message).toBe(M.empty);
    expect((await ana.agent.post(path(c.id)).send({}).expect(400)).body.message).toBe(M.empty);
    expect((await ana.agent.post(path(c.id)).send({ message: 'a'.repeat(COMMUNITY_MESSAGE_MAX_LENGTH + 1) }).expect(400)).body.message).toBe(M.tooLong);
    expect((await ana.agent.post(path(c.id)).send({ message: 'hm', replyTo: crypto.randomUUID() }).expect(404)).body.message).toBe(M.replyMissing);
    expect(await headOf()).toBe(head);
    await ana.agent.post(path(c.id)).send({ message: 'a'.repeat(COMMUNITY_MESSAGE_MAX_LENGTH) }).expect(201);
  });

  it('stores a message once however often the same clientMessageId is posted', async () => {
    const c = await community(1);
    const [ana] = c.participants as [Person];
    const clientMessageId = crypto.randomUUID();
    const a = await ana.agent.post(path(c.id)).send({ message: 'once', clientMessageId }).expect(201);
    const b = await ana.agent.post(path(c.id)).send({ message: 'once', clientMessageId }).expect(201);
    expect(b.body.data._id).toBe(a.body.data._id);
    expect(b.body.data.clientMessageId).toBe(clientMessageId);
    expect(await messageCount(c.id)).toBe(1);
  });

  it('lets the author edit (flagged edited), refuses edits of others’ messages, and deletes by author or community admin', async () => {
    const c = await community(2);
    const [ana, ben] = c.participants as [Person, Person];
    const m = (await ana.agent.post(path(c.id)).send({ message: 'typo hree' }).expect(201)).body.data as CommunityMessage;
    const edited = await ana.agent.put(`${path(c.id)}/${m._id}`).send({ message: 'typo here' }).expect(200);
    expect(edited.body.data).toMatchObject({ _id: m._id, message: 'typo here', edited: true });
    expect((await ben.agent.get(path(c.id)).expect(200)).body.data[0]).toMatchObject({ message: 'typo here', edited: true });

    const head = await headOf();
    expect((await ben.agent.put(`${path(c.id)}/${m._id}`).send({ message: 'mine now' }).expect(403)).body.message).toBe(M.notAuthorEdit);
    expect((await c.organiser.agent.put(`${path(c.id)}/${m._id}`).send({ message: 'moderated' }).expect(403)).body.message).toBe(M.notAuthorEdit);
    expect((await ana.agent.put(`${path(c.id)}/${m._id}`).send({ message: ' ' }).expect(400)).body.message).toBe(M.empty);
    expect((await ana.agent.put(`${path(c.id)}/${crypto.randomUUID()}`).send({ message: 'x' }).expect(404)).body.message).toBe(M.messageNotFound);
    expect((await ben.agent.delete(`${path(c.id)}/${m._id}`).expect(403)).body.message).toBe(M.notAuthorDelete);
    expect(await headOf()).toBe(head);

    await ana.agent.delete(`${path(c.id)}/${m._id}`).expect(200);
    await ana.agent.delete(`${path(c.id)}/${m._id}`).expect(404);
    const other = (await ben.agent.post(path(c.id)).send({ message: 'spam' }).expect(201)).body.data as CommunityMessage;
    const deleted = await c.organiser.agent.delete(`${path(c.id)}/${other._id}`).expect(200);
    expect(deleted.body).toMatchObject({ success: true, message: M.deleted, data: { messageId: other._id } });
    expect((await ben.agent.get(path(c.id)).expect(200)).body.data).toEqual([]);
  });
});

describe('community admins and removals', () => {
  it('makes the organiser the first admin; admins add and remove admins; others may not', async () => {
    const c = await community(3);
    const [ana, ben, cy] = c.participants as [Person, Person, Person];
    const stranger = await person();
    const admins = await ana.agent.get(path(c.id, 'admins')).expect(200);
    expect(admins.body.data).toEqual([expect.objectContaining({ role: 'organiser', user: expect.objectContaining({ _id: c.organiser.userId }) })]);

    expect((await ben.agent.post(path(c.id, 'admins')).send({ userId: ben.userId }).expect(403)).body.message).toBe(M.notModerator);
    const byCy = (await cy.agent.post(path(c.id)).send({ message: 'spam' }).expect(201)).body.data as CommunityMessage;
    expect((await ana.agent.delete(`${path(c.id)}/${byCy._id}`).expect(403)).body.message).toBe(M.notAuthorDelete);
    const added = await c.organiser.agent.post(path(c.id, 'admins')).send({ userId: ana.userId }).expect(200);
    expect(added.body.data.map((a: { role: string; user: { _id: string } }) => [a.role, a.user._id])).toEqual([
      ['organiser', c.organiser.userId],
      ['admin', ana.userId],
    ]);
    expect((await c.organiser.agent.post(path(c.id, 'admins')).send({ userId: ana.userId }).expect(409)).body.message).toBe(M.alreadyAdmin);
    expect((await c.organiser.agent.post(path(c.id, 'admins')).send({ userId: stranger.userId }).expect(400)).body.message).toBe(M.adminMustBeParticipant);
    await c.organiser.agent.post(path(c.id, 'admins')).send({}).expect(400);
    // The new admin moderates at once (the service kept ana's standing from the refusal above):
    // deletes others' messages, adds another admin, and may delete the organiser's admin role? Never.
    await ana.agent.delete(`${path(c.id)}/${byCy._id}`).expect(200);
    await ana.agent.post(path(c.id, 'admins')).send({ userId: cy.userId }).expect(200);
    expect((await ana.agent.delete(path(c.id, `admins/${c.organiser.userId}`)).expect(409)).body.message).toBe(M.organiserAlwaysAdmin);
    await ana.agent.delete(path(c.id, `admins/${cy.userId}`)).expect(200);
    await ana.agent.delete(path(c.id, `admins/${cy.userId}`)).expect(404);
    expect((await ana.agent.get(path(c.id, 'participants')).expect(200)).body.data.stats).toMatchObject({ participants: 3, admins: 2, removed: 0 });
  });

  it('removes a participant: they can neither read nor post until re-added, and the panel lists them', async () => {
    const c = await community(2);
    const [ana, ben] = c.participants as [Person, Person];
    const stranger = await person();
    await ben.agent.post(path(c.id)).send({ message: 'before' }).expect(201);
    expect((await ana.agent.delete(path(c.id, `users/${ben.userId}`)).expect(403)).body.message).toBe(M.notModerator);

    const removed = await c.organiser.agent.delete(path(c.id, `users/${ben.userId}`)).expect(200);
    expect(removed.body.message).toBe(M.userRemoved);
    expect(removed.body.data.participants.map((p: { user: { _id: string } }) => p.user._id)).toEqual([ana.userId]);
    expect(removed.body.data.removed).toEqual([expect.objectContaining({ user: expect.objectContaining({ _id: ben.userId }), removedBy: c.organiser.userId })]);
    expect(removed.body.data.stats).toMatchObject({ participants: 1, removed: 1, messages: 1 });

    // Nothing else changed meanwhile: the standing the service kept from 'before' must not let this one in.
    const head = await headOf();
    expect((await ben.agent.get(path(c.id)).expect(403)).body.message).toBe(M.removed);
    expect((await ben.agent.post(path(c.id)).send({ message: 'after' }).expect(403)).body.message).toBe(M.removed);
    expect((await c.organiser.agent.delete(path(c.id, `users/${ben.userId}`)).expect(409)).body.message).toBe(M.alreadyRemoved);
    expect((await c.organiser.agent.delete(path(c.id, `users/${c.organiser.userId}`)).expect(400)).body.message).toBe(M.removeSelf);
    expect((await c.organiser.agent.delete(path(c.id, `users/${stranger.userId}`)).expect(404)).body.message).toBe(M.userNotFound);
    expect(await headOf()).toBe(head);
    // A participant sees who is active, never who was removed.
    expect((await ana.agent.get(path(c.id, 'participants')).expect(200)).body.data).toMatchObject({ removed: [], canModerate: false });

    const readded = await c.organiser.agent.post(path(c.id, `users/${ben.userId}/re-add`)).expect(200);
    expect(readded.body.data.removed).toEqual([]);
    await c.organiser.agent.post(path(c.id, `users/${ben.userId}/re-add`)).expect(409);
    await ben.agent.post(path(c.id)).send({ message: 'back' }).expect(201);
  });

  it('judges posts that arrive together each by its own author’s standing (their standings are read together)', async () => {
    const c = await community(3);
    const [ana, ben, removed] = c.participants as [Person, Person, Person];
    await c.organiser.agent.delete(path(c.id, `users/${removed.userId}`)).expect(200);
    const stranger = await person();
    const other = await community(1);
    const answers = await Promise.all([
      ana.agent.post(path(c.id)).send({ message: 'from ana' }),
      stranger.agent.post(path(c.id)).send({ message: 'from a stranger' }),
      removed.agent.post(path(c.id)).send({ message: 'from the removed' }),
      c.organiser.agent.post(path(c.id)).send({ message: 'from the organiser' }),
      ben.agent.post(path(c.username)).send({ message: 'from ben, by username' }),
      ben.agent.post(path(other.id)).send({ message: 'ben elsewhere' }),
      other.participants[0]!.agent.post(path(other.id)).send({ message: 'from the other room' }),
      ana.agent.post(path('no-such-hackathon')).send({ message: 'nowhere' }),
    ]);
    expect(answers.map((a) => [a.status, a.body.message])).toEqual([
      [201, M.posted],
      [403, M.notMember],
      [403, M.removed],
      [201, M.posted],
      [201, M.posted],
      [403, M.notMember],
      [201, M.posted],
      [404, M.notFound],
    ]);
    expect(answers[0]!.body.data).toMatchObject({ message: 'from ana', user: { _id: ana.userId } });
    expect(answers[3]!.body.data).toMatchObject({ message: 'from the organiser', user: { _id: c.organiser.userId } });
    expect(answers[4]!.body.data).toMatchObject({ message: 'from ben, by username', user: { _id: ben.userId } });
    expect(await messageCount(c.id)).toBe(3);
    expect(await messageCount(other.id)).toBe(1);
  });

  it('refuses to remove an admin before their role is taken away, and lets platform admins moderate', async () => {
    const c = await community(1);
    const [ana] = c.participants as [Person];
    await c.organiser.agent.post(path(c.id, 'admins')).send({ userId: ana.userId }).expect(200);
    const staff = await person('admin');
    expect((await staff.agent.get(path(c.id)).expect(200)).body.canModerate).toBe(true);
    expect((await staff.agent.delete(path(c.id, `users/${ana.userId}`)).expect(409)).body.message).toBe(M.removeAdminFirst);
    await staff.agent.delete(path(c.id, `admins/${ana.userId}`)).expect(200);
    await staff.agent.delete(path(c.id, `users/${ana.userId}`)).expect(200);
  });
});
