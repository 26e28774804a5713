import { describe, expect, it } from 'vitest';
import { createLogger } from '@circuit/shared/logger';
import { commandSideDatabase } from '../process-managers/command-side.testkit';
import { closeOverdueAttempts } from './quiz-close-manager';
import { migrateOpenQuizAttempts, OpenQuizAttempts } from './open-attempts';

/** The close manager's work list: attempts started and not submitted, from the feed, on a table of the command side. */
describe('open quiz attempts', () => {
  const db = commandSideDatabase([migrateOpenQuizAttempts]);
  const at = '2026-11-28T10:00:00.000Z';
  const deadline = '2026-11-28T10:10:00.000Z';

  it('hands the close manager the attempts past their deadline and grace, until submitted or their quiz is deleted', async () => {
    const started = (quizId: string, userId: string) => ({ type: 'QuizAttemptStarted', data: { quizId, userId, startedAt: at, deadline } });
    await db.append('quiz-attempt-q1-a', [started('q1', 'a')]);
    await db.append('quiz-attempt-q1-b', [started('q1', 'b')]);
    await db.append('quiz-attempt-q2-a', [started('q2', 'a')]);
    await db.append('quiz-attempt-q1-b', [{ type: 'QuizAttemptSubmitted', data: { quizId: 'q1', userId: 'b', via: 'submit', timeTaken: 30, at } }]);
    await db.append('quiz-q2', [{ type: 'QuizDeleted', data: { quizId: 'q2', at, byUserId: 'x' } }]);
    const index = new OpenQuizAttempts({ knex: db.knex, store: db.store, log: createLogger('test', 'silent') });
    await index.handleBatch(await db.store.readAll(0n, 100));

    const asked: string[] = [];
    const quizzes = { close: async (quizId: string, userId: string) => (asked.push(`${quizId}/${userId}`), true) };
    // Within the grace nothing is asked for; after it, the one attempt still open.
    expect(await closeOverdueAttempts({ knex: db.knex, quizzes, now: new Date('2026-11-28T10:10:05.000Z') })).toBe(0);
    expect(await closeOverdueAttempts({ knex: db.knex, quizzes, now: new Date('2026-11-28T11:00:00.000Z') })).toBe(1);
    expect(asked).toEqual(['q1/a']);
  });
});
