import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendListedHackathon } from '@circuit/command-service/hackathon-registrations/hackathon-fixtures';
import { findCommunityAccess } from '@circuit/shared/read-models/community';
import type { AdminCommunity, AdminCommunityDetail } from '@circuit/shared/api/admin-communities';
import { createTestApp, type TestApp } from '../testing/test-app';

type Member = Awaited<ReturnType<TestApp['member']>>;
type Who = 'user' | 'organiser' | 'auditor' | 'moderator' | 'admin';
const q = (v: unknown) => JSON.stringify(v);

/** The console's communities resource: a hackathon's messages with delete, removed users with re-add, community admins; by role. */
describe('communities in the console', () => {
  let t: TestApp;
  const who = {} as Record<Who, Member>;
  let participants: Member[] = [];
  let hackathonId = '';
  let messageId = '';

  beforeAll(async () => {
    t = await createTestApp();
    [who.user, who.organiser, who.auditor, who.moderator, who.admin] = await Promise.all([t.member(), t.member(), t.member('auditor'), t.member('moderator'), t.member('admin')]);
    ({ hackathonId } = await appendListedHackathon(t.store, { now: t.clock.now(), createdBy: who.organiser.userId, username: `monsoon-${Date.now().toString(36)}` }));
    for (let i = 0; !(await findCommunityAccess(t.knex, hackathonId, null)); i++) {
      if (i > 400) throw new Error('the hackathon never reached the read models');
      await new Promise((r) => setTimeout(r, 25));
    }
    participants = [await t.member(), await t.member()];
    for (const p of participants) await p.agent.post(`/api/hackathons/${hackathonId}/register`).send({}).expect(201);
    messageId = (await participants[0]!.agent.post(`/api/community/${hackathonId}/messages`).send({ message: 'Buy cheap followers here' }).expect(201)).body.data._id;
    await participants[1]!.agent.post(`/api/community/${hackathonId}/messages`).send({ message: 'Who is in for a team?' }).expect(201);
    // The organiser removed the spammer from the chat.
    await who.organiser.agent.delete(`/api/community/${hackathonId}/users/${participants[0]!.userId}`).expect(200);
  }, 120_000);
  afterAll(async () => t?.stop());

  const detail = async (m: Member = who.moderator) => (await m.agent.get(`/api/admin/communities/${hackathonId}`).expect(200)).body as AdminCommunityDetail;

  it('lists communities with their counts and shows one with its messages, admins and removed users', async () => {
    const list = await who.moderator.agent.get('/api/admin/communities').query({ filter: q({ q: 'monsoon' }), range: q([0, 9]) }).expect(200);
    expect(list.headers['content-range']).toBe('communities 0-0/1');
    expect(list.body[0] as AdminCommunity).toMatchObject({ id: hackathonId, organiserId: who.organiser.userId, messages: 2, admins: 1, removed: 1, participants: 2 });
    const one = await detail();
    expect(one.recentMessages.map((m) => m.message)).toEqual(['Buy cheap followers here', 'Who is in for a team?']);
    expect(one.members.admins).toEqual([expect.objectContaining({ role: 'organiser', user: expect.objectContaining({ _id: who.organiser.userId }) })]);
    expect(one.members.removed.map((r) => r.user._id)).toEqual([participants[0]!.userId]);
  });

  it('refuses a plain user, an organiser and an auditor on every communities route, changing nothing', async () => {
    const head = await t.store.headPosition();
    for (const role of ['user', 'organiser', 'auditor'] as const) {
      const agent = who[role].agent;
      const answers = [
        await agent.get('/api/admin/communities'),
        await agent.get(`/api/admin/communities/${hackathonId}`),
        await agent.delete(`/api/admin/communities/${hackathonId}/messages/${messageId}`),
        await agent.post(`/api/admin/communities/${hackathonId}/removed/${participants[0]!.userId}/re-add`).send({}),
        await agent.post(`/api/admin/communities/${hackathonId}/admins`).send({ username: participants[1]!.username }),
        await agent.delete(`/api/admin/communities/${hackathonId}/admins/${participants[1]!.userId}`),
      ];
      expect(answers.map((a) => [role, a.status])).toEqual(answers.map(() => [role, 403]));
    }
    expect(await t.store.headPosition()).toEqual(head);
  });

  it('a moderator deletes a message; the event names the moderator and the chat no longer shows it', async () => {
    const res = await who.moderator.agent.delete(`/api/admin/communities/${hackathonId}/messages/${messageId}`).expect(200);
    expect(res.body.data).toEqual({ messageId });
    expect((await detail()).recentMessages.map((m) => m.message)).toEqual(['Who is in for a team?']);
    const events = await t.store.readStream(`community-message-${messageId}`);
    expect(events.at(-1)).toMatchObject({ type: 'CommunityMessageDeleted', data: { byUserId: who.moderator.userId } });
  });

  it('an admin re-adds the removed user; re-adding again is refused', async () => {
    await who.admin.agent.post(`/api/admin/communities/${hackathonId}/removed/${participants[0]!.userId}/re-add`).send({}).expect(200);
    expect((await detail(who.admin)).members.removed).toEqual([]);
    expect((await who.admin.agent.post(`/api/admin/communities/${hackathonId}/removed/${participants[0]!.userId}/re-add`).send({})).status).toBe(409);
  });

  it('a moderator makes a participant a community admin by username and removes them; the organiser cannot be removed; an unknown username is 404', async () => {
    const target = participants[1]!;
    const added = await who.moderator.agent.post(`/api/admin/communities/${hackathonId}/admins`).send({ username: target.username }).expect(200);
    expect(added.body.data).toEqual({ hackathonId, userId: target.userId });
    expect((await detail()).members.admins.map((a) => [a.role, a.user._id])).toEqual([
      ['organiser', who.organiser.userId],
      ['admin', target.userId],
    ]);
    expect((await who.moderator.agent.post(`/api/admin/communities/${hackathonId}/admins`).send({ username: target.username })).status).toBe(409);
    const blank = await who.moderator.agent.post(`/api/admin/communities/${hackathonId}/admins`).send({ username: ' ' });
    expect([blank.status, blank.body.message]).toEqual([400, 'A username is required']);
    expect((await who.moderator.agent.post(`/api/admin/communities/${hackathonId}/admins`).send({ username: 'nobody-by-this-name' })).status).toBe(404);

    await who.moderator.agent.delete(`/api/admin/communities/${hackathonId}/admins/${target.userId}`).expect(200);
    expect((await detail()).members.admins).toHaveLength(1);
    expect((await who.moderator.agent.delete(`/api/admin/communities/${hackathonId}/admins/${who.organiser.userId}`)).status).toBe(409);
  });
});
