import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@circuit/embedded/testing/test-app';
import { waitFor } from '@circuit/shared/testkit/wait';
import { QUIZ_CATEGORIES } from '@circuit/shared/validation/quizzes';
import type { QuizCard, QuizLeaderboard } from '@circuit/shared/api/quizzes';
import { seedQuizzes } from './seed-quizzes';

describe('demo quizzes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.stop());

  it('covers every category and time state, one running now and one finished with a full leaderboard; a second run adds nothing', async () => {
    const members = await Promise.all(Array.from({ length: 7 }, () => t.member()));
    const moderator = await t.member('moderator');
    const people = members.map((m, i) => ({ userId: m.userId, firstName: `Person${i}`, lastName: 'Demo' }));
    const ids = await seedQuizzes({ store: t.store, knex: t.knex, now: t.clock.now() }, people, moderator.userId);
    expect(ids).toHaveLength(7);
    // The seed appends to the store directly: the projection catches up in its own time (slow on a busy machine).
    const mine = await waitFor(async () => {
      const list = (await members[0]!.agent.get('/api/quizzes/my-quizzes').expect(200)).body.data as QuizCard[];
      return list.length === 7 ? list : undefined;
    }, { timeoutMs: 30_000, message: 'the seeded quizzes to be projected' });
    expect(new Set(mine.map((q) => q.category))).toEqual(new Set(QUIZ_CATEGORIES));
    expect(new Set(mine.map((q) => q.status))).toEqual(new Set(['accepted', 'pending', 'rejected']));
    const accepted = mine.filter((q) => q.status === 'accepted');
    expect(new Set(accepted.map((q) => q.phase))).toEqual(new Set(['upcoming', 'in_progress', 'completed']));
    const finished = accepted.find((q) => q.phase === 'completed')!;
    const board = await waitFor(async () => {
      const b = (await t.request().get(`/api/quizzes/${finished.id}/leaderboard`).expect(200)).body.data as QuizLeaderboard;
      return b.leaderboard.length === 6 ? b : undefined;
    }, { timeoutMs: 30_000, message: 'the finished quiz leaderboard' });
    expect(board.leaderboard[0]!.rank).toBe(1);
    expect(await seedQuizzes({ store: t.store, knex: t.knex, now: t.clock.now() }, people, moderator.userId)).toEqual([]);
  });
});
