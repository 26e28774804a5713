import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@circuit/embedded/testing/test-app';
import { appendListedHackathon } from './hackathon-fixtures';
import { testTeamPayments } from './team-payments.testkit';
import { seedHackathonRegistrations } from './seed-registrations';

describe('seed of registrations and teams', () => {
  const payments = testTeamPayments();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ teamPayments: payments.factory });
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('registers users, forms teams, submits and pays some; a second run adds nothing', async () => {
    const now = t.clock.now();
    const hackathons = [
      await appendListedHackathon(t.store, { now, minMembers: 2, maxMembers: 3 }),
      await appendListedHackathon(t.store, { now, fee: { amount: 250, currency: 'INR' }, minMembers: 1 }),
      await appendListedHackathon(t.store, { now, fee: { amount: 300, currency: 'INR' }, minMembers: 2 }),
      await appendListedHackathon(t.store, { now, approved: false }),
    ];
    const users = [];
    for (let i = 0; i < 6; i++) {
      const user = t.newUser();
      users.push({ userId: (await t.embedded.commands.accounts.register({ ...user, emailVerified: true }, {})).userId, username: user.username });
    }
    const deps = {
      registrations: t.embedded.commands.registrations,
      store: t.store,
      payOrder: async ({ orderId }: { orderId: string }) => ({ paymentId: `pay_${orderId}`, signature: payments.sign(orderId, `pay_${orderId}`) }),
    };
    const result = await seedHackathonRegistrations(deps, hackathons, users);
    expect(result).toEqual({ registrations: 18, teams: 6, submitted: 3, paid: 1 });
    const statuses = await t.knex('hackathon_teams').select('status');
    expect(statuses.map((s: { status: string }) => s.status).sort()).toEqual(['complete', 'complete', 'forming', 'forming', 'forming', 'payment_required']);
    expect(await t.knex('hackathon_participants').where({ hackathon_id: hackathons[3]!.hackathonId })).toEqual([]);

    const head = await t.store.headPosition();
    expect(await seedHackathonRegistrations(deps, hackathons, users)).toEqual({ registrations: 0, teams: 0, submitted: 0, paid: 0 });
    expect(await t.store.headPosition()).toBe(head);
  });
});
