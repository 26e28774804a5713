import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@circuit/shared/events/catalogue';
import { quizAttemptStream, quizStream } from '@circuit/shared/events/quizzes';
import { QuizFormSchema } from '@circuit/shared/validation/quizzes';
import { projectionHarness } from '../runner/projection-harness.testkit';
import { migrateQuizzesReadModels } from './quizzes-migrations';
import { quizzesProjection } from './quizzes-projection';

/** Events in, rows out: participants, their answers as recorded, scores from the key in force, and the ranking a re-grade replaces. */
describe('quizzes projection', () => {
  const t = projectionHarness([migrateQuizzesReadModels], [quizzesProjection]);
  const T = '2030-03-01T10:00:00.000Z';
  const Q = 'q1';
  const content = QuizFormSchema.parse({
    title: 'Capitals',
    description: '<p>x</p>',
    dates: { registrationStartDate: T, registrationEndDate: T, startDate: T, endDate: '2030-03-02T10:00:00.000Z' },
    questions: [0, 1, 2].map((i) => ({ question: `q${i}`, options: ['a', 'b', 'c'], correctAnswer: i })),
  });
  const profile = { firstName: 'A', lastName: 'B', mobile: '9876543210', college: 'c', course: 'B.Tech', branch: 'CS', collegeYear: '1st Year', country: 'India', state: 'Goa' };

  const append = (stream: string, events: DomainEvent[]) => t.append(stream, events, T);
  const answer = (userId: string, questionIndex: number, selectedAnswer: number): DomainEvent => ({ type: 'QuizAnswerRecorded', data: { quizId: Q, userId, questionIndex, selectedAnswer, at: T } });

  it('scores submissions from the recorded answers, and a re-grade rescores everyone and keeps the old ranking', async () => {
    await append(quizStream(Q), [
      { type: 'QuizCreated', data: { quizId: Q, createdBy: 'org', content, at: T } },
      { type: 'QuizApproved', data: { quizId: Q, at: T, byUserId: 'mod' } },
      { type: 'QuizParticipantRegistered', data: { quizId: Q, userId: 'a', profile, paymentStatus: 'completed', at: T } },
      { type: 'QuizParticipantRegistered', data: { quizId: Q, userId: 'b', profile, paymentStatus: 'completed', at: T } },
    ]);
    for (const [user, picks] of [
      ['a', [0, 1, 0]],
      ['b', [0, 2, 2]],
    ] as const) {
      await append(quizAttemptStream(Q, user), [
        { type: 'QuizAttemptStarted', data: { quizId: Q, userId: user, startedAt: T, deadline: T } },
        ...picks.map((p, i) => answer(user, i, p)),
        // b changes its mind on question 2, then clears question 3.
        ...(user === 'b' ? [answer('b', 1, 1), answer('b', 2, -1)] : []),
        { type: 'QuizAttemptSubmitted', data: { quizId: Q, userId: user, via: 'submit', timeTaken: 30, at: T } },
      ]);
    }
    await t.runner.rebuild();
    const rows = async () => (await t.knex('quiz_participants').where({ quiz_id: Q }).orderBy('user_id').select('user_id', 'answers', 'calculated_marks', 'correct_answers')) as { user_id: string; answers: Record<string, number>; calculated_marks: number; correct_answers: number }[];
    expect((await rows()).map((r) => [r.user_id, r.answers, r.calculated_marks])).toEqual([
      ['a', { 0: 0, 1: 1, 2: 0 }, 4 + 4 - 2],
      ['b', { 0: 0, 1: 1 }, 8],
    ]);
    expect((await t.knex('quizzes').where({ id: Q }).first('total_participants')).total_participants).toBe(2);

    await append(quizStream(Q), [
      { type: 'QuizRegraded', data: { quizId: Q, answerKey: [0, 1, 0], marking: { correct: 4, incorrect: 0 }, previousAnswerKey: [0, 1, 2], previousMarking: { correct: 4, incorrect: -2 }, at: '2030-03-03T10:00:00.000Z', byUserId: 'org' } },
    ]);
    await t.runner.rebuild();
    expect((await rows()).map((r) => [r.user_id, r.calculated_marks, r.correct_answers])).toEqual([
      ['a', 12, 3],
      ['b', 8, 2],
    ]);
    const [grading] = (await t.knex('quiz_gradings').where({ quiz_id: Q }).select('ranking')) as { ranking: { userId: string; rank: number; calculatedMarks: number }[] }[];
    expect(grading!.ranking.map((e) => [e.userId, e.rank, e.calculatedMarks])).toEqual([
      ['b', 1, 8],
      ['a', 2, 6],
    ]);
  });
});
