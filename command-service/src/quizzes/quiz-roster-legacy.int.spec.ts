import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@circuit/embedded/testing/test-app';
import { toNewEvents } from '@circuit/shared/commands/decider';
import { quizRosterStream, quizStream } from '@circuit/shared/events/quizzes';

const MIN = 60_000;
const profile = { firstName: 'Asha', lastName: 'Rao', mobile: '9876543210', college: 'IIT Madras', course: 'B.Tech', branch: 'Computer Science', collegeYear: '2nd Year', country: 'India', state: 'Tamil Nadu' };

/** Quizzes registered before the roster had a stream of its own: their registrations, on `quiz-<id>`, still count. */
describe('a quiz registered before the roster moved to quiz-roster-<id>', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.stop());

  it('keeps its capacity, "already registered" and the payment still due', async () => {
    const [organiser, moderator, early, due, late] = await Promise.all([t.member(), t.member('moderator'), t.member(), t.member(), t.member()]);
    const at = (minutes: number) => new Date(t.clock.now().getTime() + minutes * MIN).toISOString();
    const form = {
      title: 'Rivers',
      description: '<p>x</p>',
      maxParticipants: 2,
      pricing: { type: 'paid', amount: 49, currency: 'INR' },
      dates: { registrationStartDate: at(-60), registrationEndDate: at(60), startDate: at(-10), endDate: at(120) },
      questions: [{ question: 'q', options: ['a', 'b'], correctAnswer: 0 }],
    };
    const quizId = (await organiser.agent.post('/api/quizzes').send(form).expect(201)).body.data._id as string;
    await moderator.agent.post(`/api/admin/quizzes/${quizId}/approve`).send({}).expect(200);
    // What the quiz's stream held for its registrations before the change: one paid, one with the payment due.
    const legacy = [
      { type: 'QuizParticipantRegistered', data: { quizId, userId: early.userId, profile, paymentStatus: 'pending', at: at(-30) } },
      { type: 'QuizPaymentCompleted', data: { quizId, userId: early.userId, orderId: 'order_legacy', paymentId: 'pay_legacy', at: at(-29) } },
      { type: 'QuizParticipantRegistered', data: { quizId, userId: due.userId, profile, paymentStatus: 'pending', at: at(-20) } },
    ];
    await t.store.append(quizStream(quizId), toNewEvents(legacy, {}, at(-20)), 'any');

    const full = await late.agent.post(`/api/quizzes/${quizId}/register`).send({ ...profile, agreeToTerms: true });
    expect([full.status, full.body.message]).toEqual([409, 'This quiz is full']);
    const again = await early.agent.post(`/api/quizzes/${quizId}/register`).send({ ...profile, agreeToTerms: true });
    expect([again.status, again.body.message]).toEqual([409, 'You are already registered for this quiz']);
    await early.agent.get(`/api/quizzes/${quizId}/questions`).expect(200);

    const denied = await due.agent.get(`/api/quizzes/${quizId}/questions`);
    expect(denied.status).toBe(402);
    const order = (await due.agent.post(`/api/quizzes/${quizId}/create-payment-order`).send({}).expect(200)).body.data;
    const paid = (await due.agent.post(`/api/payments/sandbox/${order.orderId}/pay`).send({ outcome: 'success' }).expect(200)).body.data;
    await due.agent.post(`/api/quizzes/${quizId}/verify-payment`).send({ orderId: paid.razorpay_order_id, paymentId: paid.razorpay_payment_id, signature: paid.razorpay_signature }).expect(200);
    await due.agent.get(`/api/quizzes/${quizId}/questions`).expect(200);
    // The roster's own stream holds only what happened since; the quiz's stream is left as it was.
    expect((await t.store.readStream(quizRosterStream(quizId))).map((e) => [e.type, (e.data as { userId: string }).userId])).toEqual([['QuizPaymentCompleted', due.userId]]);
    expect((await t.store.readStream(quizStream(quizId))).filter((e) => e.type.startsWith('QuizP'))).toHaveLength(3);
  });
});
