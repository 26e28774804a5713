import { expect, it } from 'vitest';
import type { TestApp } from '@circuit/embedded/testing/test-app';
import { describeOnBothDatabases } from '@circuit/embedded/testing/both-databases';
import { createdListing } from '../listings/listing-fixtures.testkit';
import { quizAttemptStream, quizRosterStream } from '@circuit/shared/events/quizzes';

const MIN = 60_000;
const profile = { agreeToTerms: true, firstName: 'A', lastName: 'B', mobile: '9876543210', college: 'C', course: 'B.Tech', branch: 'Computer Science', collegeYear: '1st Year', country: 'India', state: 'Goa' };

/** Capacity, one start and one submission under simultaneous requests: the streams' revisions decide, never a read then a write. */
function concurrency(app: () => TestApp) {
  async function liveQuiz(maxParticipants: number) {
    const t = app();
    const [organiser, moderator] = [await t.member(), await t.member('moderator')];
    const at = (m: number) => new Date(t.clock.now().getTime() + m * MIN).toISOString();
    const form = { title: 'Rush', description: '<p>x</p>', maxParticipants, dates: { registrationStartDate: at(-5), registrationEndDate: at(60), startDate: at(-5), endDate: at(60) }, questions: [{ question: 'q', options: ['a', 'b'], correctAnswer: 0 }] };
    return (await createdListing('quizzes', form, organiser, moderator)).id;
  }

  it('20 registrations at once for 10 places: exactly 10 in, the others told it is full', async () => {
    const t = app();
    const quizId = await liveQuiz(10);
    const people = await Promise.all(Array.from({ length: 20 }, () => t.member()));
    const answers = await Promise.all(people.map((p) => p.agent.post(`/api/quizzes/${quizId}/register`).send(profile)));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(10);
    expect(new Set(answers.filter((r) => r.status !== 201).map((r) => `${r.status} ${r.body.message}`))).toEqual(new Set(['409 This quiz is full']));
    const registered = (await t.store.readStream(quizRosterStream(quizId))).filter((e) => e.type === 'QuizParticipantRegistered');
    expect(registered).toHaveLength(10);
  });

  it('the questions fetched 5 times and the quiz submitted 5 times at once: one start, one submission', async () => {
    const t = app();
    const quizId = await liveQuiz(10);
    const p = await t.member();
    await p.agent.post(`/api/quizzes/${quizId}/register`).send(profile).expect(201);
    const fetched = await Promise.all(Array.from({ length: 5 }, () => p.agent.get(`/api/quizzes/${quizId}/questions`)));
    expect(fetched.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(fetched.map((r) => r.body.data.startedAt)).size).toBe(1);
    const submits = await Promise.all(Array.from({ length: 5 }, () => p.agent.post(`/api/quizzes/${quizId}/submit`).send({ answers: [{ questionIndex: 0, selectedAnswer: 0 }] })));
    expect(submits.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const attempt = await t.store.readStream(quizAttemptStream(quizId, p.userId));
    expect(attempt.map((e) => e.type)).toEqual(['QuizAttemptStarted', 'QuizAnswerRecorded', 'QuizAttemptSubmitted']);
  });
}

describeOnBothDatabases('quiz concurrency', { schemaLabel: 'quiz_concurrency' }, concurrency);
