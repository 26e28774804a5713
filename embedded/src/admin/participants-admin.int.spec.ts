import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendListedHackathon } from '@circuit/command-service/hackathon-registrations/hackathon-fixtures';
import { fullProfile, listedEvent } from '@circuit/command-service/events/event-fixtures';
import { findCommunityAccess } from '@circuit/shared/read-models/community';
import type { AdminParticipant, AdminParticipantListing } from '@circuit/shared/api/admin-participants';
import { createTestApp, type TestApp } from '../testing/test-app';

type Member = Awaited<ReturnType<TestApp['member']>>;
type Who = 'user' | 'organiser' | 'otherOrganiser' | 'auditor' | 'moderator' | 'admin';
const q = (v: unknown) => JSON.stringify(v);

/** The console's participants resource by role: staff see every listing, an organiser only their own. */
describe('participants in the console', () => {
  let t: TestApp;
  const who = {} as Record<Who, Member>;
  let eventId = '';
  let othersHackathonId = '';

  beforeAll(async () => {
    t = await createTestApp();
    [who.user, who.organiser, who.otherOrganiser, who.auditor, who.moderator, who.admin] = await Promise.all([
      t.member(),
      t.member(),
      t.member(),
      t.member('auditor'),
      t.member('moderator'),
      t.member('admin'),
    ]);
    ({ id: eventId } = await listedEvent(who.organiser, who.moderator, t, { title: 'Rust Night' }));
    ({ hackathonId: othersHackathonId } = await appendListedHackathon(t.store, { now: t.clock.now(), createdBy: who.otherOrganiser.userId }));
    for (let i = 0; !(await findCommunityAccess(t.knex, othersHackathonId, null)); i++) {
      if (i > 400) throw new Error('the hackathon never reached the read models');
      await new Promise((r) => setTimeout(r, 25));
    }
    const [a, b] = [await t.member(), await t.member()];
    await a.agent.post(`/api/events/${eventId}/register`).send({ ...fullProfile, firstName: 'Rao, "Ace"', lastName: '=1+1' }).expect(201);
    await b.agent.post(`/api/events/${eventId}/register`).send({ ...fullProfile, firstName: 'Mira' }).expect(201);
    await a.agent.post(`/api/hackathons/${othersHackathonId}/register`).send({}).expect(201);
  }, 120_000);
  afterAll(async () => t?.stop());

  const listings = async (m: Member) => {
    const res = await m.agent.get('/api/admin/participant-listings').query({ range: q([0, 99]) }).expect(200);
    return res.body as AdminParticipantListing[];
  };

  it('shows an organiser only their own listings, and staff every listing', async () => {
    const own = await listings(who.organiser);
    expect(own.map((l) => [l.kind, l.listingId, l.title, l.participants])).toEqual([['event', eventId, 'Rust Night', 2]]);
    for (const staff of [who.moderator, who.admin]) {
      const all = await listings(staff);
      expect(all.map((l) => l.listingId)).toEqual(expect.arrayContaining([eventId, othersHackathonId]));
    }
  });

  it('lists the participants of the organiser’s own event, with the names they registered under', async () => {
    const res = await who.organiser.agent
      .get('/api/admin/participants')
      .query({ filter: q({ kind: 'event', listingId: eventId }), sort: q(['name', 'ASC']), range: q([0, 24]) })
      .expect(200);
    expect(res.headers['content-range']).toBe('participants 0-1/2');
    const rows = res.body as AdminParticipant[];
    expect(rows.map((r) => [r.name, r.college, r.paymentStatus])).toEqual([
      ['Mira Rao', 'RV College', 'completed'],
      ['Rao, "Ace" =1+1', 'RV College', 'completed'],
    ]);
  });

  it('refuses an organiser another organiser’s listing, and lets a moderator see it', async () => {
    const filter = q({ kind: 'hackathon', listingId: othersHackathonId });
    const refused = await who.organiser.agent.get('/api/admin/participants').query({ filter });
    expect([refused.status, refused.body.message]).toEqual([403, 'You can only see the participants of your own listings']);
    const seen = await who.moderator.agent.get('/api/admin/participants').query({ filter }).expect(200);
    expect((seen.body as AdminParticipant[]).length).toBe(1);
  });

  it('refuses plain users and auditors both routes', async () => {
    for (const m of [who.user, who.auditor]) {
      for (const path of ['/api/admin/participant-listings', `/api/admin/participants?filter=${encodeURIComponent(q({ kind: 'event', listingId: eventId }))}`]) {
        const res = await m.agent.get(path);
        expect([res.status, res.body.message]).toEqual([403, 'You do not have access to the admin console']);
      }
    }
  });

  it('asks for a listing, and answers 404 for one that does not exist', async () => {
    const none = await who.moderator.agent.get('/api/admin/participants');
    expect(none.status).toBe(400);
    expect(none.body.message).toMatch(/kind|listingId/);
    const missing = await who.moderator.agent.get('/api/admin/participants').query({ filter: q({ kind: 'quiz', listingId: 'nope' }) });
    expect(missing.status).toBe(404);
  });

  it('adds a quiz’s results to its rows, null until submitted, sortable by score; other kinds refuse that sort', async () => {
    const at = (minutes: number) => new Date(t.clock.now().getTime() + minutes * 60_000).toISOString();
    const created = await who.organiser.agent
      .post('/api/quizzes')
      .send({
        title: 'Capitals',
        description: '<p>Two questions</p>',
        category: 'general',
        timeLimit: 5,
        dates: { registrationStartDate: at(-60), registrationEndDate: at(60), startDate: at(-10), endDate: at(120) },
        questions: [0, 1].map((i) => ({ question: `Question ${i + 1}?`, options: ['A', 'B'], correctAnswer: 0, points: 1 })),
      })
      .expect(201);
    const quizId = created.body.data._id as string;
    await who.moderator.agent.post(`/api/admin/quizzes/${quizId}/approve`).send({}).expect(200);
    const profile = { agreeToTerms: true, firstName: 'Asha', lastName: 'Rao', mobile: '9876543210', college: 'IIT Madras', course: 'B.Tech', branch: 'CSE', collegeYear: '2nd Year', country: 'India', state: 'Tamil Nadu' };
    const [done, waiting] = [await t.member(), await t.member()];
    for (const m of [waiting, done]) await m.agent.post(`/api/quizzes/${quizId}/register`).send(profile).expect(201);
    await done.agent.get(`/api/quizzes/${quizId}/questions`).expect(200);
    await done.agent.post(`/api/quizzes/${quizId}/submit`).send({ answers: [{ questionIndex: 0, selectedAnswer: 0 }, { questionIndex: 1, selectedAnswer: 1 }] }).expect(200);

    for (const order of ['DESC', 'ASC']) {
      const res = await who.organiser.agent.get('/api/admin/participants').query({ filter: q({ kind: 'quiz', listingId: quizId }), sort: q(['score', order]) }).expect(200);
      const rows = res.body as AdminParticipant[];
      // +4 for the right answer, -2 for the wrong one; the one who has not submitted is last either way.
      expect(rows.map((r) => [r.userId, r.score, r.timeTaken])).toEqual([
        [done.userId, 2, 0],
        [waiting.userId, null, null],
      ]);
      expect(Date.parse(rows[0]!.completedAt!)).toBeGreaterThan(0);
      expect(rows[1]!.completedAt).toBeNull();
    }
    const event = await who.organiser.agent.get('/api/admin/participants').query({ filter: q({ kind: 'event', listingId: eventId }) }).expect(200);
    expect((event.body as AdminParticipant[]).every((r) => r.score === null && r.timeTaken === null && r.completedAt === null)).toBe(true);
    const refused = await who.organiser.agent.get('/api/admin/participants').query({ filter: q({ kind: 'event', listingId: eventId }), sort: q(['score', 'DESC']) });
    expect([refused.status, refused.body.message]).toEqual([400, 'Only quiz participants can be sorted by score']);
  });
});
