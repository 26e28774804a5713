import { expect, it } from 'vitest';
import { hackathonRosterStream } from '@circuit/shared/events/hackathon-registrations';
import { hackathonSlugStream } from '@circuit/shared/events/hackathons';
import { describeOnBothDatabases, type OpenDatabase } from '@circuit/shared/testkit/both-databases';
import { feedOnDatabase, laterCopy, type FeedAppend } from '../runner/batch-equivalence.testkit';
import { migrateRegistrationsReadModels } from './registrations-migrations';
import { registrationsProjection } from './registrations-projection';

/**
 * The registrations projection reads a batch's participants once and folds the batch in memory;
 * applied one event per batch, in one batch, or cut anywhere between, a feed must leave the same
 * rows in every table. The feed has what a batch gets wrong most easily: a payment settled for a
 * team whose members changed in the same batch (one left before, one joined before, one left
 * after), a team created and deleted around its members, a participant who unregisters and
 * registers again, a second registration of the same user, and a slug released and reserved again.
 */
const TABLES: Record<string, string[]> = {
  hackathon_participants: ['hackathon_id', 'user_id'],
  hackathon_teams: ['id'],
  hackathon_team_members: ['team_id', 'user_id'],
  hackathon_roster_slugs: ['slug'],
};

let minute = 0;
const at = () => new Date(Date.UTC(2030, 2, 1, 10, minute++)).toISOString();


function rosterFeed(): FeedAppend[] {
  const roster = (h: string, type: string, data: object): FeedAppend => [hackathonRosterStream(h), [{ type, data: { hackathonId: h, at: at(), ...data } }]];
  const register = (h: string, userId: string, fee: 'free' | 'paid' = 'paid') => roster(h, 'HackathonParticipantRegistered', { userId, profile: {}, fee });
  const create = (h: string, teamId: string, creatorId: string) => roster(h, 'TeamCreated', { teamId, name: `Team ${teamId}`, code: teamId.toUpperCase(), creatorId });
  const join = (h: string, teamId: string, userId: string) => roster(h, 'TeamMemberJoined', { teamId, userId });
  const remove = (h: string, teamId: string, userId: string) => roster(h, 'TeamMemberRemoved', { teamId, userId, byUserId: userId });
  const submit = (h: string, teamId: string, memberIds: string[]) => roster(h, 'TeamSubmitted', { teamId, byUserId: memberIds[0], memberIds, requiresPayment: true, amount: 500, currency: 'INR' });
  const completed = (h: string, teamId: string, orderId: string) => roster(h, 'TeamRegistrationCompleted', { teamId, via: 'payment', orderId, paymentId: `p-${orderId}` });
  const failed = (h: string, teamId: string, orderId: string) => roster(h, 'TeamPaymentFailed', { teamId, orderId, reason: 'declined' });
  const slug = (type: 'HackathonSlugReserved' | 'HackathonSlugReleased', name: string, hackathonId: string): FeedAppend => [hackathonSlugStream(name), [{ type, data: { slug: name, hackathonId, at: at() } }]];
  return [
    slug('HackathonSlugReserved', 'Alpha', 'h1'),
    ...['a', 'b', 'c', 'd', 'e'].map((u) => register('h1', u)),
    register('h2', 'a', 'free'),
    create('h1', 't1', 'a'),
    join('h1', 't1', 'b'),
    join('h1', 't1', 'c'),
    submit('h1', 't1', ['a', 'b', 'c']),
    failed('h1', 't1', 'o1'),
    // c leaves after the failure and before the completion; d joins in between; b leaves after it.
    remove('h1', 't1', 'c'),
    join('h1', 't1', 'd'),
    completed('h1', 't1', 'o2'),
    remove('h1', 't1', 'b'),
    // A second registration of the same user changes nothing.
    register('h1', 'a', 'free'),
    // e unregisters and registers again, then forms a team that is deleted.
    roster('h1', 'HackathonParticipantUnregistered', { userId: 'e' }),
    register('h1', 'e'),
    create('h1', 't2', 'e'),
    join('h1', 't2', 'b'),
    failed('h1', 't2', 'o3'),
    roster('h1', 'TeamDeleted', { teamId: 't2', byUserId: 'e' }),
    join('h1', 't1', 'e'),
    // A team of a user who is not registered (the rows of who is not there change nothing).
    create('h2', 't3', 'z'),
    join('h2', 't3', 'a'),
    completed('h2', 't3', 'o4'),
    slug('HackathonSlugReleased', 'Alpha', 'h1'),
    slug('HackathonSlugReserved', 'alpha', 'h2'),
    remove('h2', 't3', 'a'),
    roster('h2', 'HackathonParticipantUnregistered', { userId: 'a' }),
    register('h2', 'a', 'paid'),
    create('h2', 't4', 'a'),
    submit('h2', 't4', ['a']),
    failed('h2', 't4', 'o5'),
    roster('h2', 'TeamDeleted', { teamId: 't3', byUserId: 'z' }),
  ];
}

