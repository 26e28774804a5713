import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithMembers, type Member, type TestApp } from '@circuit/embedded/testing/test-app';
import { waitFor } from '@circuit/shared/testkit/wait';
import { queriesDuring } from '@circuit/shared/testkit/queries';
import { scoreAttempt, rankAttempts } from '@circuit/shared/quizzes/scoring';
import type { QuizLeaderboard } from '@circuit/shared/api/quizzes';
import { createdListing, expectFormsRefused } from '../listings/listing-fixtures.testkit';

/** The quiz calls of spec 3 section 7 through the embedded app: writes, moderation, registration, payment, taking, leaderboard, re-grade. */

const MIN = 60_000;
const profile = { agreeToTerms: true, firstName: 'Asha', lastName: 'Rao', mobile: '9876543210', college: 'IIT Madras', course: 'B.Tech', branch: 'Computer Science', collegeYear: '2nd Year', country: 'India', state: 'Tamil Nadu' };

function form(t: TestApp, overrides: Record<string, unknown> = {}) {
  const at = (minutes: number) => new Date(t.clock.now().getTime() + minutes * MIN).toISOString();
  return {
    title: 'Capitals of the world',
    description: '<p>Five <script>alert(1)</script>questions</p>',
    instructions: '<p>One attempt.</p>',
    category: 'general',
    timeLimit: 5,
    dates: { registrationStartDate: at(-60), registrationEndDate: at(60), startDate: at(-10), endDate: at(120) },
    questions: [0, 1, 2, 3, 4].map((i) => ({ question: `Question ${i + 1}?`, options: ['A', 'B', 'C', 'D'], correctAnswer: i % 4, points: 1 })),
    ...overrides,
  };
}

