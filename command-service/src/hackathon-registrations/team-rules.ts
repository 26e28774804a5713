import type { DomainEvent } from '@circuit/shared/events/catalogue';
import type { HACKATHON_ROSTER_EVENT_TYPES } from '@circuit/shared/events/hackathon-registrations';
import type { RegistrationProfile } from '@circuit/shared/api/hackathons';
import { HackathonMessages } from '@circuit/shared/validation/hackathons';
import { conflict, forbidden, notFound, refused } from '@circuit/shared/commands/domain-errors';
import { assertTakingRegistrations } from '../registrations/admission';
import type { RosterState } from '../registrations/roster-definition';
import type { HackathonInfo } from './hackathon-info';
import { RosterMessages as M, RosterRefusal } from './roster-messages';

/**
 * A hackathon's teams, the rules only hackathons have: a registered user creates a team (with a
 * code unique in the hackathon) or joins one by its code, one team per user, within the team size;
 * the creator removes members, deletes the team, and submits it, which completes a free
 * hackathon's registration or makes the team's fee due. The team's payment is then the roster
 * core's, as every kind's (roster-decider.ts names the team as the payer). Plain functions on
 * the roster's state, whose `own` part these keep.
 */

export type TeamStatusValue = 'forming' | 'payment_required' | 'complete';

export interface RosterTeam {
  teamId: string;
  name: string;
  code: string;
  creatorId: string;
  /** In the order they joined, the creator first. */
  members: readonly string[];
  status: TeamStatusValue;
}

export interface Teams {
  teams: Readonly<Record<string, RosterTeam>>;
  /** Upper-cased team code -> team id. */
  codes: Readonly<Record<string, string>>;
  /** Each registered user's team. */
  teamOf: Readonly<Record<string, string>>;
}

/** Every event of the roster stream: registrations, teams and the team's payment. */
export type HackathonRosterEvent = DomainEvent<(typeof HACKATHON_ROSTER_EVENT_TYPES)[number]>;

export type HackathonRoster = RosterState<RegistrationProfile, Teams>;

interface At {
  hackathon: HackathonInfo;
  now: Date;
}

export type TeamCommand =
  | ({ type: 'CreateTeam'; userId: string; teamId: string; name: string; code: string } & At)
  | ({ type: 'JoinTeam'; userId: string; code: string } & At)
  | ({ type: 'RemoveMember'; userId: string; teamId: string; memberId: string } & At)
  | ({ type: 'DeleteTeam'; userId: string; teamId: string } & At)
  | ({ type: 'SubmitTeam'; userId: string; teamId: string } & At);

export const noTeams = (): Teams => ({ teams: {}, codes: {}, teamOf: {} });

const normaliseCode = (code: string) => code.trim().toUpperCase();

function without<V>(record: Readonly<Record<string, V>>, key: string): Record<string, V> {
  const { [key]: _gone, ...rest } = record;
  return rest;
}

function patchTeam(own: Teams, teamId: string, change: (team: RosterTeam) => RosterTeam): Teams {
  const team = own.teams[teamId];
  return team ? { ...own, teams: { ...own.teams, [teamId]: change(team) } } : own;
}

export function evolveTeams(own: Teams, event: HackathonRosterEvent): Teams {
  switch (event.type) {
    case 'TeamCreated': {
      const d = event.data;
      const team: RosterTeam = { teamId: d.teamId, name: d.name, code: d.code, creatorId: d.creatorId, members: [d.creatorId], status: 'forming' };
      return { teams: { ...own.teams, [d.teamId]: team }, codes: { ...own.codes, [normaliseCode(d.code)]: d.teamId }, teamOf: { ...own.teamOf, [d.creatorId]: d.teamId } };
    }
    case 'TeamMemberJoined': {
      const d = event.data;
      const next = patchTeam(own, d.teamId, (t) => ({ ...t, members: [...t.members, d.userId] }));
      return { ...next, teamOf: { ...next.teamOf, [d.userId]: d.teamId } };
    }
    case 'TeamMemberRemoved': {
      const d = event.data;
      // A submitted team that loses a member forms again and is submitted again.
      const next = patchTeam(own, d.teamId, (t) => ({ ...t, members: t.members.filter((m) => m !== d.userId), status: t.status === 'complete' ? t.status : 'forming' }));
      return { ...next, teamOf: without(next.teamOf, d.userId) };
    }
    case 'TeamDeleted': {
      const team = own.teams[event.data.teamId];
      if (!team) return own;
      const teamOf = { ...own.teamOf };
      for (const member of team.members) delete teamOf[member];
      return { teams: without(own.teams, team.teamId), codes: without(own.codes, normaliseCode(team.code)), teamOf };
    }
    case 'TeamSubmitted':
      return patchTeam(own, event.data.teamId, (t) => ({ ...t, status: event.data.requiresPayment ? 'payment_required' : t.status }));
    case 'TeamRegistrationCompleted':
      return patchTeam(own, event.data.teamId, (t) => ({ ...t, status: 'complete' }));
    case 'HackathonParticipantUnregistered':
      return { ...own, teamOf: without(own.teamOf, event.data.userId) };
    default:
      return own;
  }
}

