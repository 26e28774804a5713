import type { Decider } from '@circuit/shared/commands/decider';
import type { RegistrationProfile } from '@circuit/shared/api/hackathons';
import { HackathonMessages } from '@circuit/shared/validation/hackathons';
import { rosterDecider as onRosterCore } from '../registrations/roster-decider';
import type { RosterDefinition } from '../registrations/roster-definition';
import type { HackathonInfo } from './hackathon-info';
import { RosterMessages } from './roster-messages';
import { assertTakingRegistrations } from '../registrations/admission';
import { decideTeam, evolveTeams, leavingTeam, noTeams, teamPayment, type HackathonRoster, type HackathonRosterEvent, type TeamCommand, type Teams } from './team-rules';

export { RosterMessages, RosterRefusal } from './roster-messages';
export type { RosterTeam, TeamStatusValue } from './team-rules';

/**
 * The roster of one hackathon (stream `hackathon-roster-<id>`): who is registered, the teams, their
 * members and codes. Registration, capacity and the team's payment are the roster core's
 * (registrations/) on this definition; team sizes, codes and who may do what with a team are the
 * hackathon's own rules (team-rules.ts). All are decided on one state appended with the expected
 * revision, so no rule is ever a read followed by a write in another stream.
 */
export type RosterEvent = HackathonRosterEvent;
export type RosterState = HackathonRoster;

export type RosterCommand =
  | { type: 'Register'; userId: string; profile: RegistrationProfile; hackathon: HackathonInfo; now: Date }
  | { type: 'Unregister'; userId: string; hackathon: HackathonInfo; now: Date }
  | TeamCommand
  /** From a verified payment (the verify route or the payment dispatcher): idempotent. */
  | { type: 'CompleteTeamPayment'; hackathonId: string; teamId: string; orderId: string; paymentId: string; now: Date }
  | { type: 'FailTeamPayment'; hackathonId: string; teamId: string; orderId: string; reason: string; now: Date };

export const hackathonRoster: RosterDefinition<HackathonInfo, RegistrationProfile, RosterEvent, Teams> = {
  listing: { key: 'hackathonId', idOf: (hackathon) => hackathon.hackathonId },
  messages: { notFound: HackathonMessages.notFound, alreadyRegistered: RosterMessages.alreadyRegistered, full: RosterMessages.full, notRegistered: RosterMessages.notRegistered },
  // Whether the hackathon charged a fee when the user registered (their team pays it).
  entry: { event: 'HackathonParticipantRegistered', data: ({ profile }, hackathon) => ({ profile, fee: hackathon.pricing.type }) },
  admits: (hackathon, now) => assertTakingRegistrations(hackathon, now, RosterMessages),
  capacity: (hackathon) => hackathon.maxParticipants,
  payments: {
    by: 'group',
    key: 'teamId',
    events: { paid: 'TeamRegistrationCompleted', failed: 'TeamPaymentFailed', unplaced: 'TeamPaymentUnplaced' },
    paidData: { via: 'payment' },
    refund: { reason: 'The team was deleted, or its fee was already paid by another order' },
  },
  unregister: { event: 'HackathonParticipantUnregistered', leaving: leavingTeam },
  own: { initial: noTeams, evolve: evolveTeams, payment: teamPayment },
};

const core = onRosterCore(hackathonRoster);

function decideRoster(command: RosterCommand, state: RosterState): RosterEvent[] {
  switch (command.type) {
    case 'Register':
    case 'Unregister':
      return core.decide({ ...command, info: command.hackathon }, state);
    case 'CompleteTeamPayment':
      return core.decide({ type: 'CompletePayment', listingId: command.hackathonId, payer: command.teamId, orderId: command.orderId, paymentId: command.paymentId, now: command.now }, state);
    case 'FailTeamPayment':
      return core.decide({ type: 'FailPayment', listingId: command.hackathonId, payer: command.teamId, orderId: command.orderId, reason: command.reason, now: command.now }, state);
    default:
      return decideTeam(command, state);
  }
}

export const rosterDecider: Decider<RosterState, RosterCommand, RosterEvent> = { initialState: core.initialState, evolve: core.evolve, decide: decideRoster };

/** The user's team (null: registered without one, or not registered). */
export const teamOf = (state: RosterState, userId: string): string | null => state.own.teamOf[userId] ?? null;
