import crypto from 'node:crypto';
import { handleCommand, loadState, type CommandContext } from '@circuit/shared/commands/decider';
import { conflict, DomainError, isRefusal, notFound, refused, tooMany, unauthenticated } from '@circuit/shared/commands/domain-errors';
import { userStream, type OAuthProvider, type OtpPurpose, type Role } from '@circuit/shared/events/accounts';
import { hashPassword, seal, secretHash, sixDigitCode, urlToken, verifyPassword } from '@circuit/shared/crypto/secrets';
import type { CommandServiceDeps } from '../context';
import { caughtUp } from '../http/read-your-writes';
import { reservationDecider, type ReservationKind } from '../reservations/reservation-decider';
import { reservationStreams } from '../reservations/reservation-streams';
import { AccountRefusal, accountDecider, Messages, OTP_MAX_ATTEMPTS, OTP_TTL_MS, type AccountCommand } from './account-decider';

const wrongSecret = { code: AccountRefusal.wrongSecret };

/** A claim this old without an account behind it belongs to a sign-up that died half-way. */
const ABANDONED_AFTER_MS = 10 * 60 * 1000;

export const TAKEN = {
  username: 'Username is already taken',
  email: 'An account with this email already exists',
  oauth: 'This social account is already linked to another user',
} as const;

export interface RegistrationInput {
  username: string;
  email: string;
  password: string | null;
  firstName: string;
  lastName: string;
  role?: Role;
  emailVerified?: boolean;
  oauth?: { provider: OAuthProvider; providerUserId: string };
}

/**
 * The account use cases: each turns a request into commands on the user stream and the
 * reservation streams, with hashing, randomness and time supplied here (the deciders stay pure).
 */
