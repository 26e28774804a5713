import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hackathonRosterStream } from '@circuit/shared/events/hackathon-registrations';
import { notificationsStream } from '@circuit/shared/events/notifications';
import { createTestApp, type Agent, type TestApp } from '@circuit/embedded/testing/test-app';
import { appendListedHackathon, type ListingOptions } from './hackathon-fixtures';
import { testTeamPayments } from './team-payments.testkit';
import { RosterMessages as M } from './roster-decider';

/** Every registration, team and team payment call through the embedded app, with the failure cases. */

interface Member {
  agent: Agent;
  userId: string;
  username: string;
}

const payments = testTeamPayments('hkreg-test-secret');
let t: TestApp;

async function member(): Promise<Member> {
  const user = t.newUser();
  const { userId } = await t.embedded.commands.accounts.register({ ...user, emailVerified: true }, {});
  const agent = t.request();
  await agent.post('/api/auth/login').send({ identifier: user.username, password: user.password }).expect(200);
  return { agent, userId, username: user.username };
}

/**
 * An accepted hackathon; its approval also makes the review notifier append the organiser's
 * notification in the background, so this waits for it: tests that compare the store's head then
 * see only what their own requests append.
 */
async function hackathon(options: ListingOptions = {}) {
  const { hackathonId } = await appendListedHackathon(t.store, { now: t.clock.now(), ...options });
  if (options.approved === false) return hackathonId;
  for (let i = 0; i < 400; i++) {
    const notes = await t.store.readStream(notificationsStream(options.createdBy ?? 'organiser'));
    if (notes.some((e) => (e.data as { subject?: { id?: string } }).subject?.id === hackathonId)) return hackathonId;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`the review notification of ${hackathonId} never came`);
}
const base = (id: string) => `/api/hackathons/${id}`;

async function registered(id: string, n: number): Promise<Member[]> {
  const members = await Promise.all(Array.from({ length: n }, () => member()));
  for (const m of members) await m.agent.post(`${base(id)}/register`).send({}).expect(201);
  return members;
}

/** A team of the given members (the first creates it, the others join), answered by the API. */
async function team(id: string, members: Member[]) {
  const created = await members[0]!.agent.post(`${base(id)}/teams`).send({ name: 'Null Pointers' }).expect(201);
  for (const m of members.slice(1)) await m.agent.post(`${base(id)}/teams/join`).send({ code: created.body.data.team.code }).expect(200);
  return created.body.data.team as { id: string; code: string };
}

async function rosterEvents(id: string, type?: string) {
  return (await t.store.readStream(hackathonRosterStream(id))).filter((e) => !type || e.type === type);
}

beforeAll(async () => {
  t = await createTestApp({ teamPayments: payments.factory });
});
afterAll(async () => {
  await t?.stop();
});

