import type { Decider } from '@circuit/shared/commands/decider';
import type { DomainEvent } from '@circuit/shared/events/catalogue';
import type { RegistrationProfile } from '@circuit/shared/api/hackathons';
import { HackathonMessages } from '@circuit/shared/validation/hackathons';
import { conflict, forbidden, notFound, refused } from '@circuit/shared/commands/domain-errors';
import { takesRegistrations, type HackathonInfo } from './hackathon-info';

/**
 * The roster of one hackathon (stream `hackathon-roster-<id>`): who is registered, the teams, their
 * members and codes. Capacity, one registration and one team per user, team sizes and unique codes
 * are all decided here on one state appended with the expected revision, so no rule is ever a read
 * followed by a write in another stream.
 */

export const RosterMessages = {
  notOpen: 'Registration is not open for this hackathon',
  deadlinePassed: 'Registration deadline has passed',
  full: 'This hackathon is full',
  alreadyRegistered: 'You are already registered for this hackathon',
  notRegistered: 'You are not registered for this hackathon',
  registerFirst: 'Please register for this hackathon first',
  registered: 'Successfully registered for hackathon',
  unregistered: 'Successfully unregistered from hackathon',
  unregisterComplete: 'Your team registration is complete; you can no longer unregister',
  unregisterCreator: 'You created a team: delete it before unregistering',
  alreadyInTeam: 'You are already in a team.',
  notInTeam: 'You are not in a team',
  teamNotFound: 'Team not found',
  invalidCode: 'Invalid team code',
  codeTaken: 'Team code already in use',
  teamFull: 'This team is full',
  teamSubmitted: 'This team has already been submitted',
  teamComplete: 'Team registration is already complete',
  onlyCreatorRemove: 'Only the team creator can remove members',
  onlyCreatorDelete: 'Only the team creator can delete the team',
  onlyCreatorSubmit: 'Only the team creator can submit the team',
  onlyCreatorPay: 'Only the team creator can pay for the team',
  removeSelf: 'You cannot remove yourself from the team',
  notAMember: 'This user is not a member of your team',
  noPaymentDue: 'This team has no payment due',
  tooFew: (min: number) => `Your team needs at least ${min} member${min === 1 ? '' : 's'} to submit`,
  tooMany: (max: number) => `A team can have at most ${max} member${max === 1 ? '' : 's'}`,
  teamCreated: 'Team created!',
  teamJoined: 'Joined team!',
  memberRemoved: 'Member removed',
  teamDeleted: 'Team deleted',
  submittedPaymentRequired: 'Team submitted, payment required',
  submittedComplete: 'Team registration successful!',
  orderCreated: 'Payment order created',
  paymentComplete: 'Payment successful! Your team registration is complete.',
  paymentFailed: 'Payment verification failed',
} as const;

export type TeamStatusValue = 'forming' | 'payment_required' | 'complete';

export interface RosterTeam {
  teamId: string;
  name: string;
  code: string;
  creatorId: string;
  /** In the order they joined, the creator first. */
  members: readonly string[];
  status: TeamStatusValue;
  /** The order whose payment completed the registration (null: free, or not yet paid). */
  paidOrderId: string | null;
}

export interface RosterState {
  /** Registered users and their team (null: registered without a team). */
  participants: Readonly<Record<string, string | null>>;
  count: number;
  teams: Readonly<Record<string, RosterTeam>>;
  /** Upper-cased team code -> team id. */
  codes: Readonly<Record<string, string>>;
  /** Orders whose payment bought nothing (each refunded once). */
  unplacedOrders: readonly string[];
}

export type RosterEvent = DomainEvent<
  | 'HackathonParticipantRegistered'
  | 'HackathonParticipantUnregistered'
  | 'TeamCreated'
  | 'TeamMemberJoined'
  | 'TeamMemberRemoved'
  | 'TeamDeleted'
  | 'TeamSubmitted'
  | 'TeamRegistrationCompleted'
  | 'TeamPaymentFailed'
  | 'TeamPaymentUnplaced'