describe('quiz routes', () => {
  let t: TestApp;
  let organiser: Member, moderator: Member, stranger: Member;
  beforeAll(async () => ({ t, members: [organiser, moderator, stranger] } = await appWithMembers(['user', 'moderator', 'user'])));
  afterAll(async () => t?.stop());

  const liveQuiz = async (overrides: Record<string, unknown> = {}): Promise<string> => (await createdListing('quizzes', form(t, overrides), organiser, moderator)).id;

  async function registered(quizId: string): Promise<Member> {
    const m = await t.member();
    await m.agent.post(`/api/quizzes/${quizId}/register`).send(profile).expect(201);
    return m;
  }

  it('answers the first broken rule of section 5 in order, and stores nothing', async () => {
    const head = await t.store.headPosition();
    const q = (o: Record<string, unknown>) => ({ question: 'Q?', options: ['a', 'b'], correctAnswer: 0, points: 1, ...o });
    await expectFormsRefused((overrides) => organiser.agent.post('/api/quizzes').send(form(t, overrides)), [
      [{ title: ' ', description: '' }, 'Title is required'],
      [{ description: '<p> </p>' }, 'Description is required'],
      [{ questions: [] }, 'At least one question is required'],
      [{ questions: [q({}), q({ question: '' })] }, 'Question 2: Question text is required'],
      [{ questions: [q({ options: ['only'] })] }, 'Question 1: At least 2 options are required'],
      [{ questions: [q({ options: ['a', 'b', ' '] })] }, 'Question 1: Option 3 cannot be empty'],
      [{ questions: [q({ correctAnswer: 2 })] }, 'Question 1: Correct answer is out of range'],
    ]);
    expect((await organiser.agent.post('/api/quizzes').send(form(t, { timeLimit: 181 }))).body.message).toBe('Time limit must be between 1 and 180 minutes');
    expect((await organiser.agent.post('/api/quizzes').send(form(t, { questions: [q({ points: 11 })] }))).status).toBe(400);
    expect(await t.store.headPosition()).toBe(head);
  });

  it('keeps a quiz pending until approved, locks title and category on edit, and lets only the organiser or an admin edit', async () => {
    const res = await organiser.agent.post('/api/quizzes').send(form(t)).expect(201);
    const id = res.body.data._id as string;
    await stranger.agent.get(`/api/quizzes/${id}`).expect(403);
    const mine = (await organiser.agent.get(`/api/quizzes/${id}`).expect(200)).body.data;
    expect(mine.status).toBe('pending');
    expect(mine.description).not.toContain('script');
    expect(mine.questions[1].correctAnswer).toBe(1);
    expect((await stranger.agent.post(`/api/admin/quizzes/${id}/approve`).send({})).status).toBe(403);
    expect((await stranger.agent.put(`/api/quizzes/${id}`).send({ timeLimit: 9 })).body.message).toBe('You are not authorized to edit this quiz');
    const edit = await organiser.agent.put(`/api/quizzes/${id}`).send({ title: 'Renamed', category: 'arts', timeLimit: 9 });
    expect([edit.status, edit.body.message]).toEqual([200, 'Quiz updated successfully']);
    await moderator.agent.post(`/api/admin/quizzes/${id}/reject`).send({ reason: 'Needs sources' }).expect(200);
    const after = (await organiser.agent.get(`/api/quizzes/${id}`).expect(200)).body.data;
    expect([after.title, after.category, after.timeLimit, after.status, after.rejectionReason]).toEqual(['Capitals of the world', 'general', 9, 'rejected', 'Needs sources']);
    // A rejection stands until the organiser changes the quiz, which sends it back for review.
    expect((await moderator.agent.post(`/api/admin/quizzes/${id}/approve`).send({})).status).toBe(409);
    await organiser.agent.put(`/api/quizzes/${id}`).send({ timeLimit: 10 }).expect(200);
    expect((await organiser.agent.get(`/api/quizzes/${id}`).expect(200)).body.data.status).toBe('pending');
    // Public viewers never get the questions of a quiz (its answer key).
    await moderator.agent.post(`/api/admin/quizzes/${id}/approve`).send({}).expect(200);
    const pub = (await t.request().get(`/api/quizzes/${id}`).expect(200)).body.data;
    expect(pub.questions).toEqual([]);
    expect(pub.questionsCount).toBe(5);
    const mail = await t.latestMail(organiser.email, { subject: /needs changes/ });
    expect(mail.text).toContain('Needs sources');
    // The image comes after creation, from its organiser only.
    const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    await stranger.agent.post(`/api/quizzes/${id}/upload-image`).attach('image', PNG, 'quiz.png').expect(403);
    const uploaded = (await organiser.agent.post(`/api/quizzes/${id}/upload-image`).attach('image', PNG, 'quiz.png').expect(200)).body.data.image as string;
    expect((await t.request().get(`/api/quizzes/${id}`).expect(200)).body.data.image).toBe(uploaded);
    await organiser.agent.post(`/api/quizzes/${id}/upload-image`).attach('image', Buffer.from('hello'), 'quiz.png').expect(400);
    await organiser.agent.delete(`/api/quizzes/${id}`).expect(200);
    await t.request().get(`/api/quizzes/${id}`).expect(404);
  });

  it('lists open registrations by default, ended ones with showExpired, 12 a page with real pages', async () => {
    const category = 'sports';
    const ids: string[] = [];
    for (let i = 0; i < 13; i++) ids.push(await liveQuiz({ category, title: `Sport ${i}` }));
    const ended = await liveQuiz({ category, title: 'Ended sport', dates: { registrationStartDate: new Date(t.clock.now().getTime() - 120 * MIN).toISOString(), registrationEndDate: new Date(t.clock.now().getTime() - 60 * MIN).toISOString(), startDate: new Date(t.clock.now().getTime() - 50 * MIN).toISOString(), endDate: new Date(t.clock.now().getTime() - 40 * MIN).toISOString() } });
    const page1 = (await t.request().get('/api/quizzes').query({ category }).expect(200)).body;
    const page2 = (await t.request().get('/api/quizzes').query({ category, page: 2 }).expect(200)).body;
    expect(page1.data).toHaveLength(12);
    expect(page2.data).toHaveLength(1);
    expect(page1.pagination).toMatchObject({ page: 1, totalPages: 2, total: 13 });
    expect(new Set([...page1.data, ...page2.data].map((q: { _id: string }) => q._id))).toEqual(new Set(ids));
    const all = (await t.request().get('/api/quizzes').query({ category, showExpired: 'true', limit: 48 }).expect(200)).body;
    expect(all.data.map((q: { _id: string }) => q._id)).toContain(ended);
    const found = (await t.request().get('/api/quizzes').query({ search: 'ended spo', showExpired: 'true' }).expect(200)).body.data;
    expect(found.map((q: { _id: string }) => q._id)).toEqual([ended]);
  });

  it('changes the price of a paid quiz on edit only when it is raised, and keeps fields the edit leaves out', async () => {
    const id = await liveQuiz({ pricing: { type: 'paid', amount: 49, currency: 'INR' }, timeLimit: 7 });
    const priceOf = async () => (await organiser.agent.get(`/api/quizzes/${id}`).expect(200)).body.data.pricing as { type: string; amount: number };
    await organiser.agent.put(`/api/quizzes/${id}`).send({ pricing: { type: 'paid', amount: 10, currency: 'INR' } }).expect(200);
    expect(await priceOf()).toMatchObject({ type: 'paid', amount: 49 });
    await organiser.agent.put(`/api/quizzes/${id}`).send({ pricing: { type: 'free', amount: 0, currency: 'INR' } }).expect(200);
    expect(await priceOf()).toMatchObject({ type: 'paid', amount: 49 });
    await organiser.agent.put(`/api/quizzes/${id}`).send({ pricing: { type: 'paid', amount: 99, currency: 'INR' } }).expect(200);
    expect(await priceOf()).toMatchObject({ type: 'paid', amount: 99 });
    expect((await organiser.agent.get(`/api/quizzes/${id}`).expect(200)).body.data.timeLimit).toBe(7);
  });

  it("answers a signed-out visitor's list, featured row and quiz from the cache until a registration or the organiser's name changes them; a signed-in reader gets their own", async () => {
    const id = await liveQuiz({ title: 'Cached capitals', category: 'science' });
    const paths = ['/api/quizzes?category=science&limit=48', '/api/quizzes/featured?limit=24', `/api/quizzes/${id}`];
    const anonymous = async () => Promise.all(paths.map(async (path) => (await t.request().get(path).expect(200)).body as { data: unknown }));
    const ofQuiz = (answers: { data: unknown }[]) =>
      answers.map(({ data }) => (Array.isArray(data) ? data : [data]).find((q: { _id: string }) => q._id === id) as { totalParticipants: number; organizer: { firstName: string } });
    expect(ofQuiz(await anonymous()).map((q) => q.totalParticipants)).toEqual([0, 0, 0]);
    expect(await queriesDuring(t.knex, anonymous)).toBe(0);

    await registered(id);
    expect(ofQuiz(await anonymous()).map((q) => q.totalParticipants)).toEqual([1, 1, 1]);
    await organiser.agent.put('/api/users/profile').send({ firstName: 'Renamed', lastName: 'Organiser', country: 'Other', address: '1 Main Road' }).expect(200);
    expect(ofQuiz(await anonymous()).map((q) => q.organizer.firstName)).toEqual(['Renamed', 'Renamed', 'Renamed']);

    // The organiser's own read is theirs: it carries the answer key the cached one leaves out.
    expect((await organiser.agent.get(`/api/quizzes/${id}`).expect(200)).body.data.questions).toHaveLength(5);
    expect((await t.request().get(`/api/quizzes/${id}`).expect(200)).body.data.questions).toEqual([]);
  });

  it('features at most 8 accepted quizzes; lists the ones a user registered for and saved; saving twice or a pending quiz changes nothing', async () => {
    for (let i = 0; i < 9; i++) await liveQuiz({ title: `Featured ${i}` });
    const pending = (await organiser.agent.post('/api/quizzes').send(form(t, { title: 'Not yet reviewed' })).expect(201)).body.data._id as string;
    const featured = (await t.request().get('/api/quizzes/featured').expect(200)).body.data as { id: string; status: string }[];
    expect(featured).toHaveLength(8);
    expect(featured.every((q) => q.status === 'accepted')).toBe(true);
    expect(featured.map((q) => q.id)).not.toContain(pending);

    const [registeredFor, savedOne] = [await liveQuiz({ title: 'Registered one' }), await liveQuiz({ title: 'Saved one' })];
    const p = await registered(registeredFor);
    const ids = async (path: string) => ((await p.agent.get(path).expect(200)).body.data as { id: string }[]).map((q) => q.id);
    expect(await ids('/api/quizzes/user/registered')).toEqual([registeredFor]);
    await t.request().get('/api/quizzes/user/registered').expect(401);

    const save = await p.agent.post(`/api/users/save-quiz/${savedOne}`).expect(200);
    expect(save.body.message).toBe('Saved quiz!');
    const head = await t.store.headPosition();
    await p.agent.post(`/api/users/save-quiz/${savedOne}`).expect(200);
    expect(await t.store.headPosition()).toBe(head);
    expect(await ids('/api/users/saved-quizzes')).toEqual([savedOne]);
    expect((await p.agent.get(`/api/quizzes/${savedOne}`).expect(200)).body.data.isSaved).toBe(true);
    await p.agent.post(`/api/users/save-quiz/${pending}`).expect(404);
    expect(await t.store.headPosition()).toBe(head);
    expect((await p.agent.delete(`/api/users/save-quiz/${savedOne}`).expect(200)).body.message).toBe('Removed from saved quizzes');
    expect(await ids('/api/users/saved-quizzes')).toEqual([]);
  });

  it('never sends the answers with the questions; records answers as given; refuses bad answers changing nothing', async () => {
    const id = await liveQuiz();
    await stranger.agent.get(`/api/quizzes/${id}/questions`).expect(403);
    const p = await registered(id);
    expect((await p.agent.post(`/api/quizzes/${id}/register`).send(profile)).status).toBe(409);
    await p.agent.post(`/api/quizzes/${id}/submit`).send({ answers: [] }).expect(409);
    const q = await p.agent.get(`/api/quizzes/${id}/questions`).expect(200);
    expect(JSON.stringify(q.body)).not.toMatch(/correct/i);
    expect(q.body.data.timeLeft).toBe(300);
    await p.agent.post(`/api/quizzes/${id}/answers`).send({ answers: [{ questionIndex: 0, selectedAnswer: 0 }] }).expect(200);
    const head = await t.store.headPosition();
    for (const answers of [
      [{ questionIndex: 5, selectedAnswer: 0 }],
      [{ questionIndex: 1, selectedAnswer: 4 }],
      [{ questionIndex: 1, selectedAnswer: 1 }, { questionIndex: 1, selectedAnswer: 2 }],
    ]) {
      await p.agent.post(`/api/quizzes/${id}/answers`).send({ answers }).expect(400);
      await p.agent.post(`/api/quizzes/${id}/submit`).send({ answers }).expect(400);
    }
    expect(await t.store.headPosition()).toBe(head);
    // A closed tab: reopening resumes with what was answered and the time that is left.
    t.clock.advance(MIN);
    const again = (await p.agent.get(`/api/quizzes/${id}/questions`).expect(200)).body.data;
    expect(again.answers).toEqual([{ questionIndex: 0, selectedAnswer: 0 }]);
    // A minute of the clock has passed, plus however long the requests above took on a busy machine.
    expect(again.timeLeft).toBeGreaterThanOrEqual(225);
    expect(again.timeLeft).toBeLessThanOrEqual(240);
    const result = (await p.agent.post(`/api/quizzes/${id}/submit`).send({ answers: [{ questionIndex: 1, selectedAnswer: 1 }, { questionIndex: 2, selectedAnswer: 0 }], timeTaken: 1 }).expect(200)).body.data;
    expect(result).toMatchObject({ calculatedMarks: 4 + 4 - 2, correctAnswers: 2 });
    // The server measures it: the minute the clock was moved, plus the real seconds the requests took.
    expect(result.timeTaken).toBeGreaterThanOrEqual(60);
    expect(result.timeTaken).toBeLessThanOrEqual(75);
    expect((await p.agent.post(`/api/quizzes/${id}/submit`).send({ answers: [] })).body.message).toBe('You have already attempted this quiz');
    expect((await p.agent.get(`/api/quizzes/${id}/questions`)).status).toBe(409);
  });

  it('refuses a late submit and closes the open attempt itself, scoring what was answered', async () => {
    const id = await liveQuiz({ timeLimit: 1 });
    const p = await registered(id);
    await p.agent.get(`/api/quizzes/${id}/questions`).expect(200);
    await p.agent.post(`/api/quizzes/${id}/answers`).send({ answers: [{ questionIndex: 0, selectedAnswer: 0 }, { questionIndex: 1, selectedAnswer: 0 }] }).expect(200);
    t.clock.advance(MIN + 16_000);
    const late = await p.agent.post(`/api/quizzes/${id}/submit`).send({ answers: [{ questionIndex: 2, selectedAnswer: 2 }] });
    expect([late.status, late.body.message]).toEqual([409, 'The time for this quiz is over']);
    const board = await waitFor(
      async () => {
        const b = (await p.agent.get(`/api/quizzes/${id}/leaderboard`).expect(200)).body.data as QuizLeaderboard;
        return b.userResult ?? undefined;
      },
      { timeoutMs: 8_000, intervalMs: 200, message: 'the server to close the attempt' },
    );
    expect(board).toMatchObject({ rank: 1, calculatedMarks: 4 - 2, timeTaken: 60, correctAnswers: 1 });
    expect(board.answers[2]).toMatchObject({ userAnswer: -1, isCorrect: false, correctAnswer: 2 });
  });

  it('answers 402 to an unpaid participant and lets them in once the sandbox payment is verified', async () => {
    const id = await liveQuiz({ pricing: { type: 'paid', amount: 49, currency: 'INR' } });
    const p = await t.member();
    const reg = (await p.agent.post(`/api/quizzes/${id}/register`).send(profile).expect(201)).body.data;
    expect(reg.requiresPayment).toBe(true);
    const denied = await p.agent.get(`/api/quizzes/${id}/questions`);
    expect([denied.status, denied.body.message]).toEqual([402, 'Payment required. Please complete your payment before taking the quiz.']);
    const order = (await p.agent.post(`/api/quizzes/${id}/create-payment-order`).send({}).expect(200)).body.data;
    expect(order.amount).toBe(4900);
    const paid = (await p.agent.post(`/api/payments/sandbox/${order.orderId}/pay`).send({ outcome: 'success' }).expect(200)).body.data;
    const verified = await p.agent.post(`/api/quizzes/${id}/verify-payment`).send({ orderId: paid.razorpay_order_id, paymentId: paid.razorpay_payment_id, signature: paid.razorpay_signature }).expect(200);
    expect(verified.body.message).toBe('Payment successful! You can now take the quiz.');
    const status = (await p.agent.get(`/api/quizzes/${id}/registration-status`).expect(200)).body.data;
    expect(status).toEqual({ isRegistered: true, quizRunning: true, participant: { paymentStatus: 'completed' }, attempt: 'none' });
    await p.agent.get(`/api/quizzes/${id}/questions`).expect(200);
  });

  it('refunds a payment that completes after the organiser deleted the quiz, once, and mails the payer', async () => {
    const id = await liveQuiz({ pricing: { type: 'paid', amount: 49, currency: 'INR' } });
    const p = await registered(id);
    const order = (await p.agent.post(`/api/quizzes/${id}/create-payment-order`).send({}).expect(200)).body.data;
    await organiser.agent.delete(`/api/quizzes/${id}`).expect(200);
    await p.agent.post(`/api/payments/sandbox/${order.orderId}/pay`).send({ outcome: 'success' }).expect(200);
    const types = await waitFor(
      async () => {
        const seen = (await t.store.readStream(`payment-${order.orderId}`)).map((e) => e.type);
        return seen.includes('PaymentRefunded') && seen;
      },
      { message: 'the refund' },
    );
    expect(types).toEqual(['PaymentOrderCreated', 'PaymentVerified', 'PaymentRefunded']);
    const mail = await t.latestMail(p.email, { subject: /was refunded/ });
    expect(mail.text).toContain('₹49.00');
  });

  it('ranks by marks then time, ties sharing a rank; re-grading recomputes every participant from the stored answers and keeps the old ranking', async () => {
    const id = await liveQuiz();
    const key = [0, 1, 2, 3, 0];
    // Each participant's answers (index -> option) and when they submit (seconds after starting).
    const plans: { answers: Record<number, number>; after: number }[] = [
      { answers: { 0: 0, 1: 1, 2: 2 }, after: 30 },
      { answers: { 0: 0, 1: 1, 2: 2 }, after: 30 },
      { answers: { 0: 0, 1: 1, 2: 2 }, after: 20 },
      { answers: { 0: 1, 1: 1, 2: 0, 3: 3, 4: 0 }, after: 50 },
      { answers: { 4: 1 }, after: 10 },
      { answers: {}, after: 5 },
    ];
    const people: Member[] = [];
    for (const plan of plans) {
      const p = await registered(id);
      people.push(p);
      await p.agent.get(`/api/quizzes/${id}/questions`).expect(200);
      t.clock.advance(plan.after * 1000);
      await p.agent.post(`/api/quizzes/${id}/submit`).send({ answers: Object.entries(plan.answers).map(([q, a]) => ({ questionIndex: Number(q), selectedAnswer: a })) }).expect(200);
      t.clock.advance(-plan.after * 1000);
    }
    const before = (await t.request().get(`/api/quizzes/${id}/leaderboard`).expect(200)).body.data as QuizLeaderboard;
    const rankOf = (b: QuizLeaderboard, m: Member) => b.leaderboard.find((e) => e.user._id === m.userId)!;
    // 12 marks in 20 s; two with 12 in 30 s share 2nd; 8; 0 (nothing answered) above -2.
    expect(plans.map((_, i) => rankOf(before, people[i]!).rank)).toEqual([2, 2, 1, 4, 6, 5]);

    // Brute force: every participant's marks recomputed from their answers with the corrected key and marking.
    const corrected = [0, 1, 0, 3, 1];
    const marking = { correct: 4, incorrect: 0 };
    await stranger.agent.post(`/api/quizzes/${id}/regrade`).send({ answerKey: [{ questionIndex: 2, correctAnswer: 0 }] }).expect(403);
    await organiser.agent.post(`/api/quizzes/${id}/regrade`).send({ answerKey: [{ questionIndex: 9, correctAnswer: 0 }] }).expect(400);
    await organiser
      .agent.post(`/api/quizzes/${id}/regrade`)
      .send({ answerKey: [{ questionIndex: 2, correctAnswer: 0 }, { questionIndex: 4, correctAnswer: 1 }], marking })
      .expect(200);
    const after = (await people[0]!.agent.get(`/api/quizzes/${id}/leaderboard`).expect(200)).body.data as QuizLeaderboard;
    const expected = rankAttempts(plans.map((plan, i) => ({ userId: people[i]!.userId, timeTaken: plan.after, calculatedMarks: scoreAttempt(corrected, plan.answers, marking).calculatedMarks })));
    expect(after.leaderboard.map((e) => [e.user._id, e.rank, e.calculatedMarks, e.timeTaken])).toEqual(expected.map((e) => [e.userId, e.rank, e.calculatedMarks, e.timeTaken]));
    expect(after.userResult?.answers[2]).toMatchObject({ correctAnswer: 0, userAnswer: 2, isCorrect: false });
    // The ranking before the re-grade is still readable, as it was.
    expect(after.previousGradings).toHaveLength(1);
    expect(after.previousGradings[0]!.leaderboard.map((e) => [e.user._id, e.rank, e.calculatedMarks])).toEqual(before.leaderboard.map((e) => [e.user._id, e.rank, e.calculatedMarks]));
    expect(after.quiz.marking).toEqual(marking);
    expect(key).toHaveLength(5);
    // Those whose marks changed are notified; the others are not.
    const changed = plans.map((plan, i) => scoreAttempt(key, plan.answers, { correct: 4, incorrect: -2 }).calculatedMarks !== scoreAttempt(corrected, plan.answers, marking).calculatedMarks);
    for (const [i, person] of people.entries()) {
      const notes = async () => ((await person.agent.get('/api/users/notifications').expect(200)).body.data as { type: string; message: string }[]).filter((n) => n.type === 'quiz_regraded');
      if (changed[i]) await waitFor(async () => (await notes()).length === 1, { timeoutMs: 5_000, message: `participant ${i} to be notified` });
      else expect(await notes()).toEqual([]);
    }
  });

  it('gives an attempt started near the quiz end only the time left before the end', async () => {
    const id = await liveQuiz({ timeLimit: 5 });
    const p = await registered(id);
    // Two minutes before the end (form: endDate 120 minutes from now): the 5-minute limit is cut to 2.
    t.clock.advance(118 * MIN);
    const q = (await p.agent.get(`/api/quizzes/${id}/questions`).expect(200)).body.data;
    expect(q.timeLeft).toBeGreaterThan(100);
    expect(q.timeLeft).toBeLessThanOrEqual(120);
    t.clock.advance(2 * MIN + 16_000);
    const late = await p.agent.post(`/api/quizzes/${id}/submit`).send({ answers: [{ questionIndex: 0, selectedAnswer: 0 }] });
    expect([late.status, late.body.message]).toEqual([409, 'The time for this quiz is over']);
  });

  it('shows participants to the organiser, admins and moderators only, with score, timeTaken and completedAt', async () => {
    const id = await liveQuiz();
    const p = await registered(id);
    await p.agent.get(`/api/quizzes/${id}/questions`).expect(200);
    await p.agent.post(`/api/quizzes/${id}/submit`).send({ answers: [{ questionIndex: 0, selectedAnswer: 0 }] }).expect(200);
    await stranger.agent.get(`/api/quizzes/${id}/participants`).expect(403);
    await p.agent.get(`/api/quizzes/${id}/participants`).expect(403);
    await t.request().get(`/api/quizzes/${id}/participants`).expect(401);
    for (const who of [moderator, await t.member('admin')]) await who.agent.get(`/api/quizzes/${id}/participants`).expect(200);
    const list = (await organiser.agent.get(`/api/quizzes/${id}/participants`).expect(200)).body.data;
    expect(list.participants).toHaveLength(1);
    expect(list.participants[0]).toMatchObject({ paymentStatus: 'completed', score: 4, timeTaken: 0, user: { college: 'IIT Madras', mobile: '9876543210' } });
    expect(list.participants[0].completedAt).toBeTruthy();
  });
});