describe('registration', () => {
  it('answers 401 to a guest and appends nothing', async () => {
    const id = await hackathon();
    const guest = t.request();
    await guest.post(`${base(id)}/register`).send({}).expect(401);
    await guest.delete(`${base(id)}/register`).expect(401);
    await guest.get(`${base(id)}/registration-status`).expect(401);
    await guest.get(`${base(id)}/teams/me`).expect(401);
    await guest.post(`${base(id)}/teams`).send({ name: 'x' }).expect(401);
    // The roster is where every registration and team write goes (the global head also moves with
    // the organiser's review notification, appended in the background).
    expect(await rosterEvents(id)).toEqual([]);
  });

  it('registers with profile data, which the profile keeps; by id or username; once', async () => {
    const { hackathonId: id, username } = await appendListedHackathon(t.store, { now: t.clock.now() });
    const m = await member();
    await m.agent.get(`${base(id)}/registration-status`).expect(200, { success: true, data: { registered: false, paymentStatus: null } });
    const res = await m.agent.post(`${base(username)}/register`).send({ college: 'IIT Madras', mobile: '9876543210', course: '' }).expect(201);
    expect(res.body).toEqual({ success: true, message: M.registered, data: { registered: true, paymentStatus: 'completed' } });
    const user = await t.knex('users').where({ id: m.userId }).first('college', 'mobile', 'course');
    expect(user).toEqual({ college: 'IIT Madras', mobile: '9876543210', course: '' });
    await m.agent.post(`${base(id)}/register`).send({}).expect(409, { success: false, message: M.alreadyRegistered });
    await m.agent.get(`${base(username.toUpperCase())}/registration-status`).expect(200, { success: true, data: { registered: true, paymentStatus: 'completed' } });
    const me = await m.agent.get(`${base(id)}/teams/me`).expect(200);
    expect(me.body.data).toMatchObject({ registered: true, participant: { userId: m.userId, teamId: null, paymentStatus: 'completed', isRemoved: false }, team: null });
    expect(await rosterEvents(id, 'HackathonParticipantRegistered')).toHaveLength(1);
  });

  it('refuses unknown, pending, not-taking and past-deadline hackathons, and a full one', async () => {
    const m = await member();
    await m.agent.post(`${base('00000000-0000-4000-8000-000000000000')}/register`).send({}).expect(404, { success: false, message: 'Hackathon not found' });
    await m.agent.post(`${base('bad id!')}/register`).send({}).expect(404);
    await m.agent.post(`${base(await hackathon({ approved: false }))}/register`).send({}).expect(409, { success: false, message: M.notOpen });
    await m.agent.post(`${base(await hackathon({ takeRegistrations: 'false' }))}/register`).send({}).expect(409, { success: false, message: M.notOpen });
    const past = await hackathon({ registrationDeadline: new Date(t.clock.now().getTime() - 1000).toISOString() });
    await m.agent.post(`${base(past)}/register`).send({}).expect(409, { success: false, message: M.deadlinePassed });
    const small = await hackathon({ maxParticipants: 1 });
    await registered(small, 1);
    await m.agent.post(`${base(small)}/register`).send({}).expect(409, { success: false, message: M.full });
    await m.agent.post(`${base(small)}/register`).send({ college: 'x'.repeat(300) }).expect(400);
  });

  it('unregisters (out of a forming team), not the creator of a team, and frees the place', async () => {
    const id = await hackathon({ maxParticipants: 2 });
    const [a, b] = await registered(id, 2);
    const tm = await team(id, [a!, b!]);
    const res = await b!.agent.delete(`${base(id)}/register`).expect(200);
    expect(res.body).toEqual({ success: true, message: M.unregistered, data: { registered: false, paymentStatus: null } });
    const me = await a!.agent.get(`${base(id)}/teams/me`).expect(200);
    expect(me.body.data.team.members.map((x: { _id: string }) => x._id)).toEqual([a!.userId]);
    await a!.agent.delete(`${base(id)}/register`).expect(409, { success: false, message: M.unregisterCreator });
    await b!.agent.delete(`${base(id)}/register`).expect(409, { success: false, message: M.notRegistered });
    const c = await member();
    await c.agent.post(`${base(id)}/register`).send({}).expect(201);
    expect(tm.code).toMatch(/^[A-Z2-9]{6}$/);
  });
});

