import { beforeAll, describe, expect, it } from 'vitest';
import { userStream } from '@circuit/shared/events/accounts';
import type { DomainEvent } from '@circuit/shared/events/catalogue';
import { hackathonRosterStream } from '@circuit/shared/events/hackathon-registrations';
import { findRegistrationStatus, findTeamStatus } from '@circuit/shared/read-models/hackathon-registrations';
import { projectionHarness, userRegistered } from '../runner/projection-harness.testkit';
import { usersProjection } from '../accounts/users-projection';
import { migrateRegistrationsReadModels } from './registrations-migrations';
import { registrationsProjection } from './registrations-projection';

/** Events in, rows out: participants, teams and members of a hackathon, whatever the batch boundaries. */
describe('hackathon registrations projection', () => {
  const t = projectionHarness([migrateRegistrationsReadModels], [usersProjection, registrationsProjection]);
  const T = '2030-03-01T10:00:00.000Z';
  const H = 'h1';

  beforeAll(async () => {
    for (const [id, first] of [['a', 'Asha'], ['b', 'Bala'], ['c', 'Chen']] as const) {
      await t.append(userStream(id), [userRegistered({ userId: id, username: first.toLowerCase(), email: `${id}@example.com`, firstName: first, lastName: 'R' }, T)], T);
    }
  });

  const append = (events: DomainEvent[]) => t.append(hackathonRosterStream(H), events, T);
  const registered = (userId: string, fee: 'free' | 'paid' = 'paid'): DomainEvent => ({ type: 'HackathonParticipantRegistered', data: { hackathonId: H, userId, profile: {}, at: T, fee } });
  const teamOf = async (userId: string) => (await findTeamStatus(t.knex, H, userId)).team;

  it('registers, forms a team, fails then completes a payment; one batch or many give the same rows', async () => {
    await append([
      registered('a'),
      registered('b'),
      registered('c'),
      { type: 'TeamCreated', data: { hackathonId: H, teamId: 't1', name: 'Byte', code: 'ABC234', creatorId: 'a', at: T } },
      { type: 'TeamMemberJoined', data: { hackathonId: H, teamId: 't1', userId: 'b', at: '2030-03-01T10:01:00.000Z' } },
      { type: 'TeamMemberJoined', data: { hackathonId: H, teamId: 't1', userId: 'c', at: '2030-03-01T10:02:00.000Z' } },
      { type: 'TeamMemberRemoved', data: { hackathonId: H, teamId: 't1', userId: 'c', byUserId: 'a', at: T } },
      { type: 'TeamSubmitted', data: { hackathonId: H, teamId: 't1', byUserId: 'a', memberIds: ['a', 'b'], requiresPayment: true, amount: 500, currency: 'INR', at: T } },
      { type: 'TeamPaymentFailed', data: { hackathonId: H, teamId: 't1', orderId: 'o1', reason: 'declined', at: T } },
    ]);
    await t.runner.rebuild();
    const team = await teamOf('b');
    expect(team).toMatchObject({ id: 't1', name: 'Byte', code: 'ABC234', creator: 'a', status: 'payment_required', registrationComplete: false });
    expect(team!.members).toEqual([
      { _id: 'a', username: 'asha', firstName: 'Asha', lastName: 'R', profilePicture: null },
      { _id: 'b', username: 'bala', firstName: 'Bala', lastName: 'R', profilePicture: null },
    ]);
    expect(await findRegistrationStatus(t.knex, H, 'a')).toEqual({ registered: true, paymentStatus: 'failed' });
    expect(await findRegistrationStatus(t.knex, H, 'c')).toEqual({ registered: true, paymentStatus: 'pending' });
    expect(await findTeamStatus(t.knex, H, 'c')).toMatchObject({ registered: true, participant: { teamId: null }, team: null });

    await append([{ type: 'TeamRegistrationCompleted', data: { hackathonId: H, teamId: 't1', via: 'payment', orderId: 'o2', paymentId: 'p2', at: T } }]);
    await t.runner.rebuild();
    expect(await teamOf('a')).toMatchObject({ status: 'complete', registrationComplete: true });
    expect(await findRegistrationStatus(t.knex, H, 'b')).toEqual({ registered: true, paymentStatus: 'completed' });
    expect(await findRegistrationStatus(t.knex, H, 'c')).toEqual({ registered: true, paymentStatus: 'pending' });

    // The same events one per transaction give the same rows.
    const snapshot = async () => ({
      participants: await t.knex('hackathon_participants').orderBy('user_id').select('user_id', 'team_id', 'payment_status'),
      members: await t.knex('hackathon_team_members').orderBy('user_id').select('team_id', 'user_id'),
      teams: await t.knex('hackathon_teams').select('id', 'status'),
    });
    const batched = await snapshot();
    for (const table of ['hackathon_participants', 'hackathon_teams', 'hackathon_team_members']) await t.knex(table).del();
    for (const event of await t.store.readStream(hackathonRosterStream(H))) await t.knex.transaction((trx) => registrationsProjection.applyBatch(trx, [event]));
    expect(await snapshot()).toEqual(batched);
  });

  it('a deleted team frees its members (also one created and deleted in the same batch), unregistering removes the row', async () => {
    await append([
      { type: 'TeamCreated', data: { hackathonId: H, teamId: 't2', name: 'Solo', code: 'SOLO22', creatorId: 'c', at: T } },
      { type: 'TeamDeleted', data: { hackathonId: H, teamId: 't2', byUserId: 'c', at: T } },
      { type: 'TeamCreated', data: { hackathonId: H, teamId: 't3', name: 'Again', code: 'AGAIN2', creatorId: 'c', at: T } },
    ]);
    await t.runner.rebuild();
    expect((await teamOf('c'))?.id).toBe('t3');
    await append([
      { type: 'TeamDeleted', data: { hackathonId: H, teamId: 't3', byUserId: 'c', at: T } },
      { type: 'HackathonParticipantUnregistered', data: { hackathonId: H, userId: 'c', at: T } },
    ]);
    await t.runner.rebuild();
    expect(await findTeamStatus(t.knex, H, 'c')).toEqual({ registered: false, participant: null, team: null });
    expect(await t.knex('hackathon_team_members').whereIn('team_id', ['t2', 't3'])).toEqual([]);
    expect(await t.knex('hackathon_teams').whereIn('id', ['t2', 't3'])).toEqual([]);
  });
});
