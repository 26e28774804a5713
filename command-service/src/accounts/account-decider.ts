import crypto from 'node:crypto';
import { conflict, forbidden, notFound, refused, tooMany, unauthenticated } from '@circuit/shared/commands/domain-errors';
import type { AccountEvent, AccountEventOf, OAuthProvider, OtpPurpose, Role, SignInMethod } from '@circuit/shared/events/accounts';
import type { Decider } from '@circuit/shared/commands/decider';

export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_RESEND_COOLDOWN_MS = 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;
export const RESET_TTL_MS = 10 * 60 * 1000;

export const Messages = {
  invalidCredentials: 'Invalid credentials',
  emailNotVerified: 'Please verify your email before signing in.',
  alreadyVerified: 'Email is already verified',
  noCode: 'No code was requested for this email. Please request a new code.',
  codeExpired: 'OTP has expired. Please request a new one.',
  tooManyAttempts: 'Too many incorrect attempts. Please request a new code.',
  invalidOtp: 'Invalid OTP',
  invalidResetLink: 'Invalid or expired reset link. Please request a new password reset.',
  resetLinkExpired: 'This reset link has expired. Please request a new password reset.',
  wrongCurrentPassword: 'Current password is incorrect',
  noPasswordYet: 'This account signs in with Google or GitHub and has no password yet. Use Forgot password to set one.',
  accountNotFound: 'No account found with this email address',
  accountVerified: 'This account is verified and cannot be replaced',
  wrongPassword: 'Password is incorrect',
  noPasswordToConfirm: 'This account has no password. Confirm with a code sent to your email instead.',
  noErasureCode: 'No code was sent to confirm this. Please request a new code.',
  waitBeforeResend: (seconds: number) => `Please wait ${seconds} second${seconds === 1 ? '' : 's'} before requesting a new code.`,
} as const;

/** Names of the refusals that callers react to (a wrong secret counts towards the abuse limits; some are answered like a wrong code). */
export const AccountRefusal = {
  wrongSecret: 'wrong_secret',
  alreadyVerified: 'already_verified',
  noCode: 'no_code',
  accountNotFound: 'account_not_found',
} as const;
const wrongSecret = { code: AccountRefusal.wrongSecret };

interface OtpState {
  codeHash: string;
  issuedAt: string;
  expiresAt: string;
  failedAttempts: number;
  consumed: boolean;
}

export interface AccountState {
  exists: boolean;
  username: string;
  email: string;
  role: Role;
  passwordHash: string | null;
  emailVerified: boolean;
  otp: Partial<Record<OtpPurpose, OtpState>>;
  reset: { tokenHash: string; expiresAt: string; used: boolean } | null;
  oauth: Partial<Record<OAuthProvider, string>>;
  /** Erased (AccountErased): the account is gone for good and answers like one that never existed. */
  erased: boolean;
}

/** What confirms an erasure: the person's password or a code mailed for the purpose; none for an unverified sign-up's. */
export type ErasureProof = { password: boolean } | { codeHash: string };

export type AccountCommand =
  | {
      type: 'Register';
      userId: string;
      username: string;
      email: string;
      firstName: string;
      lastName: string;
      passwordHash: string | null;
      role: Role;
      emailVerified: boolean;
      /** The first verification code, issued with the account (unverified sign-ups only). */
      otp?: { codeHash: string; sealedCode: string };
      oauth?: { provider: OAuthProvider; providerUserId: string };
      now: Date;
    }
  | { type: 'IssueOtp'; purpose: OtpPurpose; codeHash: string; sealedCode: string; now: Date }
  | { type: 'VerifyOtp'; purpose: OtpPurpose; codeHash: string; now: Date }
  | { type: 'SignIn'; method: SignInMethod; passwordMatches: boolean; now: Date }
  | { type: 'RequestPasswordReset'; tokenHash: string; sealedToken: string; now: Date }
  | { type: 'ResetPassword'; tokenHash: string; passwordHash: string; now: Date }
  | { type: 'ChangePassword'; currentPasswordMatches: boolean; passwordHash: string; now: Date }
  | { type: 'LinkOAuth'; provider: OAuthProvider; providerUserId: string; now: Date }
  | { type: 'WithdrawSignUp'; replacedBy: string; now: Date }
  | { type: 'Erase'; reason: 'requested'; proof: ErasureProof; reservations: ErasedReservation[]; now: Date }
  | { type: 'Erase'; reason: 'unverified'; reservations: ErasedReservation[]; now: Date };

/** A reservation stream an erased account held, named as the stream is (never by the value). */
export type ErasedReservation = NonNullable<AccountEventOf<'AccountErased'>['data']['reservations']>[number];

export const initialAccountState = (): AccountState => ({
  exists: false,
  username: '',
  email: '',
  role: 'user',
  passwordHash: null,
  emailVerified: false,
  otp: {},
  reset: null,
  oauth: {},
  erased: false,
});

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

