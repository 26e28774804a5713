import { describe, expect, it } from 'vitest';
import { given } from '@circuit/shared/testkit/given-when-then';
import { acceptedListing } from '../listings/listing-fixtures.testkit';
import type { HackathonInfo } from './hackathon-info';
import { RosterMessages as M, rosterDecider, type RosterEvent } from './roster-decider';

const now = new Date('2030-01-10T10:00:00.000Z');
const at = now.toISOString();
const H = 'h1';
const hackathon = (over: Partial<HackathonInfo> = {}): HackathonInfo => ({
  hackathonId: H,
  ...acceptedListing,
  takeRegistrations: 'pending',
  registrationDeadline: '2030-01-20T00:00:00.000Z',
  maxParticipants: 3,
  minMembers: 2,
  maxMembers: 3,
  pricing: { type: 'free', amount: 0, currency: 'INR' },
  ...over,
});
const paid = hackathon({ pricing: { type: 'paid', amount: 500, currency: 'INR' } });

const registered = (userId: string): RosterEvent => ({ type: 'HackathonParticipantRegistered', data: { hackathonId: H, userId, profile: {}, at, fee: 'free' } });
const created = (teamId: string, creatorId: string, code = 'ABC123'): RosterEvent => ({ type: 'TeamCreated', data: { hackathonId: H, teamId, name: 'Team', code, creatorId, at } });
const joined = (teamId: string, userId: string): RosterEvent => ({ type: 'TeamMemberJoined', data: { hackathonId: H, teamId, userId, at } });
const base = { now, hackathon: hackathon() };

describe('registration', () => {
  it('registers an accepted hackathon that takes registrations', () => {
    given(rosterDecider, []).when({ type: 'Register', userId: 'u1', profile: { college: 'IIT' }, ...base }).then([
      { type: 'HackathonParticipantRegistered', data: { hackathonId: H, userId: 'u1', profile: { college: 'IIT' }, at, fee: 'free' } },
    ]);
  });
  it('never exceeds maxParticipants', () => {
    given(rosterDecider, [registered('a'), registered('b'), registered('c')]).when({ type: 'Register', userId: 'd', profile: {}, ...base }).thenThrows('conflict', M.full);
  });
  it('frees a place when someone unregisters', () => {
    const events = [registered('a'), registered('b'), registered('c'), { type: 'HackathonParticipantUnregistered', data: { hackathonId: H, userId: 'b', at } } as RosterEvent];
    expect(given(rosterDecider, events).when({ type: 'Register', userId: 'd', profile: {}, ...base }).events()).toHaveLength(1);
  });
  it('refuses a second registration of the same user', () => {
    given(rosterDecider, [registered('a')]).when({ type: 'Register', userId: 'a', profile: {}, ...base }).thenThrows('conflict', M.alreadyRegistered);
  });
  it("decides the deadline by the server's clock passed in", () => {
    given(rosterDecider, []).when({ type: 'Register', userId: 'a', profile: {}, now: new Date('2030-01-20T00:00:00.001Z'), hackathon: hackathon() }).thenThrows('conflict', M.deadlinePassed);
  });
  it('refuses hackathons that are not accepted or do not take registrations, and unknown ones', () => {
    given(rosterDecider).when({ type: 'Register', userId: 'a', profile: {}, now, hackathon: hackathon({ status: 'pending' }) }).thenThrows('conflict', M.notOpen);
    given(rosterDecider).when({ type: 'Register', userId: 'a', profile: {}, now, hackathon: hackathon({ takeRegistrations: 'false' }) }).thenThrows('conflict', M.notOpen);
    given(rosterDecider).when({ type: 'Register', userId: 'a', profile: {}, now, hackathon: hackathon({ takeRegistrations: 'true' }) }).then((e) => expect(e).toHaveLength(1));
    given(rosterDecider).when({ type: 'Register', userId: 'a', profile: {}, now, hackathon: hackathon({ exists: false }) }).thenThrows('not_found', 'Hackathon not found');
  });
  it('unregisters a member of a forming team out of the team; never after completion; not the creator', () => {
    given(rosterDecider, [registered('a'), registered('b'), created('t', 'a'), joined('t', 'b')]).when({ type: 'Unregister', userId: 'b', ...base }).then([
      { type: 'TeamMemberRemoved', data: { hackathonId: H, teamId: 't', userId: 'b', byUserId: 'b', at } },
      { type: 'HackathonParticipantUnregistered', data: { hackathonId: H, userId: 'b', at } },
    ]);
    given(rosterDecider, [registered('a'), registered('b'), created('t', 'a'), joined('t', 'b')]).when({ type: 'Unregister', userId: 'a', ...base }).thenThrows('conflict', M.unregisterCreator);
    const complete: RosterEvent = { type: 'TeamRegistrationCompleted', data: { hackathonId: H, teamId: 't', via: 'free', orderId: null, paymentId: null, at } };
    given(rosterDecider, [registered('a'), registered('b'), created('t', 'a'), joined('t', 'b'), complete]).when({ type: 'Unregister', userId: 'b', ...base }).thenThrows('conflict', M.unregisterComplete);
    given(rosterDecider, []).when({ type: 'Unregister', userId: 'b', ...base }).thenThrows('conflict', M.notRegistered);
  });
});