>;

interface At {
  hackathon: HackathonInfo;
  now: Date;
}

export type RosterCommand =
  | ({ type: 'Register'; userId: string; profile: RegistrationProfile } & At)
  | ({ type: 'Unregister'; userId: string } & At)
  | ({ type: 'CreateTeam'; userId: string; teamId: string; name: string; code: string } & At)
  | ({ type: 'JoinTeam'; userId: string; code: string } & At)
  | ({ type: 'RemoveMember'; userId: string; teamId: string; memberId: string } & At)
  | ({ type: 'DeleteTeam'; userId: string; teamId: string } & At)
  | ({ type: 'SubmitTeam'; userId: string; teamId: string } & At)
  /** From a verified payment (the verify route or the process manager): idempotent. */
  | { type: 'CompleteTeamPayment'; hackathonId: string; teamId: string; orderId: string; paymentId: string; now: Date }
  | { type: 'FailTeamPayment'; hackathonId: string; teamId: string; orderId: string; reason: string; now: Date };

/** Names of the refusals callers react to: a taken team code is retried with another. */
export const RosterRefusal = { codeTaken: 'team_code_taken' } as const;

export const initialRosterState = (): RosterState => ({ participants: {}, count: 0, teams: {}, codes: {}, unplacedOrders: [] });

const normaliseCode = (code: string) => code.trim().toUpperCase();

function patchTeam(state: RosterState, teamId: string, change: (team: RosterTeam) => RosterTeam): RosterState {
  const team = state.teams[teamId];
  if (!team) return state;
  return { ...state, teams: { ...state.teams, [teamId]: change(team) } };
}

export function evolveRoster(state: RosterState, event: RosterEvent): RosterState {
  switch (event.type) {
    case 'HackathonParticipantRegistered': {
      if (event.data.userId in state.participants) return state;
      return { ...state, participants: { ...state.participants, [event.data.userId]: null }, count: state.count + 1 };
    }
    case 'HackathonParticipantUnregistered': {
      if (!(event.data.userId in state.participants)) return state;
      const { [event.data.userId]: _gone, ...participants } = state.participants;
      return { ...state, participants, count: state.count - 1 };
    }
    case 'TeamCreated': {
      const d = event.data;
      const team: RosterTeam = { teamId: d.teamId, name: d.name, code: d.code, creatorId: d.creatorId, members: [d.creatorId], status: 'forming', paidOrderId: null };
      return {
        ...state,
        teams: { ...state.teams, [d.teamId]: team },
        codes: { ...state.codes, [normaliseCode(d.code)]: d.teamId },
        participants: { ...state.participants, [d.creatorId]: d.teamId },
      };
    }
    case 'TeamMemberJoined': {
      const d = event.data;
      const next = patchTeam(state, d.teamId, (t) => ({ ...t, members: [...t.members, d.userId] }));
      return { ...next, participants: { ...next.participants, [d.userId]: d.teamId } };
    }
    case 'TeamMemberRemoved': {
      const d = event.data;
      // A submitted team that loses a member forms again and is submitted again.
      const next = patchTeam(state, d.teamId, (t) => ({ ...t, members: t.members.filter((m) => m !== d.userId), status: t.status === 'complete' ? t.status : 'forming' }));
      return d.userId in next.participants ? { ...next, participants: { ...next.participants, [d.userId]: null } } : next;
    }
    case 'TeamDeleted': {
      const team = state.teams[event.data.teamId];
      if (!team) return state;
      const { [team.teamId]: _team, ...teams } = state.teams;
      const { [normaliseCode(team.code)]: _code, ...codes } = state.codes;
      const participants = { ...state.participants };
      for (const member of team.members) if (member in participants) participants[member] = null;
      return { ...state, teams, codes, participants };
    }
    case 'TeamSubmitted':
      return patchTeam(state, event.data.teamId, (t) => ({ ...t, status: event.data.requiresPayment ? 'payment_required' : t.status }));
    case 'TeamRegistrationCompleted':
      return patchTeam(state, event.data.teamId, (t) => ({ ...t, status: 'complete', paidOrderId: event.data.orderId }));
    case 'TeamPaymentFailed':
      return state;
    case 'TeamPaymentUnplaced':
      return { ...state, unplacedOrders: [...state.unplacedOrders, event.data.orderId] };
  }
}

