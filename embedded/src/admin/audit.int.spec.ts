import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendListedHackathon } from '@circuit/command-service/hackathon-registrations/hackathon-fixtures';
import { testTeamPayments } from '@circuit/command-service/hackathon-registrations/team-payments.testkit';
import { seedHackathonRegistrations } from '@circuit/command-service/hackathon-registrations/seed-registrations';
import { seedEvents } from '@circuit/command-service/seed/seed-events';
import { seedQuizzes } from '@circuit/command-service/quizzes/seed-quizzes';
import { createTestApp, type TestApp } from '../testing/test-app';

type Member = Awaited<ReturnType<TestApp['member']>>;
const q = (v: unknown) => JSON.stringify(v);
const MINUTE = 60_000;

/** The audit: history straight from the event store, replay at a moment beside the read model, payments reconciled. */
describe('audit of registrations and payments', () => {
  const payments = testTeamPayments();
  let t: TestApp;
  let auditor: Member;
  let paidTeamId = '';

  beforeAll(async () => {
    t = await createTestApp({ teamPayments: payments.factory });
    auditor = await t.member('auditor');
    const now = t.clock.now();
    const hackathons = [
      await appendListedHackathon(t.store, { now, minMembers: 2, maxMembers: 3 }),
      await appendListedHackathon(t.store, { now, fee: { amount: 250, currency: 'INR' }, minMembers: 1 }),
      await appendListedHackathon(t.store, { now, fee: { amount: 300, currency: 'INR' }, minMembers: 2 }),
    ];
    const users = [];
    for (let i = 0; i < 6; i++) {
      const user = t.newUser();
      users.push({ userId: (await t.embedded.commands.accounts.register({ ...user, emailVerified: true }, {})).userId, username: user.username });
    }
    const result = await seedHackathonRegistrations(
      {
        registrations: t.embedded.commands.registrations,
        store: t.store,
        // The payment comes a few minutes after its order, so a moment between them exists.
        payOrder: async ({ orderId }) => {
          t.clock.advance(5 * MINUTE);
          return { paymentId: `pay_${orderId}`, signature: payments.sign(orderId, `pay_${orderId}`) };
        },
      },
      hackathons,
      users,
    );
    expect(result.paid).toBe(1);
    paidTeamId = (await t.knex('hackathon_teams').where({ status: 'complete' }).whereNotNull('order_id').first('id')).id;

    // The demo events (free, paid and paid-but-unpaid registrations, waitlists) and quizzes (registrations and attempts), as the first start seeds them.
    const moderator = await t.member('moderator');
    const { commands } = t.embedded;
    await seedEvents(
      {
        events: commands.events,
        registrations: commands.eventRegistrations,
        knex: t.knex,
        log: t.embedded.log,
        now: t.clock.now,
        payOrder: async ({ orderId, userId }) => {
          const paid = await commands.payments.sandboxPay(userId, orderId, 'success');
          return { paymentId: paid!.razorpay_payment_id, signature: paid!.razorpay_signature };
        },
      },
      users.slice(0, 2).map((u) => u.userId),
      users,
      moderator.userId,
      { correlationId: 'seed' },
    );
    await seedQuizzes({ store: t.store, knex: t.knex, now: t.clock.now() }, users.map((u) => ({ userId: u.userId, firstName: u.username, lastName: 'Demo' })), moderator.userId);
    // The quizzes were appended to the store directly: the rows compared below must all be there.
    await t.caughtUp();
   }, 240_000);
  afterAll(async () => t?.stop());

  const all = async () => (await auditor.agent.get('/api/admin/audit/registrations').query({ range: q([0, 499]) }).expect(200)).body as { id: string; userId: string; paymentStatus: string }[];

  it('replays every seeded registration to the state its read-model row holds', async () => {
    const registrations = await all();
    const rows = async (table: string) => Number((await t.knex(table).count<{ n: string }[]>({ n: '*' }))[0]!.n);
    const seeded = { hackathon: await rows('hackathon_participants'), event: await rows('event_attendees'), quiz: await rows('quiz_participants') };
    expect(seeded.hackathon).toBe(18);
    expect(seeded.event).toBeGreaterThan(0);
    expect(seeded.quiz).toBeGreaterThan(0);
    expect(registrations.length).toBe(seeded.hackathon + seeded.event + seeded.quiz);
    for (const r of registrations) {
      const detail = (await auditor.agent.get(`/api/admin/audit/registrations/${encodeURIComponent(r.id)}`).expect(200)).body;
      expect({ id: r.id, differences: detail.current.differences }).toEqual({ id: r.id, differences: [] });
      expect(detail.current.replayed).toEqual(detail.current.readModel);
    }
  });

  it('shows a paid registration’s order, payment and completion in order, with actor and correlation ids, and "payment pending" before the payment', async () => {
    const member = await t.knex('hackathon_participants').where({ team_id: paidTeamId }).first('hackathon_id', 'user_id');
    const id = `hackathon~${member.hackathon_id}~${member.user_id}`;
    const detail = (await auditor.agent.get(`/api/admin/audit/registrations/${encodeURIComponent(id)}`).expect(200)).body;
    const types: string[] = detail.history.map((e: { type: string }) => e.type);
    const order = ['PaymentOrderCreated', 'PaymentVerified', 'TeamRegistrationCompleted'].map((type) => types.indexOf(type));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(types[0]).toBe('HackathonParticipantRegistered');
    const verified = detail.history.find((e: { type: string }) => e.type === 'PaymentVerified');
    const creator = (await t.knex('hackathon_teams').where({ id: paidTeamId }).first('creator_id')).creator_id;
    expect(verified.actorId).toBe(creator);
    // The metadata as stored: the seed's correlation id on the registration events, none invented.
    const completed = detail.history.find((e: { type: string }) => e.type === 'TeamRegistrationCompleted');
    expect(completed).toMatchObject({ correlationId: 'seed', causationId: null });
    expect(detail.current.replayed.label).toBe('registration completed');

    const before = new Date(Date.parse(verified.at) - MINUTE).toISOString();
    const then = (await auditor.agent.get(`/api/admin/audit/registrations/${encodeURIComponent(id)}/state`).query({ at: before }).expect(200)).body;
    expect(then.replayed).toMatchObject({ registered: true, paymentStatus: 'pending', label: 'payment pending' });
    expect(then.readModel.label).toBe('registration completed');
    expect(then.differences).toContain('paymentStatus');
    expect((await auditor.agent.get(`/api/admin/audit/registrations/${encodeURIComponent(id)}/state`).query({ at: 'yesterday' })).status).toBe(400);
  });

  it('flags a registration whose read-model row was altered by hand', async () => {
    const [row] = await t.knex('hackathon_participants').where({ payment_status: 'completed' }).limit(1).select('hackathon_id', 'user_id');
    await t.knex('hackathon_participants').where(row).update({ payment_status: 'failed' });
    const id = `hackathon~${row.hackathon_id}~${row.user_id}`;
    const detail = (await auditor.agent.get(`/api/admin/audit/registrations/${encodeURIComponent(id)}`).expect(200)).body;
    expect(detail.current.differences).toEqual(['paymentStatus']);
    expect(detail.current.replayed.paymentStatus).toBe('completed');
    expect(detail.current.readModel.paymentStatus).toBe('failed');
  });

  it('flags an event registration and a quiz attempt whose rows were altered by hand', async () => {
    const event = await t.knex('event_attendees').where({ payment_status: 'completed' }).first('event_id', 'user_id');
    await t.knex('event_attendees').where(event).update({ payment_status: 'pending' });
    const eventDetail = (await auditor.agent.get(`/api/admin/audit/registrations/${encodeURIComponent(`event~${event.event_id}~${event.user_id}`)}`).expect(200)).body;
    expect(eventDetail.current.differences).toEqual(['paymentStatus']);
    expect(eventDetail.current.readModel.label).toBe('payment pending');

    const quiz = await t.knex('quiz_participants').where({ attempt: 'submitted' }).first('quiz_id', 'user_id');
    await t.knex('quiz_participants').where(quiz).update({ attempt: 'started' });
    const quizDetail = (await auditor.agent.get(`/api/admin/audit/registrations/${encodeURIComponent(`quiz~${quiz.quiz_id}~${quiz.user_id}`)}`).expect(200)).body;
    expect(quizDetail.current.differences).toEqual(['attempt']);
    expect(quizDetail.current.replayed.attempt).toBe('submitted');
    expect(quizDetail.history.map((e: { type: string }) => e.type)).toEqual(expect.arrayContaining(['QuizParticipantRegistered', 'QuizAttemptStarted', 'QuizAttemptSubmitted']));
  });

  it('reconciles orders with verified payments: the paid one, and those left unpaid', async () => {
    // The hackathon teams' orders (the seeded events have orders of their own).
    const orders = ((await auditor.agent.get('/api/admin/audit/payments').query({ range: q([0, 199]) }).expect(200)).body as { purpose: string; status: string; verifiedPaymentIds: string[] }[]).filter((o) =>
      o.purpose.startsWith('hackathon-team'),
    );
    expect(orders.filter((o) => o.status === 'paid')).toHaveLength(1);
    expect(orders.filter((o) => o.status === 'paid')[0]!.verifiedPaymentIds).toHaveLength(1);
    const unpaid = ((await auditor.agent.get('/api/admin/audit/payments').query({ filter: q({ status: 'unpaid' }), range: q([0, 199]) }).expect(200)).body as { purpose: string }[]).filter((o) =>
      o.purpose.startsWith('hackathon-team'),
    );
    expect(unpaid.length).toBe(orders.length - 1);
    expect(orders.filter((o) => o.status === 'paid_twice')).toEqual([]);
  });
});
