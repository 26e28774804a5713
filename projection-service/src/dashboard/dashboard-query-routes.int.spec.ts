import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@circuit/embedded/testing/test-app';
import { waitFor } from '@circuit/shared/testkit/wait';
import { appendListedHackathon } from '../../../command-service/src/hackathon-registrations/hackathon-fixtures';
import { eventForm } from '../../../command-service/src/events/event-fixtures';

type Member = Awaited<ReturnType<TestApp['member']>>;
const MIN = 60_000;

function quizForm(t: TestApp) {
  const at = (minutes: number) => new Date(t.clock.now().getTime() + minutes * MIN).toISOString();
  return {
    title: 'Capitals of the world',
    description: '<p>Five questions</p>',
    category: 'general',
    timeLimit: 5,
    dates: { registrationStartDate: at(-60), registrationEndDate: at(60), startDate: at(-10), endDate: at(120) },
    questions: [{ question: 'Capital of India?', options: ['Delhi', 'Mumbai'], correctAnswer: 0, points: 1 }],
  };
}

/** The organiser dashboard's tab counts: the user's own listings in every status, the same numbers as the lists. */
describe('GET /api/dashboard/counts', () => {
  let t: TestApp;
  let organiser: Member;
  let other: Member;
  beforeAll(async () => {
    t = await createTestApp();
    [organiser, other] = await Promise.all([t.member(), t.member()]);
  });
  afterAll(async () => t?.stop());

  it('needs a session', async () => {
    expect((await t.request().get('/api/dashboard/counts')).status).toBe(401);
  });

  it('counts what the organiser created, pending or accepted, and follows deletes; nobody else’s', async () => {
    expect((await organiser.agent.get('/api/dashboard/counts').expect(200)).body.data).toEqual({ hackathons: 0, events: 0, quizzes: 0 });

    await appendListedHackathon(t.store, { createdBy: organiser.userId, now: t.clock.now() });
    const first = (await organiser.agent.post('/api/events').send(eventForm(t)).expect(201)).body.data.id as string;
    await organiser.agent.post('/api/events').send(eventForm(t)).expect(201);
    await organiser.agent.post('/api/quizzes').send(quizForm(t)).expect(201);

    const counts = await waitFor(async () => {
      const data = (await organiser.agent.get('/api/dashboard/counts').expect(200)).body.data;
      return data.hackathons === 1 ? data : undefined;
    });
    expect(counts).toEqual({ hackathons: 1, events: 2, quizzes: 1 });
    const lists = await Promise.all(['/api/hackathons/my-hackathons', '/api/events/my-events', '/api/quizzes/my-quizzes'].map(async (path) => (await organiser.agent.get(path).expect(200)).body.data.length));
    expect(lists).toEqual([counts.hackathons, counts.events, counts.quizzes]);

    await organiser.agent.delete(`/api/events/${first}`).expect(200);
    expect((await organiser.agent.get('/api/dashboard/counts').expect(200)).body.data).toEqual({ hackathons: 1, events: 1, quizzes: 1 });
    expect((await other.agent.get('/api/dashboard/counts').expect(200)).body.data).toEqual({ hackathons: 0, events: 0, quizzes: 0 });
  });
});