function assertOpen(hackathon: HackathonInfo, now: Date): void {
  if (!hackathon.exists || hackathon.deleted) throw notFound(HackathonMessages.notFound);
  if (hackathon.status !== 'accepted' || !takesRegistrations(hackathon)) throw conflict(RosterMessages.notOpen);
  const deadline = Date.parse(hackathon.registrationDeadline);
  if (!Number.isFinite(deadline) || now.getTime() > deadline) throw conflict(RosterMessages.deadlinePassed);
}

function assertExists(hackathon: HackathonInfo): void {
  if (!hackathon.exists || hackathon.deleted) throw notFound(HackathonMessages.notFound);
}

function registeredTeamOf(state: RosterState, userId: string): string | null {
  if (!(userId in state.participants)) throw forbidden(RosterMessages.registerFirst);
  return state.participants[userId] ?? null;
}

/** The team of the path, checked against the caller: a forged id or another hackathon's team is "not found". */
function ownTeam(state: RosterState, teamId: string, userId: string, notCreator: string): RosterTeam {
  const team = state.teams[teamId];
  if (!team) throw notFound(RosterMessages.teamNotFound);
  if (team.creatorId !== userId) throw forbidden(notCreator);
  if (team.status === 'complete') throw conflict(RosterMessages.teamComplete);
  return team;
}

