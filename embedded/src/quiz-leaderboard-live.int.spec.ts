/** Live quiz leaderboards: a submission through the command service reaches the sockets in the quiz's room. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { next, silence } from '@circuit/shared/testkit/socket-events';
import { createTestApp, type Agent, type TestApp } from './testing/test-app';
import { sessionCookieOf } from '@circuit/shared/testkit/session-cookie';

const MIN = 60_000;
const profile = { agreeToTerms: true, firstName: 'Asha', lastName: 'Rao', mobile: '9876543210', college: 'IIT', course: 'B.Tech', branch: 'Computer Science', collegeYear: '2nd Year', country: 'India', state: 'Goa' };

describe('live quiz leaderboard', () => {
  let t: TestApp;
  let base: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    base = `http://127.0.0.1:${await t.embedded.listen(0)}`;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t?.stop();
  });

  async function person(): Promise<{ agent: Agent; cookie: string }> {
    const u = t.newUser();
    const { agent } = await t.signUpVerified(u);
    const login = await agent.post('/api/auth/login').send({ identifier: u.username, password: u.password }).expect(200);
    return { agent, cookie: sessionCookieOf(login) };
  }

  it('tells the sockets watching a quiz when a submission changes its leaderboard, and nobody else', async () => {
    const [organiser, moderator, watcher, other, taker] = [await t.member(), await t.member('moderator'), await person(), await person(), await t.member()];
    const at = (m: number) => new Date(t.clock.now().getTime() + m * MIN).toISOString();
    const form = { title: 'Live', description: '<p>x</p>', timeLimit: 5, dates: { registrationStartDate: at(-5), registrationEndDate: at(60), startDate: at(-5), endDate: at(60) }, questions: [{ question: 'q', options: ['a', 'b'], correctAnswer: 0 }] };
    const quizId = (await organiser.agent.post('/api/quizzes').send(form).expect(201)).body.data._id as string;
    await moderator.agent.post(`/api/admin/quizzes/${quizId}/approve`).send({}).expect(200);

    const watching = io(base, { transports: ['websocket'], extraHeaders: { cookie: watcher.cookie }, reconnection: false, forceNew: true });
    const elsewhere = io(base, { transports: ['websocket'], extraHeaders: { cookie: other.cookie }, reconnection: false, forceNew: true });
    sockets.push(watching, elsewhere);
    await Promise.all([next(watching, 'connect'), next(elsewhere, 'connect')]);
    expect(await watching.timeout(5000).emitWithAck('join_quiz', quizId)).toEqual({ ok: true });
    expect(await watching.timeout(5000).emitWithAck('join_quiz', '00000000-0000-4000-8000-000000000000')).toEqual({ ok: false });

    await taker.agent.post(`/api/quizzes/${quizId}/register`).send(profile).expect(201);
    await taker.agent.get(`/api/quizzes/${quizId}/questions`).expect(200);
    const update = next<{ quizId: string }>(watching, 'quiz_leaderboard_updated');
    const quiet = silence(elsewhere, 'quiz_leaderboard_updated', 1000);
    await taker.agent.post(`/api/quizzes/${quizId}/submit`).send({ answers: [{ questionIndex: 0, selectedAnswer: 0 }] }).expect(200);
    expect(await update).toEqual({ quizId });
    await quiet;
    // By the time the update arrives, the leaderboard shows the submission.
    const board = (await watcher.agent.get(`/api/quizzes/${quizId}/leaderboard`).expect(200)).body.data;
    expect(board.leaderboard).toHaveLength(1);
  });
});
