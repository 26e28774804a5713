import crypto from 'node:crypto';
import { handleCommand, loadState, type CommandContext } from '@circuit/shared/commands/decider';
import { userStream } from '@circuit/shared/events/accounts';
import { hackathonRosterStream } from '@circuit/shared/events/hackathon-registrations';
import { hackathonSlugStream, hackathonStream } from '@circuit/shared/events/hackathons';
import type { PaymentOrder } from '@circuit/shared/api/payments';
import type { RegistrationProfile } from '@circuit/shared/api/hackathons';
import type { ProfileFields } from '@circuit/shared/events/profiles';
import { conflict, DomainError, forbidden, isRefusal, notFound, refused } from '@circuit/shared/commands/domain-errors';
import { HackathonMessages, USERNAME_PATTERN } from '@circuit/shared/validation/hackathons';
import type { CommandServiceDeps } from '../context';
import { rosterQueue, type RosterQueueOptions } from '../registrations/roster-queue';
import { caughtUp } from '../http/read-your-writes';
import { profileDecider } from '../profiles/profile-decider';
import { hackathonInfoFold, type HackathonInfo } from './hackathon-info';
import { RosterMessages, RosterRefusal, rosterDecider, teamOf, type RosterCommand } from './roster-decider';
import type { TeamPayments } from './team-payments';