describe('teams', () => {
  it('create, join by code, the one-team rule, full teams, creator rights and forged ids', async () => {
    const id = await hackathon({ minMembers: 2, maxMembers: 2 });
    const other = await hackathon();
    const [a, b, c] = await registered(id, 3);
    const stranger = await member();

    const created = await a!.agent.post(`${base(id)}/teams`).send({ name: '  Null Pointers ' }).expect(201);
    expect(created.body.message).toBe(M.teamCreated);
    const tm = created.body.data.team;
    expect(tm).toMatchObject({ name: 'Null Pointers', creator: a!.userId, hackathonId: id, status: 'forming', registrationComplete: false });
    expect(tm.members).toEqual([{ _id: a!.userId, username: a!.username, firstName: 'Test', lastName: expect.any(String), profilePicture: null }]);
    await a!.agent.post(`${base(id)}/teams`).send({ name: 'Second' }).expect(409, { success: false, message: M.alreadyInTeam });
    await b!.agent.post(`${base(id)}/teams`).send({ name: '  ' }).expect(400).expect((r) => expect(r.body.message).toBe('Team name is required'));
    await stranger.agent.post(`${base(id)}/teams`).send({ name: 'x' }).expect(403, { success: false, message: M.registerFirst });
    await stranger.agent.post(`${base(id)}/teams/join`).send({ code: tm.code }).expect(403, { success: false, message: M.registerFirst });
    await b!.agent.post(`${base(id)}/teams/join`).send({ code: 'ZZZZZZ' }).expect(404, { success: false, message: M.invalidCode });
    await b!.agent.post(`${base(id)}/teams/join`).send({}).expect(400).expect((r) => expect(r.body.message).toBe('Team code is required'));

    const joined = await b!.agent.post(`${base(id)}/teams/join`).send({ code: tm.code.toLowerCase() }).expect(200);
    expect(joined.body.message).toBe(M.teamJoined);
    expect(joined.body.data.team.members.map((x: { _id: string }) => x._id)).toEqual([a!.userId, b!.userId]);
    await b!.agent.post(`${base(id)}/teams/join`).send({ code: tm.code }).expect(409, { success: false, message: M.alreadyInTeam });
    await c!.agent.post(`${base(id)}/teams/join`).send({ code: tm.code }).expect(409, { success: false, message: M.teamFull });

    // Creator rights and forged ids.
    await b!.agent.post(`${base(id)}/teams/${tm.id}/remove`).send({ memberId: a!.userId }).expect(403, { success: false, message: M.onlyCreatorRemove });
    await b!.agent.post(`${base(id)}/teams/${tm.id}/delete`).expect(403, { success: false, message: M.onlyCreatorDelete });
    await b!.agent.post(`${base(id)}/teams/${tm.id}/submit`).expect(403, { success: false, message: M.onlyCreatorSubmit });
    await a!.agent.post(`${base(id)}/teams/${tm.id}/remove`).send({ memberId: a!.userId }).expect(400, { success: false, message: M.removeSelf });
    await a!.agent.post(`${base(id)}/teams/${tm.id}/remove`).send({ memberId: c!.userId }).expect(404, { success: false, message: M.notAMember });
    await a!.agent.post(`${base(id)}/teams/not-a-team/submit`).expect(404, { success: false, message: M.teamNotFound });
    await a!.agent.post(`${base(id)}/teams/00000000-0000-4000-8000-000000000000/submit`).expect(404, { success: false, message: M.teamNotFound });
    await a!.agent.post(`${base(other)}/teams/${tm.id}/submit`).expect(404, { success: false, message: M.teamNotFound });
    // A team of another hackathon cannot be joined by its code here either.
    const [o] = await registered(other, 1);
    const otherTeam = await team(other, [o!]);
    await c!.agent.post(`${base(id)}/teams/join`).send({ code: otherTeam.code }).expect(404, { success: false, message: M.invalidCode });

    const removed = await a!.agent.post(`${base(id)}/teams/${tm.id}/remove`).send({ memberId: b!.userId }).expect(200);
    expect(removed.body.message).toBe(M.memberRemoved);
    expect(removed.body.data.team.members).toHaveLength(1);
    const bMe = await b!.agent.get(`${base(id)}/teams/me`).expect(200);
    expect(bMe.body.data).toMatchObject({ registered: true, participant: { teamId: null }, team: null });
    await a!.agent.post(`${base(id)}/teams/${tm.id}/submit`).expect(400, { success: false, message: M.tooFew(2) });

    await c!.agent.post(`${base(id)}/teams/join`).send({ code: tm.code }).expect(200);
    const submitted = await a!.agent.post(`${base(id)}/teams/${tm.id}/submit`).expect(200);
    expect(submitted.body.message).toBe(M.submittedComplete);
    expect(submitted.body.data).toMatchObject({ requiresPayment: false, team: { status: 'complete', registrationComplete: true } });
    await c!.agent.get(`${base(id)}/registration-status`).expect(200, { success: true, data: { registered: true, paymentStatus: 'completed' } });

    // Nothing changes once the registration is complete.
    const head = await t.store.headPosition();
    await a!.agent.post(`${base(id)}/teams/${tm.id}/remove`).send({ memberId: c!.userId }).expect(409, { success: false, message: M.teamComplete });
    await a!.agent.post(`${base(id)}/teams/${tm.id}/delete`).expect(409, { success: false, message: M.teamComplete });
    await c!.agent.delete(`${base(id)}/register`).expect(409, { success: false, message: M.unregisterComplete });
    await b!.agent.post(`${base(id)}/teams/join`).send({ code: tm.code }).expect(409, { success: false, message: M.teamComplete });
    await a!.agent.post(`${base(id)}/create-payment-order`).expect(409, { success: false, message: M.teamComplete });
    expect(await t.store.headPosition()).toBe(head);
  });

  it('deleting a team leaves its members registered without a team', async () => {
    const id = await hackathon();
    const [a, b] = await registered(id, 2);
    const tm = await team(id, [a!, b!]);
    await a!.agent.post(`${base(id)}/teams/${tm.id}/delete`).expect(200, { success: true, message: M.teamDeleted, data: { _id: tm.id, id: tm.id } });
    for (const m of [a!, b!]) {
      const me = await m.agent.get(`${base(id)}/teams/me`).expect(200);
      expect(me.body.data).toMatchObject({ registered: true, participant: { teamId: null }, team: null });
    }
    expect(await t.knex('hackathon_team_members').where({ team_id: tm.id })).toEqual([]);
    await b!.agent.post(`${base(id)}/teams/join`).send({ code: tm.code }).expect(404, { success: false, message: M.invalidCode });
    await b!.agent.post(`${base(id)}/teams`).send({ name: 'Fresh' }).expect(201);
  });
});