export function decideRoster(command: RosterCommand, state: RosterState): RosterEvent[] {
  const at = command.now.toISOString();
  switch (command.type) {
    case 'Register': {
      const { hackathon, userId } = command;
      assertOpen(hackathon, command.now);
      if (userId in state.participants) throw conflict(RosterMessages.alreadyRegistered);
      if (state.count >= hackathon.maxParticipants) throw conflict(RosterMessages.full);
      return [
        {
          type: 'HackathonParticipantRegistered',
          data: { hackathonId: hackathon.hackathonId, userId, profile: command.profile, at, fee: hackathon.pricing.type },
        },
      ];
    }
    case 'Unregister': {
      const { hackathon, userId } = command;
      assertExists(hackathon);
      if (!(userId in state.participants)) throw conflict(RosterMessages.notRegistered);
      const teamId = state.participants[userId];
      const team = teamId ? state.teams[teamId] : undefined;
      const unregistered: RosterEvent = { type: 'HackathonParticipantUnregistered', data: { hackathonId: hackathon.hackathonId, userId, at } };
      if (!team) return [unregistered];
      if (team.status === 'complete') throw conflict(RosterMessages.unregisterComplete);
      if (team.creatorId === userId) throw conflict(RosterMessages.unregisterCreator);
      return [{ type: 'TeamMemberRemoved', data: { hackathonId: hackathon.hackathonId, teamId: team.teamId, userId, byUserId: userId, at } }, unregistered];
    }
    case 'CreateTeam': {
      const { hackathon, userId } = command;
      assertOpen(hackathon, command.now);
      if (registeredTeamOf(state, userId)) throw conflict(RosterMessages.alreadyInTeam);
      const name = command.name.trim();
      if (!name) throw refused('Team name is required');
      if (state.codes[normaliseCode(command.code)]) throw conflict(RosterMessages.codeTaken, { code: RosterRefusal.codeTaken });
      return [{ type: 'TeamCreated', data: { hackathonId: hackathon.hackathonId, teamId: command.teamId, name, code: normaliseCode(command.code), creatorId: userId, at } }];
    }
    case 'JoinTeam': {
      const { hackathon, userId } = command;
      assertOpen(hackathon, command.now);
      if (registeredTeamOf(state, userId)) throw conflict(RosterMessages.alreadyInTeam);
      const teamId = state.codes[normaliseCode(command.code)];
      const team = teamId ? state.teams[teamId] : undefined;
      if (!team) throw notFound(RosterMessages.invalidCode);
      if (team.status === 'complete') throw conflict(RosterMessages.teamComplete);
      if (team.status !== 'forming') throw conflict(RosterMessages.teamSubmitted);
      if (team.members.length >= hackathon.maxMembers) throw conflict(RosterMessages.teamFull);
      return [{ type: 'TeamMemberJoined', data: { hackathonId: hackathon.hackathonId, teamId: team.teamId, userId, at } }];
    }
    case 'RemoveMember': {
      const { hackathon, userId } = command;
      assertExists(hackathon);
      const team = ownTeam(state, command.teamId, userId, RosterMessages.onlyCreatorRemove);
      if (command.memberId === userId) throw refused(RosterMessages.removeSelf);
      if (!team.members.includes(command.memberId)) throw notFound(RosterMessages.notAMember);
      return [{ type: 'TeamMemberRemoved', data: { hackathonId: hackathon.hackathonId, teamId: team.teamId, userId: command.memberId, byUserId: userId, at } }];
    }
    case 'DeleteTeam': {
      const { hackathon, userId } = command;
      assertExists(hackathon);
      const team = ownTeam(state, command.teamId, userId, RosterMessages.onlyCreatorDelete);
      return [{ type: 'TeamDeleted', data: { hackathonId: hackathon.hackathonId, teamId: team.teamId, byUserId: userId, at } }];
    }
    case 'SubmitTeam': {
      const { hackathon, userId } = command;
      assertExists(hackathon);
      const team = ownTeam(state, command.teamId, userId, RosterMessages.onlyCreatorSubmit);
      // Submitting again while the payment is due changes nothing (the answer repeats the amount).
      if (team.status === 'payment_required') return [];
      if (team.members.length < hackathon.minMembers) throw refused(RosterMessages.tooFew(hackathon.minMembers));
      if (team.members.length > hackathon.maxMembers) throw refused(RosterMessages.tooMany(hackathon.maxMembers));
      const paid = hackathon.pricing.type === 'paid';
      const base = { hackathonId: hackathon.hackathonId, teamId: team.teamId, at };
      const submitted: RosterEvent = {
        type: 'TeamSubmitted',
        data: { ...base, byUserId: userId, memberIds: [...team.members], requiresPayment: paid, amount: hackathon.pricing.amount, currency: hackathon.pricing.currency },
      };
      if (paid) return [submitted];
      return [submitted, { type: 'TeamRegistrationCompleted', data: { ...base, via: 'free', orderId: null, paymentId: null } }];
    }
    case 'CompleteTeamPayment': {
      const team = state.teams[command.teamId];
      // A repeated verification of the paid order changes nothing. A payment for a team deleted
      // meanwhile, or a second order paid for a team already complete, bought nothing: refunded once.
      if (team?.status === 'complete' && (team.paidOrderId === null || team.paidOrderId === command.orderId)) return [];
      if (!team || team.status === 'complete') {
        if (state.unplacedOrders.includes(command.orderId)) return [];
        return [{ type: 'TeamPaymentUnplaced', data: { hackathonId: command.hackathonId, teamId: command.teamId, orderId: command.orderId, paymentId: command.paymentId, at } }];
      }
      return [{ type: 'TeamRegistrationCompleted', data: { hackathonId: command.hackathonId, teamId: team.teamId, via: 'payment', orderId: command.orderId, paymentId: command.paymentId, at } }];
    }
    case 'FailTeamPayment': {
      const team = state.teams[command.teamId];
      if (!team || team.status === 'complete') return [];
      return [{ type: 'TeamPaymentFailed', data: { hackathonId: command.hackathonId, teamId: team.teamId, orderId: command.orderId, reason: command.reason, at } }];
    }
  }
}

export const rosterDecider: Decider<RosterState, RosterCommand, RosterEvent> = {
  initialState: initialRosterState,
  evolve: evolveRoster,
  decide: decideRoster,
};