const iso = (d: Date) => d.toISOString();
const plus = (d: Date, ms: number) => new Date(d.getTime() + ms).toISOString();

export function evolveAccount(state: AccountState, event: AccountEvent): AccountState {
  switch (event.type) {
    case 'UserRegistered':
      return {
        ...state,
        exists: true,
        username: event.data.username,
        email: event.data.email,
        role: event.data.role,
        passwordHash: event.data.passwordHash,
        emailVerified: event.data.emailVerified,
      };
    case 'OtpIssued':
      return {
        ...state,
        otp: {
          ...state.otp,
          [event.data.purpose]: {
            codeHash: event.data.codeHash,
            issuedAt: event.data.issuedAt,
            expiresAt: event.data.expiresAt,
            failedAttempts: 0,
            consumed: false,
          },
        },
      };
    case 'OtpAttemptFailed': {
      const otp = state.otp[event.data.purpose];
      return otp ? { ...state, otp: { ...state.otp, [event.data.purpose]: { ...otp, failedAttempts: otp.failedAttempts + 1 } } } : state;
    }
    case 'OtpConsumed': {
      const otp = state.otp[event.data.purpose];
      return otp ? { ...state, otp: { ...state.otp, [event.data.purpose]: { ...otp, consumed: true } } } : state;
    }
    case 'EmailVerified':
      return { ...state, emailVerified: true };
    case 'PasswordResetRequested':
      return { ...state, reset: { tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt, used: false } };
    case 'PasswordReset':
      return { ...state, passwordHash: event.data.passwordHash, reset: state.reset ? { ...state.reset, used: true } : null };
    case 'PasswordChanged':
      return { ...state, passwordHash: event.data.passwordHash };
    case 'OAuthAccountLinked':
      return { ...state, oauth: { ...state.oauth, [event.data.provider]: event.data.providerUserId } };
    case 'SignUpWithdrawn':
      // From here on the account answers like one that never existed.
      return { ...initialAccountState(), username: state.username, email: state.email };
    case 'AccountErased':
      return { ...initialAccountState(), erased: true };
    default:
      // Other features share the user stream (profile events): not this decider's concern.
      return state;
  }
}

function otpEvent(purpose: OtpPurpose, codeHash: string, sealedCode: string, now: Date): AccountEvent {
  return { type: 'OtpIssued', data: { purpose, codeHash, sealedCode, issuedAt: iso(now), expiresAt: plus(now, OTP_TTL_MS) } };
}