describe('teams', () => {
  const two = [registered('a'), registered('b'), registered('c')];
  it('creates a team for a registered user without one', () => {
    given(rosterDecider, two).when({ type: 'CreateTeam', userId: 'a', teamId: 't', name: ' Byte ', code: 'abc123', ...base }).then([
      { type: 'TeamCreated', data: { hackathonId: H, teamId: 't', name: 'Byte', code: 'ABC123', creatorId: 'a', at } },
    ]);
    given(rosterDecider, []).when({ type: 'CreateTeam', userId: 'a', teamId: 't', name: 'x', code: 'C', ...base }).thenThrows('forbidden', M.registerFirst);
    given(rosterDecider, [...two, created('t', 'a')]).when({ type: 'CreateTeam', userId: 'a', teamId: 't2', name: 'x', code: 'C2', ...base }).thenThrows('conflict', M.alreadyInTeam);
    given(rosterDecider, [...two, created('t', 'a', 'SAME')]).when({ type: 'CreateTeam', userId: 'b', teamId: 't2', name: 'x', code: 'same', ...base }).thenThrows('conflict', M.codeTaken);
  });
  it('joins by code (any case), one team per user, not a full team, not after the deadline', () => {
    given(rosterDecider, [...two, created('t', 'a')]).when({ type: 'JoinTeam', userId: 'b', code: 'abc123', ...base }).then([joined('t', 'b')]);
    given(rosterDecider, [...two, created('t', 'a'), joined('t', 'b')]).when({ type: 'JoinTeam', userId: 'b', code: 'ABC123', ...base }).thenThrows('conflict', M.alreadyInTeam);
    given(rosterDecider, [...two, created('t', 'a'), created('t2', 'b', 'OTHER')]).when({ type: 'JoinTeam', userId: 'b', code: 'ABC123', ...base }).thenThrows('conflict', M.alreadyInTeam);
    given(rosterDecider, [...two, created('t', 'a')]).when({ type: 'JoinTeam', userId: 'b', code: 'NOPE', ...base }).thenThrows('not_found', M.invalidCode);
    given(rosterDecider, [...two, created('t', 'a'), joined('t', 'b')])
      .when({ type: 'JoinTeam', userId: 'c', code: 'ABC123', now, hackathon: hackathon({ maxMembers: 2 }) })
      .thenThrows('conflict', M.teamFull);
    given(rosterDecider, [...two, created('t', 'a')]).when({ type: 'JoinTeam', userId: 'b', code: 'ABC123', now: new Date('2030-02-01T00:00:00Z'), hackathon: hackathon() }).thenThrows('conflict', M.deadlinePassed);
  });
  it('lets only the creator remove others, delete and submit; forged ids are not found', () => {
    const team = [...two, created('t', 'a'), joined('t', 'b')];
    given(rosterDecider, team).when({ type: 'RemoveMember', userId: 'a', teamId: 't', memberId: 'b', ...base }).then([
      { type: 'TeamMemberRemoved', data: { hackathonId: H, teamId: 't', userId: 'b', byUserId: 'a', at } },
    ]);
    given(rosterDecider, team).when({ type: 'RemoveMember', userId: 'b', teamId: 't', memberId: 'a', ...base }).thenThrows('forbidden', M.onlyCreatorRemove);
    given(rosterDecider, team).when({ type: 'RemoveMember', userId: 'a', teamId: 't', memberId: 'a', ...base }).thenThrows('refused', M.removeSelf);
    given(rosterDecider, team).when({ type: 'RemoveMember', userId: 'a', teamId: 't', memberId: 'c', ...base }).thenThrows('not_found', M.notAMember);
    given(rosterDecider, team).when({ type: 'RemoveMember', userId: 'a', teamId: 'forged', memberId: 'b', ...base }).thenThrows('not_found', M.teamNotFound);
    given(rosterDecider, team).when({ type: 'DeleteTeam', userId: 'b', teamId: 't', ...base }).thenThrows('forbidden', M.onlyCreatorDelete);
    given(rosterDecider, team).when({ type: 'DeleteTeam', userId: 'a', teamId: 't', ...base }).then([{ type: 'TeamDeleted', data: { hackathonId: H, teamId: 't', byUserId: 'a', at } }]);
    given(rosterDecider, team).when({ type: 'SubmitTeam', userId: 'b', teamId: 't', ...base }).thenThrows('forbidden', M.onlyCreatorSubmit);
  });
  it('frees the members of a deleted team to join another', () => {
    const events = [...two, created('t', 'a'), joined('t', 'b'), { type: 'TeamDeleted', data: { hackathonId: H, teamId: 't', byUserId: 'a', at } } as RosterEvent, created('t2', 'c', 'NEW')];
    given(rosterDecider, events).when({ type: 'JoinTeam', userId: 'b', code: 'NEW', ...base }).then([joined('t2', 'b')]);
    given(rosterDecider, events).when({ type: 'JoinTeam', userId: 'b', code: 'ABC123', ...base }).thenThrows('not_found', M.invalidCode);
  });
  it('submits within the team size; free completes at once, paid requires payment', () => {
    given(rosterDecider, [...two, created('t', 'a')]).when({ type: 'SubmitTeam', userId: 'a', teamId: 't', ...base }).thenThrows('refused', M.tooFew(2));
    const team = [...two, created('t', 'a'), joined('t', 'b')];
    given(rosterDecider, team).when({ type: 'SubmitTeam', userId: 'a', teamId: 't', ...base }).then([
      { type: 'TeamSubmitted', data: { hackathonId: H, teamId: 't', byUserId: 'a', memberIds: ['a', 'b'], requiresPayment: false, amount: 0, currency: 'INR', at } },
      { type: 'TeamRegistrationCompleted', data: { hackathonId: H, teamId: 't', via: 'free', orderId: null, paymentId: null, at } },
    ]);
    const submitted = given(rosterDecider, team).when({ type: 'SubmitTeam', userId: 'a', teamId: 't', now, hackathon: paid });
    expect(submitted.events()).toEqual([
      { type: 'TeamSubmitted', data: { hackathonId: H, teamId: 't', byUserId: 'a', memberIds: ['a', 'b'], requiresPayment: true, amount: 500, currency: 'INR', at } },
    ]);
    const afterSubmit = [...team, ...submitted.events()];
    // Submitting again while payment is due appends nothing; nobody joins a submitted team.
    given(rosterDecider, afterSubmit).when({ type: 'SubmitTeam', userId: 'a', teamId: 't', now, hackathon: paid }).then([]);
    given(rosterDecider, afterSubmit).when({ type: 'JoinTeam', userId: 'c', code: 'ABC123', now, hackathon: paid }).thenThrows('conflict', M.teamSubmitted);
    // The team is over its maximum when the organiser lowered it meanwhile.
    given(rosterDecider, team).when({ type: 'SubmitTeam', userId: 'a', teamId: 't', now, hackathon: hackathon({ minMembers: 1, maxMembers: 1 }) }).thenThrows('refused', M.tooMany(1));
  });
  it('completes a paid team once, however often the payment is reported; nothing changes after completion', () => {
    const pay = { type: 'CompleteTeamPayment' as const, hackathonId: H, teamId: 't', orderId: 'o1', paymentId: 'p1', now };
    const team = [...two, created('t', 'a'), joined('t', 'b'), { type: 'TeamSubmitted', data: { hackathonId: H, teamId: 't', byUserId: 'a', memberIds: ['a', 'b'], requiresPayment: true, amount: 500, currency: 'INR', at } } as RosterEvent];
    const first = given(rosterDecider, team).when(pay).then([{ type: 'TeamRegistrationCompleted', data: { hackathonId: H, teamId: 't', via: 'payment', orderId: 'o1', paymentId: 'p1', at } }]);
    const done = [...team, ...first];
    given(rosterDecider, done).when(pay).then([]);
    // A second order paid for the complete team, or a payment for a team deleted meanwhile, bought nothing: refunded once.
    const twice: RosterEvent = { type: 'TeamPaymentUnplaced', data: { hackathonId: H, teamId: 't', orderId: 'o2', paymentId: 'p2', at } };
    given(rosterDecider, done).when({ ...pay, orderId: 'o2', paymentId: 'p2' }).then([twice]);
    given(rosterDecider, [...done, twice]).when({ ...pay, orderId: 'o2', paymentId: 'p2' }).then([]);
    given(rosterDecider, two).when({ ...pay, teamId: 'gone' }).then([{ type: 'TeamPaymentUnplaced', data: { hackathonId: H, teamId: 'gone', orderId: 'o1', paymentId: 'p1', at } }]);
    given(rosterDecider, done).when({ type: 'FailTeamPayment', hackathonId: H, teamId: 't', orderId: 'o2', reason: 'x', now }).then([]);
    given(rosterDecider, done).when({ type: 'RemoveMember', userId: 'a', teamId: 't', memberId: 'b', ...base }).thenThrows('conflict', M.teamComplete);
    given(rosterDecider, done).when({ type: 'DeleteTeam', userId: 'a', teamId: 't', ...base }).thenThrows('conflict', M.teamComplete);
    given(rosterDecider, team).when({ type: 'FailTeamPayment', hackathonId: H, teamId: 't', orderId: 'o1', reason: 'card declined', now }).then([
      { type: 'TeamPaymentFailed', data: { hackathonId: H, teamId: 't', orderId: 'o1', reason: 'card declined', at } },
    ]);
  });
});