/** What the team's events do to its payment: a submit with a fee makes it due, a deletion drops it. */
export function teamPayment(event: HackathonRosterEvent): { payer: string; change: 'due' | 'dropped' } | null {
  if (event.type === 'TeamSubmitted' && event.data.requiresPayment) return { payer: event.data.teamId, change: 'due' };
  if (event.type === 'TeamDeleted') return { payer: event.data.teamId, change: 'dropped' };
  return null;
}

export function assertExists(hackathon: HackathonInfo): void {
  if (!hackathon.exists || hackathon.deleted) throw notFound(HackathonMessages.notFound);
}

export function assertOpen(hackathon: HackathonInfo, now: Date): void {
  assertExists(hackathon);
  assertTakingRegistrations(hackathon, now, M);
}

/** The user's team (null: none); refused when they are not registered. */
function registeredTeamOf(state: HackathonRoster, userId: string): string | null {
  if (!state.entrants[userId]) throw forbidden(M.registerFirst);
  return state.own.teamOf[userId] ?? null;
}

/** The team of the path, checked against the caller: a forged id or another hackathon's team is "not found". */
function ownTeam(state: HackathonRoster, teamId: string, userId: string, notCreator: string): RosterTeam {
  const team = state.own.teams[teamId];
  if (!team) throw notFound(M.teamNotFound);
  if (team.creatorId !== userId) throw forbidden(notCreator);
  if (team.status === 'complete') throw conflict(M.teamComplete);
  return team;
}

/** What goes with a participant who unregisters: their place in a forming team (a complete team's, or its creator, cannot go). */
export function leavingTeam(state: HackathonRoster, userId: string, hackathon: HackathonInfo, now: Date): HackathonRosterEvent[] {
  const teamId = state.own.teamOf[userId];
  const team = teamId ? state.own.teams[teamId] : undefined;
  if (!team) return [];
  if (team.status === 'complete') throw conflict(M.unregisterComplete);
  if (team.creatorId === userId) throw conflict(M.unregisterCreator);
  return [{ type: 'TeamMemberRemoved', data: { hackathonId: hackathon.hackathonId, teamId: team.teamId, userId, byUserId: userId, at: now.toISOString() } }];
}

export function decideTeam(command: TeamCommand, state: HackathonRoster): HackathonRosterEvent[] {
  const { hackathon, userId } = command;
  const at = command.now.toISOString();
  const base = { hackathonId: hackathon.hackathonId, at };
  switch (command.type) {
    case 'CreateTeam': {
      assertOpen(hackathon, command.now);
      if (registeredTeamOf(state, userId)) throw conflict(M.alreadyInTeam);
      const name = command.name.trim();
      if (!name) throw refused('Team name is required');
      if (state.own.codes[normaliseCode(command.code)]) throw conflict(M.codeTaken, { code: RosterRefusal.codeTaken });
      return [{ type: 'TeamCreated', data: { ...base, teamId: command.teamId, name, code: normaliseCode(command.code), creatorId: userId } }];
    }
    case 'JoinTeam': {
      assertOpen(hackathon, command.now);
      if (registeredTeamOf(state, userId)) throw conflict(M.alreadyInTeam);
      const teamId = state.own.codes[normaliseCode(command.code)];
      const team = teamId ? state.own.teams[teamId] : undefined;
      if (!team) throw notFound(M.invalidCode);
      if (team.status === 'complete') throw conflict(M.teamComplete);
      if (team.status !== 'forming') throw conflict(M.teamSubmitted);
      if (team.members.length >= hackathon.maxMembers) throw conflict(M.teamFull);
      return [{ type: 'TeamMemberJoined', data: { ...base, teamId: team.teamId, userId } }];
    }
    case 'RemoveMember': {
      assertExists(hackathon);
      const team = ownTeam(state, command.teamId, userId, M.onlyCreatorRemove);
      if (command.memberId === userId) throw refused(M.removeSelf);
      if (!team.members.includes(command.memberId)) throw notFound(M.notAMember);
      return [{ type: 'TeamMemberRemoved', data: { ...base, teamId: team.teamId, userId: command.memberId, byUserId: userId } }];
    }
    case 'DeleteTeam': {
      assertExists(hackathon);
      const team = ownTeam(state, command.teamId, userId, M.onlyCreatorDelete);
      return [{ type: 'TeamDeleted', data: { ...base, teamId: team.teamId, byUserId: userId } }];
    }
    case 'SubmitTeam': {
      assertExists(hackathon);
      const team = ownTeam(state, command.teamId, userId, M.onlyCreatorSubmit);
      // Submitting again while the payment is due changes nothing (the answer repeats the amount).
      if (team.status === 'payment_required') return [];
      if (team.members.length < hackathon.minMembers) throw refused(M.tooFew(hackathon.minMembers));
      if (team.members.length > hackathon.maxMembers) throw refused(M.tooMany(hackathon.maxMembers));
      const paid = hackathon.pricing.type === 'paid';
      const { amount, currency } = hackathon.pricing;
      const submitted: HackathonRosterEvent = { type: 'TeamSubmitted', data: { ...base, teamId: team.teamId, byUserId: userId, memberIds: [...team.members], requiresPayment: paid, amount, currency } };
      if (paid) return [submitted];
      return [submitted, { type: 'TeamRegistrationCompleted', data: { ...base, teamId: team.teamId, via: 'free', orderId: null, paymentId: null } }];
    }
  }
}