/** What names a hackathon, team or slug in the events and streams: a later copy prefixes them (about others). */
const ROSTER_KEYS = ['hackathonId', 'teamId', 'slug'];
const ROSTER_STREAMS = ['hackathon-roster-', 'hackathon-slug-'];

function registrationsSuite(open: OpenDatabase) {
  const suite = feedOnDatabase(open, { tables: TABLES, projections: [registrationsProjection], migrations: [migrateRegistrationsReadModels], feed: rosterFeed, timeoutMs: 180_000 });

  it('gives the rows of one event at a time in one batch, in batches cut anywhere, and in a rebuild', async () => {
    const { batches, events, store } = suite;
    await batches.applyInBatches(events, [1]);
    const oneByOne = await batches.dump();

    // What one event at a time gives, checked by hand where a batch could go wrong.
    const participants = Object.fromEntries(oneByOne.hackathon_participants!.map((p) => [`${String(p.hackathon_id)}:${String(p.user_id)}`, [p.team_id, p.payment_status]]));
    expect(participants).toEqual({
      'h1:a': ['t1', 'completed'],
      // b's payment failed with t2 after it left t1 (settled), e's with t2 before it joined t1.
      'h1:b': [null, 'failed'],
      'h1:c': [null, 'failed'],
      'h1:d': ['t1', 'completed'],
      'h1:e': ['t1', 'failed'],
      'h2:a': ['t4', 'failed'],
    });
    expect(oneByOne.hackathon_teams!.map((t) => [t.id, t.status])).toEqual([
      // A member leaving a team puts it back to forming, after its completion too.
      ['t1', 'forming'],
      ['t4', 'payment_required'],
    ]);
    expect(oneByOne.hackathon_team_members!.map((m) => `${String(m.team_id)}:${String(m.user_id)}`)).toEqual(['t1:a', 't1:d', 't1:e', 't4:a']);
    expect(oneByOne.hackathon_roster_slugs).toEqual([{ slug: 'alpha', hackathon_id: 'h2' }]);

    await batches.expectSameRowsHoweverCut(events, oneByOne, [[events.length], [2], [3], [5], [8], [13], [20, 1], [1, 25], [Math.floor(events.length / 2)]], store);
  }, 120_000);

  it('writes a batch with as many statements whatever its size', async () => {
    const { batches, events, knex } = suite;
    const once = await batches.statementsOf(events);
    const thrice = await batches.statementsOf([...events, ...laterCopy(events, 'b-', ROSTER_KEYS, ROSTER_STREAMS), ...laterCopy(events, 'c-', ROSTER_KEYS, ROSTER_STREAMS)]);
    expect(Number((await knex('hackathon_teams').count<{ n: string }[]>({ n: '*' }))[0]!.n)).toBe(6);
    expect(thrice).toBe(once);
    expect(once).toBeLessThan(events.length / 2);
  });
}

describeOnBothDatabases('hackathon registrations in batches', 'registrations_batches', registrationsSuite);
