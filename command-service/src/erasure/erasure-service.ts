import { loadState, type CommandContext } from '@circuit/shared/commands/decider';
import { refused } from '@circuit/shared/commands/domain-errors';
import { userStream, type OAuthProvider, type ReservationKind } from '@circuit/shared/events/accounts';
import { secretHash, verifyPassword } from '@circuit/shared/crypto/secrets';
import type { Mailbox } from '@circuit/shared/ports/mailer';
import type { SubjectKeys } from '@circuit/shared/personal-data/subject-keys';
import type { CommandServiceDeps } from '../context';
import { accountDecider, AccountRefusal, Messages, type AccountCommand, type AccountState, type ErasedReservation } from '../accounts/account-decider';
import type { AccountService } from '../accounts/account-service';
import { endSessionsEverywhere } from '../accounts/end-sessions';

/** How the person confirms "Delete my account": their password, or the code mailed for it (accounts with no password). */
export type ErasureConfirmation = { password: string } | { code: string };

/** An erasure as the service is asked for it; the reservations are added from the account's own state. */
type ErasureCommand = DistributiveOmit<Extract<AccountCommand, { type: 'Erase' }>, 'reservations'>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export interface ErasureDeps extends CommandServiceDeps {
  /** The people's data keys (docs/personal-data.md): erasure destroys one. */
  keys: SubjectKeys;
  /** The dev mailbox, when mail is kept instead of sent: the person's mails go with them. */
  mailbox?: Mailbox;
}

/**
 * Erasure (docs/personal-data.md): records AccountErased on the person's stream, frees their username, e-mail and
 * social sign-ins for others, forgets their mails, destroys their data key and ends their sessions. What must follow
 * the feed (uploads, the command side's tables) ErasureProcessManager does. Erasing twice changes nothing.
 */
export function createErasureService(deps: ErasureDeps, accounts: AccountService) {
  const now = deps.now ?? (() => new Date());

  /** The reservation streams the account holds, by their names: the erasure event keeps them for the clean-up. */
  async function reservationsOf(state: AccountState): Promise<ErasedReservation[]> {
    const held: [ReservationKind, string][] = [
      ['username', state.username],
      ['email', state.email],
      ...(Object.entries(state.oauth) as [OAuthProvider, string][]).map(([provider, id]): [ReservationKind, string] => ['oauth', `${provider}-${id}`]),
    ];
    return Promise.all(held.map(async ([kind, value]) => ({ kind, stream: await accounts.reservationStream(kind, value) })));
  }

  async function erase(userId: string, command: ErasureCommand, ctx: CommandContext): Promise<boolean> {
    // Read before the erasure: from the append on, this process reads the person's fields as what erasure leaves.
    const { state } = await loadState(deps.store, userStream(userId), accountDecider);
    const result = await accounts.execute(userId, { ...command, reservations: state.erased ? [] : await reservationsOf(state) }, ctx);
    if (result.events.some((e) => e.type === 'OtpAttemptFailed')) throw refused(Messages.invalidOtp, { code: AccountRefusal.wrongSecret });
    if (!result.events.some((e) => e.type === 'AccountErased')) return false;
    await releaseNames(userId, state, ctx);
    await deps.mailbox?.forget(state.email);
    await deps.keys.destroy(userId, now());
    await endSessionsEverywhere(deps, userId);
    deps.log.info({ userId, reason: command.reason }, 'account erased');
    return true;
  }

  /** The names are free again: an erased account can never sign in, and its names say nothing of it any more. */
  async function releaseNames(userId: string, state: AccountState, ctx: CommandContext) {
    await accounts.release('username', state.username, userId, ctx);
    await accounts.release('email', state.email, userId, ctx);
    for (const [provider, providerUserId] of Object.entries(state.oauth) as [OAuthProvider, string][]) {
      await accounts.release('oauth', `${provider}-${providerUserId}`, userId, ctx);
    }
  }

  return {
    /** Mails a code that confirms the erasure (the same cooldown and 10-minute life as every code). */
    async mailCode(userId: string, ctx: CommandContext) {
      await accounts.issueOtp(userId, 'erase_account', ctx);
    },

    /** "Delete my account": refused, changing nothing, unless the password or the code is right. */
    async eraseRequested(userId: string, confirmation: ErasureConfirmation, ctx: CommandContext): Promise<boolean> {
      const { state } = await loadState(deps.store, userStream(userId), accountDecider);
      const proof =
        'password' in confirmation
          ? { password: state.passwordHash ? await verifyPassword(confirmation.password, state.passwordHash) : false }
          : { codeHash: secretHash(confirmation.code, deps.config.sessionSecret) };
      return erase(userId, { type: 'Erase', reason: 'requested', proof, now: now() }, ctx);
    },

    /** A sign-up never verified within 7 days (UnverifiedSignUps). */
    async eraseUnverified(userId: string): Promise<boolean> {
      return erase(userId, { type: 'Erase', reason: 'unverified', now: now() }, {});
    },
  };
}

export type ErasureService = ReturnType<typeof createErasureService>;