export function createAccountService(deps: CommandServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const key = deps.config.sessionSecret;
  const streamOf = reservationStreams(deps.config);

  /**
   * The owner of a name whose sign-up died after claiming it (a crash between the claim and the
   * account): claimed long enough ago, and no account was ever opened. Such a name is free again.
   */
  async function abandonedOwner(kind: ReservationKind, value: string): Promise<string | null> {
    const events = await deps.store.readStream(await streamOf(kind, value));
    const claim = events.at(-1);
    if (claim?.type !== 'NameReserved') return null;
    const owner = (claim.data as { userId: string }).userId;
    if (now().getTime() - new Date(claim.occurredAt).getTime() < ABANDONED_AFTER_MS) return null;
    return (await deps.store.readStream(userStream(owner))).length === 0 ? owner : null;
  }

  async function reserve(kind: ReservationKind, value: string, userId: string, ctx: CommandContext) {
    const command = { type: 'Reserve' as const, kind, value: value.toLowerCase(), userId, takenMessage: TAKEN[kind] };
    try {
      await handleCommand(deps.store, await streamOf(kind, value), reservationDecider, command, ctx, now);
    } catch (error) {
      const abandonedBy = error instanceof DomainError && error.kind === 'conflict' ? await abandonedOwner(kind, value) : null;
      if (!abandonedBy) throw error;
      await handleCommand(deps.store, await streamOf(kind, value), reservationDecider, { ...command, abandonedBy }, ctx, now);
    }
  }

  /**
   * What holds a name a new sign-up wants: nothing (or a claim the reservation settles), an
   * unverified account that gives way to it, or an account that keeps it ('taken'). An unverified
   * account gives way at once when the new sign-up comes from the browser session that made it
   * (someone correcting their own form), else once its code has expired (nobody can verify it any
   * more). A verified account never does.
   */
  async function holderOf(kind: ReservationKind, value: string, replacedBy: string, sameSession: string | null | undefined) {
    const owner = await ownerOf(kind, value);
    if (!owner || owner === replacedBy) return null;
    const { state } = await loadState(deps.store, userStream(owner), accountDecider);
    if (!state.exists) return null;
    if (state.emailVerified) return 'taken' as const;
    const codeIssuedAt = state.otp.verify_email?.issuedAt;
    const expired = !codeIssuedAt || now().getTime() - new Date(codeIssuedAt).getTime() >= OTP_TTL_MS;
    return owner === sameSession || expired ? { owner, state } : ('taken' as const);
  }

  /** Withdraws an unverified account that gives way to a new sign-up, freeing its username and e-mail. */
  async function withdrawSignUp(owner: string, state: { username: string; email: string }, replacedBy: string, ctx: CommandContext) {
    await execute(owner, { type: 'WithdrawSignUp', replacedBy, now: now() }, ctx);
    await release('username', state.username, owner, ctx);
    await release('email', state.email, owner, ctx);
  }

  async function release(kind: ReservationKind, value: string, userId: string, ctx: CommandContext) {
    await handleCommand(deps.store, await streamOf(kind, value), reservationDecider, { type: 'Release', kind, value: value.toLowerCase(), userId }, ctx, now);
  }

  /** The user id holding a username, e-mail or OAuth identity, from its reservation stream. */
  async function ownerOf(kind: ReservationKind, value: string): Promise<string | null> {
    const { state } = await loadState(deps.store, await streamOf(kind, value), reservationDecider);
    return state.owner;
  }

  async function execute(userId: string, command: AccountCommand, ctx: CommandContext) {
    // A sign-in only records a fact; simultaneous sign-ins of one account must not refuse each other.
    const anyRevision = command.type === 'SignIn';
    const result = await handleCommand(deps.store, userStream(userId), accountDecider, command, ctx, now, { anyRevision });
    await caughtUp(deps.progress, result.position, result.events);
    return result;
  }

  function newOtp() {
    const code = sixDigitCode();
    return { codeHash: secretHash(code, key), sealedCode: seal(code, key) };
  }

  return {
    ownerOf,
    release,
    /** The stream that keeps a name unique (by a blind index for e-mail addresses and OAuth ids). */
    reservationStream: streamOf,
    execute,

    /**
     * Sign-up: claim the username, then the e-mail, then open the account; a refused claim undoes the earlier one.
     * `pendingSignUp` is the unverified account this browser session signed up last: it gives way to this one.
     */
    async register(
      input: RegistrationInput,
      ctx: CommandContext,
      options: {
        pendingSignUp?: string | null;
        beforeCodeMailed?: () => Promise<void>;
        /** The password's hash, made by hashPassword: the demo seed's many users share a password and one hashing of it. */
        passwordHash?: string;
      } = {},
    ): Promise<{ userId: string }> {
      const userId = crypto.randomUUID();
      const passwordHash = input.password === null ? null : (options.passwordHash ?? (await hashPassword(input.password)));
      const claimed: [ReservationKind, string][] = [];
      const claims: [ReservationKind, string][] = [['username', input.username], ['email', input.email]];
      if (input.oauth) claims.push(['oauth', `${input.oauth.provider}-${input.oauth.providerUserId}`]);
      const givingWay: { owner: string; state: { username: string; email: string } }[] = [];
      for (const kind of ['username', 'email'] as const) {
        const holder = await holderOf(kind, kind === 'username' ? input.username : input.email, userId, options.pendingSignUp);
        // Said before the mail limits count: a taken name or address is mailed nothing, so no cooldown applies to it.
        if (holder === 'taken') throw conflict(TAKEN[kind]);
        if (holder && !givingWay.some((g) => g.owner === holder.owner)) givingWay.push(holder);
      }
      // Before anything changes: refused here (the mail limits), the unverified account in the way stays as it was.
      if (!input.emailVerified) await options.beforeCodeMailed?.();
      for (const { owner, state } of givingWay) await withdrawSignUp(owner, state, userId, ctx);
      try {
        for (const [kind, value] of claims) {
          await reserve(kind, value, userId, ctx);
          claimed.push([kind, value]);
        }
        await execute(
          userId,
          {
            type: 'Register',
            userId,
            username: input.username,
            email: input.email,
            firstName: input.firstName,
            lastName: input.lastName,
            passwordHash,
            role: input.role ?? 'user',
            emailVerified: input.emailVerified ?? false,
            otp: input.emailVerified ? undefined : newOtp(),
            oauth: input.oauth,
            now: now(),
          },
          ctx,
        );
      } catch (error) {
        for (const [kind, value] of claimed.reverse()) await release(kind, value, userId, ctx).catch(() => undefined);
        throw error;
      }
      return { userId };
    },

    async userIdByEmail(email: string): Promise<string> {
      const userId = await ownerOf('email', email);
      if (!userId) throw notFound(Messages.accountNotFound, { code: AccountRefusal.accountNotFound });
      return userId;
    },

    /** The account's e-mail address (for limits per address), or null when there is no such account. */
    async emailOf(userId: string): Promise<string | null> {
      const { state } = await loadState(deps.store, userStream(userId), accountDecider);
      return state.exists ? state.email : null;
    },

    async issueOtp(userId: string, purpose: OtpPurpose, ctx: CommandContext) {
      await execute(userId, { type: 'IssueOtp', purpose, ...newOtp(), now: now() }, ctx);
    },

    /**
     * Mails a code to an address when an account there can use one, and answers the same either
     * way: an unknown address, or a verification code for an address already verified, sends
     * nothing and says nothing (no account probing). The cooldown between codes is enforced per
     * address for every address by the abuse limits before this runs.
     */
    async issueOtpToAddress(email: string, purpose: 'verify_email' | 'login', ctx: CommandContext) {
      const userId = await ownerOf('email', email);
      if (!userId) return;
      try {
        await execute(userId, { type: 'IssueOtp', purpose, ...newOtp(), now: now() }, ctx);
      } catch (error) {
        if (isRefusal(error, AccountRefusal.alreadyVerified) || isRefusal(error, AccountRefusal.accountNotFound)) return;
        throw error;
      }
    },

    /**
     * Checks a code for an address and answers an unknown address like a wrong code: 'Invalid OTP',
     * and the 5-try lock once as many wrong codes were tried there (`failures`, from the limits).
     * An account with no live code or already verified answers 'Invalid OTP' too.
     */
    async verifyOtpAtAddress(email: string, purpose: 'verify_email' | 'login', code: string, failures: () => Promise<number>, ctx: CommandContext): Promise<string> {
      const userId = await ownerOf('email', email);
      if (!userId) {
        // The same hashing work as a real check.
        secretHash(code, key);
        if ((await failures()) >= OTP_MAX_ATTEMPTS) throw tooMany(Messages.tooManyAttempts, wrongSecret);
        throw refused(Messages.invalidOtp, wrongSecret);
      }
      try {
        const result = await execute(userId, { type: 'VerifyOtp', purpose, codeHash: secretHash(code, key), now: now() }, ctx);
        if (result.events.some((e) => e.type === 'OtpAttemptFailed')) throw refused(Messages.invalidOtp, wrongSecret);
      } catch (error) {
        const hidden: string[] = [AccountRefusal.alreadyVerified, AccountRefusal.noCode, AccountRefusal.accountNotFound];
        if (error instanceof DomainError && error.code !== undefined && hidden.includes(error.code)) throw refused(Messages.invalidOtp, wrongSecret);
        throw error;
      }
      return userId;
    },

    /** Checks a code; a wrong one is recorded against the 5-try limit before it is refused. */
    async verifyOtp(userId: string, purpose: 'verify_email' | 'login', code: string, ctx: CommandContext) {
      const result = await execute(userId, { type: 'VerifyOtp', purpose, codeHash: secretHash(code, key), now: now() }, ctx);
      if (result.events.some((e) => e.type === 'OtpAttemptFailed')) throw refused(Messages.invalidOtp, wrongSecret);
    },

    /** Password sign-in by username or e-mail. Returns the user id. */
    async signInWithPassword(identifier: string, password: string, ctx: CommandContext): Promise<string> {
      const kind = identifier.includes('@') ? 'email' : 'username';
      const userId = await ownerOf(kind, identifier);
      const { state } = userId ? await loadState(deps.store, userStream(userId), accountDecider) : { state: null };
      const passwordMatches = await verifyPassword(password, state?.passwordHash);
      if (!userId || !state?.exists) throw unauthenticated(Messages.invalidCredentials, wrongSecret);
      await execute(userId, { type: 'SignIn', method: 'password', passwordMatches, now: now() }, ctx);
      return userId;
    },

    async signInWithOAuth(userId: string, method: 'google' | 'github', ctx: CommandContext) {
      await execute(userId, { type: 'SignIn', method, passwordMatches: false, now: now() }, ctx);
    },

    async linkOAuth(userId: string, provider: OAuthProvider, providerUserId: string, ctx: CommandContext) {
      await reserve('oauth', `${provider}-${providerUserId}`, userId, ctx);
      await execute(userId, { type: 'LinkOAuth', provider, providerUserId, now: now() }, ctx);
    },

    /** Mails a reset link when the address has an account; says nothing either way (no account probing). */
    async requestPasswordReset(email: string, ctx: CommandContext) {
      const userId = await ownerOf('email', email);
      if (!userId) return;
      // The token names its account so the reset needs no lookup table: <userId>.<secret>.
      const token = `${userId}.${urlToken()}`;
      await execute(userId, { type: 'RequestPasswordReset', tokenHash: secretHash(token, key), sealedToken: seal(token, key), now: now() }, ctx);
    },

    /** Answers whose password it was, so the route can end that user's sessions. */
    async resetPassword(token: string, password: string, ctx: CommandContext): Promise<string> {
      const userId = token.split('.')[0] ?? '';
      const { state } = await loadState(deps.store, userStream(userId), accountDecider);
      if (!userId || !state.exists) throw refused(Messages.invalidResetLink);
      await execute(userId, { type: 'ResetPassword', tokenHash: secretHash(token, key), passwordHash: await hashPassword(password), now: now() }, ctx);
      return userId;
    },

    async changePassword(userId: string, currentPassword: string, newPassword: string, ctx: CommandContext) {
      const { state } = await loadState(deps.store, userStream(userId), accountDecider);
      const currentPasswordMatches = state.passwordHash ? await verifyPassword(currentPassword, state.passwordHash) : false;
      await execute(userId, { type: 'ChangePassword', currentPasswordMatches, passwordHash: await hashPassword(newPassword), now: now() }, ctx);
    },

    /** A free username for a social sign-up, built from the provider's name. */
    async availableUsername(seed: string): Promise<string> {
      const base = (seed.replace(/[^A-Za-z0-9_]/g, '').slice(0, 24) || 'user').padEnd(3, '_');
      for (let i = 0; i < 20; i++) {
        const candidate = i === 0 ? base : `${base}${crypto.randomInt(10, 100000)}`;
        if (!(await ownerOf('username', candidate))) return candidate;
      }
      throw conflict('Could not find a free username; please sign up with a password.');
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
