import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventForm } from '@circuit/command-service/events/event-fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';

type Member = Awaited<ReturnType<TestApp['member']>>;
type Item = { id: string; type: string; title: string; slug: string; publicPath: string; approvePath: string; rejectPath: string; preview: { facts: { label: string; value: string }[]; descriptionHtml: string } };
const MIN = 60_000;
const q = (v: unknown) => JSON.stringify(v);

function quizForm(t: TestApp, overrides: Record<string, unknown> = {}) {
  const at = (minutes: number) => new Date(t.clock.now().getTime() + minutes * MIN).toISOString();
  return {
    title: 'Capitals of the world',
    description: '<p>Five questions on <strong>capitals</strong></p>',
    category: 'general',
    timeLimit: 5,
    dates: { registrationStartDate: at(-60), registrationEndDate: at(60), startDate: at(-10), endDate: at(120) },
    questions: [0, 1, 2].map((i) => ({ question: `Question ${i + 1}?`, options: ['A', 'B', 'C', 'D'], correctAnswer: i, points: 2 })),
    ...overrides,
  };
}

/** Events and quizzes in the console's moderation queue: listed with a preview, approved and rejected through the paths the queue gives. */
describe('moderation queue: events and quizzes', () => {
  let t: TestApp;
  let organiser: Member;
  let moderator: Member;
  const ids = { event: '', rejectedEvent: '', quiz: '', rejectedQuiz: '' };
  let eventSlug = '';
  let eventBody: Record<string, unknown> = {};

  beforeAll(async () => {
    t = await createTestApp();
    [organiser, moderator] = await Promise.all([t.member(), t.member('moderator')]);
    const event = async (overrides: Record<string, unknown>) => {
      const body = eventForm(t, overrides);
      const res = await organiser.agent.post('/api/events').send(body).expect(201);
      return { id: res.body.data.id as string, slug: res.body.data.username as string, body };
    };
    const quiz = async (overrides: Record<string, unknown>) => (await organiser.agent.post('/api/quizzes').send(quizForm(t, overrides)).expect(201)).body.data._id as string;
    const first = await event({ title: 'Design Systems Meetup', pricing: { type: 'paid', amount: 499, currency: 'INR' } });
    ids.event = first.id;
    eventSlug = first.slug;
    const second = await event({ title: 'Rust Evening' });
    ids.rejectedEvent = second.id;
    eventBody = second.body;
    ids.quiz = await quiz({ title: 'World Capitals' });
    ids.rejectedQuiz = await quiz({ title: 'Rivers of Asia' });
  });
  afterAll(async () => t?.stop());

  const queue = (filter: object = {}) => moderator.agent.get('/api/admin/moderation').query({ filter: q(filter), sort: q(['submittedAt', 'ASC']), range: q([0, 24]) });
  const byId = (items: Item[]) => new Map(items.map((i) => [i.id, i]));

  it('lists pending events and quizzes with their public page, console paths and a preview', async () => {
    const items = byId((await queue().expect(200)).body);
    const event = items.get(ids.event)!;
    expect(event).toMatchObject({
      type: 'event',
      title: 'Design Systems Meetup',
      publicPath: `/events/${eventSlug}`,
      approvePath: `/api/admin/events/${ids.event}/approve`,
      rejectPath: `/api/admin/events/${ids.event}/reject`,
    });
    // Sanitised as stored: the javascript: link is gone, as on the public page.
    expect(event.preview.descriptionHtml).not.toContain('javascript:');
    expect(event.preview.facts).toContainEqual({ label: 'Where', value: 'MG Road, Bengaluru, Karnataka, India' });
    expect(event.preview.facts).toContainEqual({ label: 'Entry', value: 'INR 499' });

    const quiz = items.get(ids.quiz)!;
    expect(quiz).toMatchObject({ type: 'quiz', title: 'World Capitals', publicPath: `/quiz/${ids.quiz}`, approvePath: `/api/admin/quizzes/${ids.quiz}/approve` });
    expect(quiz.preview.descriptionHtml).toBe('<p>Five questions on <strong>capitals</strong></p>');
    expect(quiz.preview.facts).toContainEqual({ label: 'Questions', value: '3 (6 points)' });

    expect((await queue({ type: 'quiz' }).expect(200)).body.map((i: Item) => i.id).sort()).toEqual([ids.quiz, ids.rejectedQuiz].sort());
    expect((await queue({ type: ['event'] }).expect(200)).body.map((i: Item) => i.id).sort()).toEqual([ids.event, ids.rejectedEvent].sort());
  });

  it('approves an event and a quiz through the queue’s paths: they leave the queue and go public', async () => {
    const items = byId((await queue().expect(200)).body);
    await moderator.agent.post(items.get(ids.event)!.approvePath).send({}).expect(200);
    await moderator.agent.post(items.get(ids.quiz)!.approvePath).send({}).expect(200);
    const left = (await queue().expect(200)).body.map((i: Item) => i.id);
    expect(left).not.toContain(ids.event);
    expect(left).not.toContain(ids.quiz);
    expect((await t.request().get(`/api/events/${eventSlug}`)).status).toBe(200);
    expect((await t.request().get(`/api/quizzes/${ids.quiz}`)).status).toBe(200);
    expect((await t.store.readStream(`event-${ids.event}`)).at(-1)).toMatchObject({ type: 'EventApproved', data: { byUserId: moderator.userId } });
  });

  it('rejects with a reason through the queue’s paths; approving a rejected listing is 409; the organiser’s edit sends it back to the queue', async () => {
    const items = byId((await queue().expect(200)).body);
    const event = items.get(ids.rejectedEvent)!;
    const quiz = items.get(ids.rejectedQuiz)!;
    await moderator.agent.post(event.rejectPath).send({ reason: 'Add the venue' }).expect(200);
    await moderator.agent.post(quiz.rejectPath).send({ reason: 'Question 2 has two right answers' }).expect(200);
    expect((await t.store.readStream(`quiz-${ids.rejectedQuiz}`)).at(-1)).toMatchObject({ type: 'QuizRejected', data: { byUserId: moderator.userId, reason: 'Question 2 has two right answers' } });
    const left = (await queue().expect(200)).body.map((i: Item) => i.id);
    expect(left).not.toContain(ids.rejectedEvent);
    expect(left).not.toContain(ids.rejectedQuiz);

    const before = await t.store.headPosition();
    const eventAgain = await moderator.agent.post(event.approvePath).send({});
    expect(eventAgain.status).toBe(409);
    expect(eventAgain.body.message).toBe('This event was rejected; it cannot be approved');
    const quizAgain = await moderator.agent.post(quiz.approvePath).send({});
    expect(quizAgain.status).toBe(409);
    expect(quizAgain.body.message).toBe('This quiz was rejected; it cannot be approved');
    expect(await t.store.headPosition()).toEqual(before);

    await organiser.agent.put(`/api/events/${ids.rejectedEvent}`).send({ ...eventBody, shortDescription: 'Now at MG Road, hall 2' }).expect(200);
    await organiser.agent.put(`/api/quizzes/${ids.rejectedQuiz}`).send({ description: '<p>Fixed question 2</p>' }).expect(200);
    const back = (await queue().expect(200)).body.map((i: Item) => i.id);
    expect(back).toContain(ids.rejectedEvent);
    expect(back).toContain(ids.rejectedQuiz);
    // Back in review, a moderator may approve it now.
    await moderator.agent.post(event.approvePath).send({}).expect(200);
    await moderator.agent.post(quiz.approvePath).send({}).expect(200);
  });
});