export function decideAccount(command: AccountCommand, state: AccountState): AccountEvent[] {
  if (command.type === 'Register') {
    if (state.exists) throw conflict('This account already exists');
    const events: AccountEvent[] = [
      {
        type: 'UserRegistered',
        data: {
          userId: command.userId,
          username: command.username,
          email: command.email,
          firstName: command.firstName,
          lastName: command.lastName,
          passwordHash: command.passwordHash,
          role: command.role,
          emailVerified: command.emailVerified,
          registeredAt: iso(command.now),
        },
      },
    ];
    if (command.oauth) {
      events.push({ type: 'OAuthAccountLinked', data: { ...command.oauth, at: iso(command.now) } });
    }
    if (command.otp && !command.emailVerified) {
      events.push(otpEvent('verify_email', command.otp.codeHash, command.otp.sealedCode, command.now));
    }
    return events;
  }

  // Erasing twice (a retried request, the sweeper meeting a requested erasure) changes nothing.
  if (command.type === 'Erase' && state.erased) return [];

  if (!state.exists) {
    // Unknown accounts answer like a wrong password for sign-in, and plainly elsewhere.
    if (command.type === 'SignIn') throw unauthenticated(Messages.invalidCredentials, wrongSecret);
    throw notFound(Messages.accountNotFound, { code: AccountRefusal.accountNotFound });
  }

  switch (command.type) {
    case 'IssueOtp': {
      if (command.purpose === 'verify_email' && state.emailVerified) throw refused(Messages.alreadyVerified, { code: AccountRefusal.alreadyVerified });
      const last = state.otp[command.purpose];
      if (last && !last.consumed) {
        const waitMs = new Date(last.issuedAt).getTime() + OTP_RESEND_COOLDOWN_MS - command.now.getTime();
        if (waitMs > 0) throw tooMany(Messages.waitBeforeResend(Math.ceil(waitMs / 1000)));
      }
      return [otpEvent(command.purpose, command.codeHash, command.sealedCode, command.now)];
    }
    case 'VerifyOtp': {
      if (command.purpose === 'verify_email' && state.emailVerified) throw refused(Messages.alreadyVerified, { code: AccountRefusal.alreadyVerified });
      const otp = state.otp[command.purpose];
      if (!otp || otp.consumed) throw refused(Messages.noCode, { code: AccountRefusal.noCode });
      if (otp.failedAttempts >= OTP_MAX_ATTEMPTS) throw tooMany(Messages.tooManyAttempts, wrongSecret);
      const at = iso(command.now);
      // A wrong code is recorded (it counts towards the lock); the caller reports it as 'Invalid OTP'.
      // Checked before expiry: only whoever holds the code learns that it expired, not a guesser.
      if (!sameHash(otp.codeHash, command.codeHash)) return [{ type: 'OtpAttemptFailed', data: { purpose: command.purpose, at } }];
      if (command.now.getTime() > new Date(otp.expiresAt).getTime()) throw refused(Messages.codeExpired);
      const events: AccountEvent[] = [{ type: 'OtpConsumed', data: { purpose: command.purpose, at } }];
      // Receiving the code proves the mailbox, whichever purpose it was sent for.
      if (!state.emailVerified) events.push({ type: 'EmailVerified', data: { at } });
      if (command.purpose === 'login') events.push({ type: 'UserSignedIn', data: { method: 'otp', at } });
      return events;
    }
    case 'SignIn': {
      if (command.method === 'password') {
        if (!state.passwordHash || !command.passwordMatches) throw unauthenticated(Messages.invalidCredentials, wrongSecret);
        // The right password proves the account: say which address to verify.
        if (!state.emailVerified) throw forbidden(Messages.emailNotVerified, { data: { email: state.email } });
      }
      return [{ type: 'UserSignedIn', data: { method: command.method, at: iso(command.now) } }];
    }
    case 'RequestPasswordReset':
      return [
        {
          type: 'PasswordResetRequested',
          data: { tokenHash: command.tokenHash, sealedToken: command.sealedToken, requestedAt: iso(command.now), expiresAt: plus(command.now, RESET_TTL_MS) },
        },
      ];
    case 'ResetPassword': {
      const reset = state.reset;
      if (!reset || reset.used || !sameHash(reset.tokenHash, command.tokenHash)) throw refused(Messages.invalidResetLink);
      if (command.now.getTime() > new Date(reset.expiresAt).getTime()) throw refused(Messages.resetLinkExpired);
      const events: AccountEvent[] = [{ type: 'PasswordReset', data: { tokenHash: command.tokenHash, passwordHash: command.passwordHash, at: iso(command.now) } }];
      // The link came by e-mail: following it proves the mailbox too.
      if (!state.emailVerified) events.push({ type: 'EmailVerified', data: { at: iso(command.now) } });
      return events;
    }
    case 'ChangePassword':
      if (!state.passwordHash) throw refused(Messages.noPasswordYet);
      if (!command.currentPasswordMatches) throw refused(Messages.wrongCurrentPassword, wrongSecret);
      return [{ type: 'PasswordChanged', data: { passwordHash: command.passwordHash, at: iso(command.now) } }];
    case 'LinkOAuth':
      if (state.oauth[command.provider] === command.providerUserId) return [];
      return [{ type: 'OAuthAccountLinked', data: { provider: command.provider, providerUserId: command.providerUserId, at: iso(command.now) } }];
    case 'WithdrawSignUp':
      // A verified account is someone's real account: only a sign-up still waiting for its code can give way.
      if (state.emailVerified) throw conflict(Messages.accountVerified);
      return [{ type: 'SignUpWithdrawn', data: { replacedBy: command.replacedBy, at: iso(command.now) } }];
    case 'Erase':
      return decideErasure(command, state);
  }
}

function decideErasure(command: Extract<AccountCommand, { type: 'Erase' }>, state: AccountState): AccountEvent[] {
  const at = iso(command.now);
  const erased: AccountEvent = { type: 'AccountErased', data: { reason: command.reason, at, reservations: command.reservations } };
  if (command.reason === 'unverified') {
    // Only a sign-up that never proved its mailbox is erased without its owner asking.
    if (state.emailVerified) throw conflict(Messages.accountVerified);
    return [erased];
  }
  const { proof } = command;
  if ('password' in proof) {
    if (!state.passwordHash) throw refused(Messages.noPasswordToConfirm);
    if (!proof.password) throw refused(Messages.wrongPassword, wrongSecret);
    return [erased];
  }
  const otp = state.otp.erase_account;
  if (!otp || otp.consumed) throw refused(Messages.noErasureCode, { code: AccountRefusal.noCode });
  if (otp.failedAttempts >= OTP_MAX_ATTEMPTS) throw tooMany(Messages.tooManyAttempts, wrongSecret);
  if (!sameHash(otp.codeHash, proof.codeHash)) return [{ type: 'OtpAttemptFailed', data: { purpose: 'erase_account', at } }];
  if (command.now.getTime() > new Date(otp.expiresAt).getTime()) throw refused(Messages.codeExpired);
  return [{ type: 'OtpConsumed', data: { purpose: 'erase_account', at } }, erased];
}

export const accountDecider: Decider<AccountState, AccountCommand, AccountEvent> = {
  initialState: initialAccountState,
  evolve: evolveAccount,
  decide: decideAccount,
};
