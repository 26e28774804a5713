import { expect, it } from 'vitest';
import { hackathonRosterStream } from '@circuit/shared/events/hackathon-registrations';
import type { Agent, TestApp } from '@circuit/embedded/testing/test-app';
import { describeOnBothDatabases } from '@circuit/embedded/testing/both-databases';
import { appendListedHackathon } from './hackathon-fixtures';
import { RosterMessages as M } from './roster-decider';
import { testTeamPayments } from './team-payments.testkit';
import { createRegistrationService } from './registration-service';
import { paymentsUnavailable } from './team-payments';
import { ConcurrencyError, type EventStore } from '@circuit/shared/ports/event-store';
import type { CommandServiceDeps } from '../context';

const payments = testTeamPayments('capacity-secret');

/**
 * Acceptance 2 of issue 11: 30 simultaneous registrations for the last 5 places, exactly 5
 * succeed and the participant count is 5. The same for joins into a team with one free seat.
 */
function capacity(app: () => TestApp) {
  async function members(t: TestApp, n: number): Promise<{ agent: Agent; userId: string }[]> {
    return Promise.all(
      Array.from({ length: n }, async () => {
        const user = t.newUser();
        const { userId } = await t.embedded.commands.accounts.register({ ...user, emailVerified: true }, {});
        const agent = t.request();
        await agent.post('/api/auth/login').send({ identifier: user.username, password: user.password }).expect(200);
        return { agent, userId };
      }),
    );
  }

  it('30 simultaneous registrations for the last 5 places: exactly 5 succeed', async () => {
    const t = app();
    const { hackathonId } = await appendListedHackathon(t.store, { now: t.clock.now(), maxParticipants: 8 });
    const early = await members(t, 3);
    for (const m of early) await m.agent.post(`/api/hackathons/${hackathonId}/register`).send({}).expect(201);
    const crowd = await members(t, 30);

    const answers = await Promise.all(crowd.map((m) => m.agent.post(`/api/hackathons/${hackathonId}/register`).send({})));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(25);
    for (const r of answers.filter((a) => a.status === 409)) expect(r.body.message).toBe(M.full);

    const roster = await t.store.readStream(hackathonRosterStream(hackathonId));
    expect(roster.filter((e) => e.type === 'HackathonParticipantRegistered')).toHaveLength(8);
    const count = await t.knex('hackathon_participants').where({ hackathon_id: hackathonId }).count<{ n: string | number }[]>('* as n');
    expect(Number(count[0]!.n)).toBe(8);
    // The 5 who got in are exactly those answered 201.
    const winners = crowd.filter((_, i) => statuses[i] === 201).map((m) => m.userId).sort();
    const rows: { user_id: string }[] = await t.knex('hackathon_participants').where({ hackathon_id: hackathonId }).whereIn('user_id', crowd.map((m) => m.userId)).select('user_id');
    expect(rows.map((r) => r.user_id).sort()).toEqual(winners);
  });

  it('without the in-process queue the expected revision alone keeps it exact; the queue makes the burst conflict-free', async () => {
    const t = app();
    let conflicts = 0;
    // The store as the service sees it, counting appends refused for a stale revision.
    const counting = new Proxy(t.store, {
      get(target, prop, receiver) {
        if (prop !== 'append') return Reflect.get(target, prop, receiver) as unknown;
        return async (...args: Parameters<EventStore['append']>) => {
          try {
            return await target.append(...args);
          } catch (error) {
            if (error instanceof ConcurrencyError) conflicts++;
            throw error;
          }
        };
      },
    });
    const deps = { store: counting, knex: t.knex, now: t.clock.now, progress: { waitFor: async () => true } } as unknown as CommandServiceDeps;
    const burst = async (queueRosterCommands: boolean) => {
      const service = createRegistrationService(deps, paymentsUnavailable, { queueRosterCommands });
      const { hackathonId } = await appendListedHackathon(t.store, { now: t.clock.now(), maxParticipants: 5 });
      conflicts = 0;
      const results = await Promise.allSettled(Array.from({ length: 30 }, (_, i) => service.register(`user-${i}`, hackathonId, {}, {})));
      const roster = await t.store.readStream(hackathonRosterStream(hackathonId));
      return { ok: results.filter((r) => r.status === 'fulfilled').length, registered: roster.length, conflicts };
    };
    const racing = await burst(false);
    expect([racing.ok, racing.registered]).toEqual([5, 5]);
    const queued = await burst(true);
    expect(queued).toEqual({ ok: 5, registered: 5, conflicts: 0 });
    console.info(`30 registrations for 5 places: ${racing.conflicts} revision conflicts racing, ${queued.conflicts} queued`);
  });

  it('10 simultaneous joins into a team with 2 free seats: exactly 2 join, and each user is in one team', async () => {
    const t = app();
    const { hackathonId } = await appendListedHackathon(t.store, { now: t.clock.now(), maxMembers: 3 });
    const people = await members(t, 11);
    for (const m of people) await m.agent.post(`/api/hackathons/${hackathonId}/register`).send({}).expect(201);
    const [creator, ...rest] = people;
    const { code } = (await creator!.agent.post(`/api/hackathons/${hackathonId}/teams`).send({ name: 'Seats' }).expect(201)).body.data.team;
    const answers = await Promise.all(rest.map((m) => m.agent.post(`/api/hackathons/${hackathonId}/teams/join`).send({ code })));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(2);
    expect(answers.filter((r) => r.status === 409 && r.body.message === M.teamFull)).toHaveLength(8);
    // One user, two requests at once (create and join): one team at most.
    const [x] = rest.filter((_, i) => answers[i]!.status !== 200);
    const both = await Promise.all([
      x!.agent.post(`/api/hackathons/${hackathonId}/teams`).send({ name: 'Mine' }),
      x!.agent.post(`/api/hackathons/${hackathonId}/teams`).send({ name: 'Also mine' }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    const memberships = await t.knex('hackathon_team_members').where({ hackathon_id: hackathonId, user_id: x!.userId });
    expect(memberships).toHaveLength(1);
  });

  it('a verified payment posted 5 times at once plus its webhook 3 times: one payment, one completion', async () => {
    const t = app();
    const { hackathonId } = await appendListedHackathon(t.store, { now: t.clock.now(), fee: { amount: 200, currency: 'INR' } });
    const [a] = await members(t, 1);
    await a!.agent.post(`/api/hackathons/${hackathonId}/register`).send({}).expect(201);
    const { id: teamId } = (await a!.agent.post(`/api/hackathons/${hackathonId}/teams`).send({ name: 'Payers' }).expect(201)).body.data.team;
    await a!.agent.post(`/api/hackathons/${hackathonId}/teams/${teamId}/submit`).expect(200);
    const { orderId } = (await a!.agent.post(`/api/hackathons/${hackathonId}/create-payment-order`).expect(200)).body.data;
    const body = { orderId, paymentId: 'pay_once', signature: payments.sign(orderId, 'pay_once') };
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => a!.agent.post(`/api/hackathons/${hackathonId}/verify-payment`).send(body)),
      ...Array.from({ length: 3 }, () => payments.webhook(orderId, 'pay_once')),
    ]);
    expect(answers.slice(0, 5).map((r) => (r as { status: number }).status)).toEqual([200, 200, 200, 200, 200]);
    expect((await t.store.readStream(`payment-${orderId}`)).filter((e) => e.type === 'PaymentVerified')).toHaveLength(1);
    const roster = await t.store.readStream(hackathonRosterStream(hackathonId));
    expect(roster.filter((e) => e.type === 'TeamRegistrationCompleted')).toHaveLength(1);
  });
}

describeOnBothDatabases('registration capacity', { schemaLabel: 'hackathon_capacity', app: { teamPayments: payments.factory } }, capacity);