const HACKATHON_ID = /^[A-Za-z0-9_-]{1,100}$/;
/** No 0/O or 1/I: codes are read aloud and typed from screenshots. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 6;
const CODE_ATTEMPTS = 5;

export function newTeamCode(): string {
  const bytes = crypto.randomBytes(CODE_LENGTH);
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
}

type Omitted<C> = C extends unknown ? Omit<C, 'hackathon' | 'now'> : never;

export type RegistrationServiceOptions = RosterQueueOptions;

/** Registration, team and team payment use cases; each answers after the read models include what it appended. */
export function createRegistrationService(deps: CommandServiceDeps, payments: TeamPayments, options: RegistrationServiceOptions = {}) {
  const now = deps.now ?? (() => new Date());
  const onRoster = rosterQueue(options);

  /** The hackathon of the path: its id, or its username (through the slug reservation stream). */
  async function hackathonOf(idOrUsername: string): Promise<HackathonInfo> {
    if (!HACKATHON_ID.test(idOrUsername)) throw notFound(HackathonMessages.notFound);
    const byId = await loadState(deps.store, hackathonStream(idOrUsername), hackathonInfoFold);
    if (byId.state.exists) return byId.state;
    if (!USERNAME_PATTERN.test(idOrUsername)) throw notFound(HackathonMessages.notFound);
    const slug = await deps.store.readStream(hackathonSlugStream(idOrUsername));
    let hackathonId: string | undefined;
    for (const e of slug) {
      const data = e.data as { hackathonId?: string };
      if (e.type === 'HackathonSlugReserved') hackathonId = data.hackathonId;
      if (e.type === 'HackathonSlugReleased' && data.hackathonId === hackathonId) hackathonId = undefined;
    }
    if (!hackathonId) throw notFound(HackathonMessages.notFound);
    const info = (await loadState(deps.store, hackathonStream(hackathonId), hackathonInfoFold)).state;
    if (!info.exists) throw notFound(HackathonMessages.notFound);
    return info;
  }

  async function execute(hackathon: HackathonInfo, command: Omitted<RosterCommand> | RosterCommand, ctx: CommandContext) {
    const result = await onRoster(hackathon.hackathonId, () =>
      handleCommand(deps.store, hackathonRosterStream(hackathon.hackathonId), rosterDecider, { ...command, hackathon, now: now() } as RosterCommand, ctx, now),
    );
    await caughtUp(deps.progress, result.position, result.events);
    return result;
  }

  async function roster(hackathonId: string) {
    return (await loadState(deps.store, hackathonRosterStream(hackathonId), rosterDecider)).state;
  }

  /** The Complete Your Profile step: the fields given (blank ones do not clear anything) through the profile command. */
  async function updateProfile(userId: string, profile: RegistrationProfile, ctx: CommandContext) {
    const changes: Partial<ProfileFields> = {};
    for (const [key, value] of Object.entries(profile) as [keyof RegistrationProfile, string | undefined][]) if (value) changes[key] = value;
    if (Object.keys(changes).length === 0) return;
    const result = await handleCommand(deps.store, userStream(userId), profileDecider, { type: 'UpdateProfile', changes, now: now() }, ctx, now);
    await caughtUp(deps.progress, result.position, result.events);
  }

  async function completePayment(hackathonId: string, teamId: string, orderId: string, paymentId: string, ctx: CommandContext) {
    return onRoster(hackathonId, () =>
      handleCommand(deps.store, hackathonRosterStream(hackathonId), rosterDecider, { type: 'CompleteTeamPayment', hackathonId, teamId, orderId, paymentId, now: now() }, ctx, now),
    );
  }

  async function failPayment(hackathonId: string, teamId: string, orderId: string, reason: string, ctx: CommandContext) {
    return onRoster(hackathonId, () =>
      handleCommand(deps.store, hackathonRosterStream(hackathonId), rosterDecider, { type: 'FailTeamPayment', hackathonId, teamId, orderId, reason, now: now() }, ctx, now),
    );
  }

  return {
    hackathonOf,
    completePayment,
    failPayment,

    async register(userId: string, idOrUsername: string, profile: RegistrationProfile, ctx: CommandContext): Promise<string> {
      const hackathon = await hackathonOf(idOrUsername);
      await execute(hackathon, { type: 'Register', userId, profile }, ctx);
      await updateProfile(userId, profile, ctx);
      return hackathon.hackathonId;
    },

    async unregister(userId: string, idOrUsername: string, ctx: CommandContext): Promise<string> {
      const hackathon = await hackathonOf(idOrUsername);
      await execute(hackathon, { type: 'Unregister', userId }, ctx);
      return hackathon.hackathonId;
    },

    async createTeam(userId: string, idOrUsername: string, name: string, ctx: CommandContext): Promise<string> {
      const hackathon = await hackathonOf(idOrUsername);
      const teamId = crypto.randomUUID();
      for (let attempt = 1; ; attempt++) {
        try {
          await execute(hackathon, { type: 'CreateTeam', userId, teamId, name, code: newTeamCode() }, ctx);
          return teamId;
        } catch (error) {
          // A code another team of this hackathon holds: draw another.
          if (!isRefusal(error, RosterRefusal.codeTaken) || attempt >= CODE_ATTEMPTS) throw error;
        }
      }
    },

    async joinTeam(userId: string, idOrUsername: string, code: string, ctx: CommandContext): Promise<string> {
      const hackathon = await hackathonOf(idOrUsername);
      const result = await execute(hackathon, { type: 'JoinTeam', userId, code }, ctx);
      return teamOf(result.state, userId)!;
    },

    async removeMember(userId: string, idOrUsername: string, teamId: string, memberId: string, ctx: CommandContext): Promise<void> {
      const hackathon = await hackathonOf(idOrUsername);
      await execute(hackathon, { type: 'RemoveMember', userId, teamId, memberId }, ctx);
    },

    async deleteTeam(userId: string, idOrUsername: string, teamId: string, ctx: CommandContext): Promise<void> {
      const hackathon = await hackathonOf(idOrUsername);
      await execute(hackathon, { type: 'DeleteTeam', userId, teamId }, ctx);
    },

    /** Submits the team: a free hackathon completes it, a paid one answers the fee (major units) to pay. */
    async submitTeam(userId: string, idOrUsername: string, teamId: string, ctx: CommandContext) {
      const hackathon = await hackathonOf(idOrUsername);
      const result = await execute(hackathon, { type: 'SubmitTeam', userId, teamId }, ctx);
      const status = result.state.own.teams[teamId]?.status;
      return { hackathonId: hackathon.hackathonId, requiresPayment: status === 'payment_required', amount: hackathon.pricing.amount, currency: hackathon.pricing.currency };
    },

    /** An order for the team's fee, for its creator, while the team's payment is due. */
    async createPaymentOrder(userId: string, idOrUsername: string): Promise<PaymentOrder> {
      const hackathon = await hackathonOf(idOrUsername);
      const state = await roster(hackathon.hackathonId);
      if (!state.entrants[userId]) throw forbidden(RosterMessages.registerFirst);
      const teamId = teamOf(state, userId);
      const team = teamId ? state.own.teams[teamId] : undefined;
      if (!team) throw notFound(RosterMessages.notInTeam);
      if (team.creatorId !== userId) throw forbidden(RosterMessages.onlyCreatorPay);
      if (team.status === 'complete') throw conflict(RosterMessages.teamComplete);
      if (team.status !== 'payment_required' || hackathon.pricing.type !== 'paid') throw conflict(RosterMessages.noPaymentDue);
      const amountMinor = Math.round(hackathon.pricing.amount * 100);
      return payments.createOrder(userId, { kind: 'hackathon-team', listingId: hackathon.hackathonId, subjectId: team.teamId }, amountMinor, hackathon.pricing.currency);
    },

    /** Verifies the checkout's signature and completes the team's registration (once, however often it is repeated). */
    async verifyPayment(userId: string, idOrUsername: string, body: { orderId: string; paymentId: string; signature: string }, ctx: CommandContext): Promise<string> {
      const hackathon = await hackathonOf(idOrUsername);
      const purpose = await payments.verify(userId, body.orderId, body.paymentId, body.signature);
      if (purpose.kind !== 'hackathon-team' || purpose.listingId !== hackathon.hackathonId) throw refused(RosterMessages.paymentFailed);
      const result = await completePayment(hackathon.hackathonId, purpose.subjectId, body.orderId, body.paymentId, ctx);
      // Nothing appended: completed before (by the webhook, or an earlier verify); wait for what the stream holds.
      await caughtUp(deps.progress, result.position ?? (await deps.store.headPosition()), result.events.length ? result.events : [{ type: 'TeamRegistrationCompleted' }]);
      return hackathon.hackathonId;
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
