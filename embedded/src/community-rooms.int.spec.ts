/** Acceptance of the community rooms (issue 12): HTTP writes of the command service reach sockets of the realtime service. */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { CommunityMessages as M, type CommunityMessage } from '@circuit/shared/api/community';
import type { CommunityErrorEvent, CommunityJoinAnswer } from '@circuit/shared/realtime/community-events';
import { findCommunityAccess } from '@circuit/shared/read-models/community';
import { next, silence } from '@circuit/shared/testkit/socket-events';
import { createTestApp, GENEROUS_RATE_LIMITS, type Agent, type TestApp } from './testing/test-app';
import { appendListedHackathon } from '@circuit/command-service/hackathon-registrations/hackathon-fixtures';
import { NOT_IN_ROOM } from '@circuit/realtime-service/community-realtime';
import { sessionCookieOf } from '@circuit/shared/testkit/session-cookie';

interface Person {
  id: string;
  cookie: string;
  agent: Agent;
}

/** The hackathon community rooms with real sockets: membership on join, broadcasts, and removal. */
function suite(name: string, env: Record<string, string>) {
  describe(name, () => {
    let t: TestApp;
    let base: string;
    const sockets: Socket[] = [];

    beforeAll(async () => {
      t = await createTestApp({ env: { NODE_ENV: 'test', SEED: 'false', LOG_LEVEL: 'silent', ...env }, rateLimits: GENEROUS_RATE_LIMITS });
      base = `http://127.0.0.1:${await t.embedded.listen(0)}`;
    });
    afterAll(async () => {
      for (const s of sockets) s.close();
      await t?.stop();
    });

    async function person(): Promise<Person> {
      const u = t.newUser();
      const { agent } = await t.signUpVerified(u);
      const login = await agent.post('/api/auth/login').send({ identifier: u.username, password: u.password }).expect(200);
      const cookie = sessionCookieOf(login);
      return { id: login.body.data.id as string, cookie, agent };
    }

    async function socketOf(p: Person): Promise<Socket> {
      const s = io(base, { transports: ['websocket'], extraHeaders: { cookie: p.cookie }, reconnection: false, forceNew: true });
      sockets.push(s);
      await next(s, 'connect');
      return s;
    }

    const join = (s: Socket, hackathonId: string) => s.timeout(5000).emitWithAck('join_community', hackathonId) as Promise<CommunityJoinAnswer>;

    async function community(n: number) {
      const organiser = await person();
      const { hackathonId } = await appendListedHackathon(t.store, { now: t.clock.now(), createdBy: organiser.id });
      for (let i = 0; !(await findCommunityAccess(t.knex, hackathonId, null)); i++) {
        if (i > 400) throw new Error('the hackathon never reached the read models');
        await new Promise((r) => setTimeout(r, 25));
      }
      const participants: Person[] = [];
      for (let i = 0; i < n; i++) {
        const p = await person();
        await p.agent.post(`/api/hackathons/${hackathonId}/register`).send({}).expect(201);
        participants.push(p);
      }
      return { id: hackathonId, organiser, participants };
    }

    it('joins members only: a stranger gets community_error and hears nothing of the room', async () => {
      const c = await community(1);
      const [ana] = c.participants as [Person];
      const stranger = await person();
      const [sa, ss] = [await socketOf(ana), await socketOf(stranger)];
      expect(await join(sa, c.id)).toEqual({ ok: true, hackathonId: c.id });
      const error = next<CommunityErrorEvent>(ss, 'community_error');
      expect(await join(ss, c.id)).toEqual({ ok: false, message: M.notMember });
      expect(await error).toEqual({ hackathonId: c.id, message: M.notMember });
      const unknown = next<CommunityErrorEvent>(ss, 'community_error');
      ss.emit('join_community', 'no-such-hackathon');
      expect((await unknown).message).toBe(M.notFound);
      const notInRoom = next<CommunityErrorEvent>(ss, 'community_error');
      ss.emit('leave_community', c.id);
      expect((await notInRoom).message).toBe(NOT_IN_ROOM);

      const quiet = silence(ss, 'new_community_message', 600);
      const heard = next<CommunityMessage>(sa, 'new_community_message');
      await ana.agent.post(`/api/community/${c.id}/messages`).send({ message: 'members only' }).expect(201);
      expect((await heard).message).toBe('members only');
      await quiet;
    });

    it('broadcasts posts, edits and deletions; a removed user receives nothing after the removal and is refused on POST', async () => {
      const c = await community(3);
      const [ana, ben, cy] = c.participants as [Person, Person, Person];
      const [sa, sb, sc] = [await socketOf(ana), await socketOf(ben), await socketOf(cy)];
      for (const s of [sa, sb, sc]) expect((await join(s, c.id)).ok).toBe(true);

      const [toBen, toCy] = [next<CommunityMessage>(sb, 'new_community_message'), next<CommunityMessage>(sc, 'new_community_message')];
      const posted = (await ana.agent.post(`/api/community/${c.id}/messages`).send({ message: 'Kick-off at 10' }).expect(201)).body.data as CommunityMessage;
      expect(await toBen).toEqual(posted);
      expect(await toCy).toEqual(posted);

      const updated = next<CommunityMessage>(sb, 'community_message_updated');
      await ana.agent.put(`/api/community/${c.id}/messages/${posted._id}`).send({ message: 'Kick-off at 11' }).expect(200);
      expect(await updated).toMatchObject({ _id: posted._id, message: 'Kick-off at 11', edited: true });

      const told = next<CommunityErrorEvent>(sc, 'community_removed');
      await c.organiser.agent.delete(`/api/community/${c.id}/users/${cy.id}`).expect(200);
      expect(await told).toEqual({ hackathonId: c.id, message: M.removed });

      const cyHearsNothing = silence(sc, 'new_community_message', 800);
      const cyHearsNoDelete = silence(sc, 'community_message_deleted', 800);
      const benHears = next<CommunityMessage>(sb, 'new_community_message');
      await ana.agent.post(`/api/community/${c.id}/messages`).send({ message: 'after the removal' }).expect(201);
      expect((await benHears).message).toBe('after the removal');
      const deleted = next<string>(sb, 'community_message_deleted');
      await ana.agent.delete(`/api/community/${c.id}/messages/${posted._id}`).expect(200);
      expect(await deleted).toBe(posted._id);
      await cyHearsNothing;
      await cyHearsNoDelete;

      const refused = await cy.agent.post(`/api/community/${c.id}/messages`).send({ message: 'am I still here?' }).expect(403);
      expect(refused.body.message).toBe(M.removed);
      expect(await join(sc, c.id)).toEqual({ ok: false, message: M.removed });

      // Re-added, they may join again and hear the room.
      await c.organiser.agent.post(`/api/community/${c.id}/users/${cy.id}/re-add`).expect(200);
      expect((await join(sc, c.id)).ok).toBe(true);
      const back = next<CommunityMessage>(sc, 'new_community_message');
      await ben.agent.post(`/api/community/${c.id}/messages`).send({ message: 'welcome back' }).expect(201);
      expect((await back).message).toBe('welcome back');
    });

    it('takes a participant who unregisters out of the room', async () => {
      const c = await community(2);
      const [ana, ben] = c.participants as [Person, Person];
      const [sa, sb] = [await socketOf(ana), await socketOf(ben)];
      await join(sa, c.id);
      await join(sb, c.id);
      const told = next<CommunityErrorEvent>(sb, 'community_removed');
      await ben.agent.delete(`/api/hackathons/${c.id}/register`).expect(200);
      expect(await told).toEqual({ hackathonId: c.id, message: M.notMember });
      const quiet = silence(sb, 'new_community_message', 600);
      const heard = next<CommunityMessage>(sa, 'new_community_message');
      await ana.agent.post(`/api/community/${c.id}/messages`).send({ message: 'one fewer' }).expect(201);
      await heard;
      await quiet;
      expect((await ben.agent.post(`/api/community/${c.id}/messages`).send({ message: 'still here?' }).expect(403)).body.message).toBe(M.notMember);
    });

    it('hands a retried post (the same clientMessageId) to each socket once, and every message of a burst to every socket once', async () => {
      const c = await community(2);
      const [ana, ben] = c.participants as [Person, Person];
      const [sa, sb] = [await socketOf(ana), await socketOf(ben)];
      for (const s of [sa, sb]) expect((await join(s, c.id)).ok).toBe(true);
      const heard = new Map<Socket, string[]>([
        [sa, []],
        [sb, []],
      ]);
      for (const [s, list] of heard) s.on('new_community_message', (m: CommunityMessage) => list.push(m.message));
      const post = (body: object) => ana.agent.post(`/api/community/${c.id}/messages`).send(body).expect(201);
      // A retry announces the stored message again (in case the first announcement was lost).
      const clientMessageId = crypto.randomUUID();
      for (let i = 0; i < 3; i++) await post({ message: 'only once', clientMessageId });
      // Posted at once: several go out in one turn of the event loop, and so in one write per socket.
      const burst = Array.from({ length: 20 }, (_, i) => `burst ${i}`);
      await Promise.all(burst.map((message) => post({ message })));
      for (let i = 0; [...heard.values()].some((list) => list.length < 21) && i < 100; i++) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 500));
      for (const list of heard.values()) expect([...list].sort()).toEqual(['only once', ...burst].sort());
    });

    it('hands out an edit, a deletion or a removal after the posts announced before it, however the room is paced', async () => {
      const c = await community(2);
      const [ana, ben] = c.participants as [Person, Person];
      const [sa, sb] = [await socketOf(ana), await socketOf(ben)];
      for (const s of [sa, sb]) expect((await join(s, c.id)).ok).toBe(true);
      const seen: string[] = [];
      sb.on('new_community_message', (m: CommunityMessage) => seen.push(`posted ${m.message}`));
      sb.on('community_message_updated', (m: CommunityMessage) => seen.push(`updated ${m.message}`));
      sb.on('community_message_deleted', () => seen.push('deleted'));
      sb.on('community_removed', () => seen.push('removed'));
      const post = async (message: string) => (await ana.agent.post(`/api/community/${c.id}/messages`).send({ message }).expect(201)).body.data as CommunityMessage;
      // The first goes out at once; in a paced room the next ones wait for the pace, and each change after them must not overtake them.
      await post('first');
      const second = await post('second');
      await ana.agent.put(`/api/community/${c.id}/messages/${second._id}`).send({ message: 'second, edited' }).expect(200);
      const third = await post('third');
      await ana.agent.delete(`/api/community/${c.id}/messages/${third._id}`).expect(200);
      await post('fourth');
      await c.organiser.agent.delete(`/api/community/${c.id}/users/${ben.id}`).expect(200);
      for (let i = 0; !seen.includes('removed') && i < 100; i++) await new Promise((r) => setTimeout(r, 20));
      expect(seen).toEqual(['posted first', 'posted second', 'updated second, edited', 'posted third', 'deleted', 'posted fourth', 'removed']);
    });

    it('stops delivering to a socket that left the room', async () => {
      const c = await community(2);
      const [ana, ben] = c.participants as [Person, Person];
      const [sa, sb] = [await socketOf(ana), await socketOf(ben)];
      await join(sa, c.id);
      await join(sb, c.id);
      expect(await (sb.timeout(5000).emitWithAck('leave_community', c.id) as Promise<CommunityJoinAnswer>)).toEqual({ ok: true, hackathonId: c.id });
      const quiet = silence(sb, 'new_community_message', 600);
      const heard = next<CommunityMessage>(sa, 'new_community_message');
      await ana.agent.post(`/api/community/${c.id}/messages`).send({ message: 'anyone?' }).expect(201);
      await heard;
      await quiet;
    });
  });
}

suite('community rooms (one instance)', {});
// Paced slowly enough that every change of the order test arrives while posts wait for their hand-out.
suite('community rooms, a busy room handed out at most every 400 ms', { COMMUNITY_ROOM_PACE_MS: '400' });
if (process.env.REDIS_URL) suite('community rooms with the Redis adapter', { REDIS_URL: process.env.REDIS_URL });