describe('paid teams', () => {
  it('submit requires payment; the creator pays once however often verify and the webhook repeat', async () => {
    const id = await hackathon({ fee: { amount: 499.5, currency: 'INR' }, minMembers: 2 });
    const [a, b] = await registered(id, 2);
    await a!.agent.get(`${base(id)}/registration-status`).expect(200, { success: true, data: { registered: true, paymentStatus: 'pending' } });
    const tm = await team(id, [a!, b!]);
    await a!.agent.post(`${base(id)}/create-payment-order`).expect(409, { success: false, message: M.noPaymentDue });

    const submitted = await a!.agent.post(`${base(id)}/teams/${tm.id}/submit`).expect(200);
    expect(submitted.body.message).toBe(M.submittedPaymentRequired);
    expect(submitted.body.data).toMatchObject({ requiresPayment: true, amount: 499.5, currency: 'INR', team: { status: 'payment_required', registrationComplete: false } });
    // Submitting again repeats the answer and records nothing.
    const head = await t.store.headPosition();
    expect((await a!.agent.post(`${base(id)}/teams/${tm.id}/submit`).expect(200)).body.data.requiresPayment).toBe(true);
    expect(await t.store.headPosition()).toBe(head);

    await b!.agent.post(`${base(id)}/create-payment-order`).expect(403, { success: false, message: M.onlyCreatorPay });
    const order = await a!.agent.post(`${base(id)}/create-payment-order`).expect(200);
    expect(order.body.data).toEqual({ orderId: expect.any(String), amount: 49950, currency: 'INR', key: 'rzp_test_double' });
    const { orderId } = order.body.data;
    const paymentId = 'pay_123';
    const signature = payments.sign(orderId, paymentId);

    const before = await t.store.headPosition();
    await a!.agent.post(`${base(id)}/verify-payment`).send({ orderId, paymentId, signature: signature.replace(/.$/, (c) => (c === '0' ? '1' : '0')) }).expect(400, { success: false, message: M.paymentFailed });
    await a!.agent.post(`${base(id)}/verify-payment`).send({ orderId, paymentId: 'pay_other', signature }).expect(400);
    await b!.agent.post(`${base(id)}/verify-payment`).send({ orderId, paymentId, signature }).expect(403);
    await a!.agent.post(`${base(id)}/verify-payment`).send({ orderId }).expect(400);
    expect(await t.store.headPosition()).toBe(before);
    await a!.agent.get(`${base(id)}/registration-status`).expect(200, { success: true, data: { registered: true, paymentStatus: 'pending' } });

    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => a!.agent.post(`${base(id)}/verify-payment`).send({ orderId, paymentId, signature })),
      payments.webhook(orderId, paymentId),
      payments.webhook(orderId, paymentId),
      payments.webhook(orderId, paymentId),
    ]);
    for (const res of answers.slice(0, 5) as { status: number; body: { message: string; data: { team: { status: string } } } }[]) {
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(M.paymentComplete);
      expect(res.body.data.team.status).toBe('complete');
    }
    const payment = await t.store.readStream(`payment-${orderId}`);
    expect(payment.filter((e) => e.type === 'PaymentVerified')).toHaveLength(1);
    expect(await rosterEvents(id, 'TeamRegistrationCompleted')).toHaveLength(1);
    for (const m of [a!, b!]) await m.agent.get(`${base(id)}/registration-status`).expect(200, { success: true, data: { registered: true, paymentStatus: 'completed' } });
    // Verifying again later answers the same and records nothing.
    const settled = await t.store.headPosition();
    await a!.agent.post(`${base(id)}/verify-payment`).send({ orderId, paymentId, signature }).expect(200);
    expect(await t.store.headPosition()).toBe(settled);
  });

  it('a webhook alone completes the team; a failed payment marks the participants failed', async () => {
    const id = await hackathon({ fee: { amount: 100, currency: 'INR' } });
    const [a] = await registered(id, 1);
    const tm = await team(id, [a!]);
    await a!.agent.post(`${base(id)}/teams/${tm.id}/submit`).expect(200);
    const first = (await a!.agent.post(`${base(id)}/create-payment-order`).expect(200)).body.data.orderId as string;
    await payments.fail(first, 'pay_x', 'Card declined');
    await waitFor(async () => (await a!.agent.get(`${base(id)}/registration-status`)).body.data.paymentStatus === 'failed');
    const second = (await a!.agent.post(`${base(id)}/create-payment-order`).expect(200)).body.data.orderId as string;
    await payments.webhook(second, 'pay_y');
    await waitFor(async () => (await a!.agent.get(`${base(id)}/teams/me`)).body.data.team?.status === 'complete');
    await a!.agent.get(`${base(id)}/registration-status`).expect(200, { success: true, data: { registered: true, paymentStatus: 'completed' } });
    expect(await rosterEvents(id, 'TeamRegistrationCompleted')).toHaveLength(1);
  });
});

describe('the deadline, by the server clock', () => {
  it('refuses joins and new teams after the deadline', async () => {
    const id = await hackathon({ registrationDeadline: new Date(t.clock.now().getTime() + 60_000).toISOString() });
    const [a, b] = await registered(id, 2);
    const tm = await team(id, [a!]);
    t.clock.advance(120_000);
    await b!.agent.post(`${base(id)}/teams/join`).send({ code: tm.code }).expect(409, { success: false, message: M.deadlinePassed });
    await b!.agent.post(`${base(id)}/teams`).send({ name: 'Late' }).expect(409, { success: false, message: M.deadlinePassed });
    const late = await member();
    await late.agent.post(`${base(id)}/register`).send({}).expect(409, { success: false, message: M.deadlinePassed });
    // The creator may still submit what they have.
    await a!.agent.post(`${base(id)}/teams/${tm.id}/submit`).expect(200);
  });
});

/** Polls a condition the process manager makes true (bounded; not a timing assertion). */
async function waitFor(condition: () => Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
