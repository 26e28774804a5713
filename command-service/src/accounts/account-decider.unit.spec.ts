import { describe, expect, it } from 'vitest';
import { AccountEventSchemas, type AccountEvent, type OtpPurpose } from '@circuit/shared/events/accounts';
import { given } from '@circuit/shared/testkit/given-when-then';
import {
  accountDecider,
  Messages,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_COOLDOWN_MS,
  OTP_TTL_MS,
  RESET_TTL_MS,
  type AccountCommand,
} from './account-decider';

// ---- time -------------------------------------------------------------------------------------
const T0 = new Date('2025-03-01T10:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const iso = (ms: number) => at(ms).toISOString();
const SECOND = 1000;
const MINUTE = 60 * SECOND;

// ---- events -----------------------------------------------------------------------------------
const USER = 'u-1';

function registered(overrides: Partial<Extract<AccountEvent, { type: 'UserRegistered' }>['data']> = {}): AccountEvent {
  return {
    type: 'UserRegistered',
    data: {
      userId: USER,
      username: 'asha_dev',
      email: 'asha@example.com',
      firstName: 'Asha',
      lastName: 'Rao',
      passwordHash: 'hash-of-secret1',
      role: 'user',
      emailVerified: false,
      registeredAt: iso(0),
      ...overrides,
    },
  };
}
const verifiedUser = () => registered({ emailVerified: true });
const otpIssued = (purpose: OtpPurpose, codeHash: string, issuedAtMs: number): AccountEvent => ({
  type: 'OtpIssued',
  data: { purpose, codeHash, sealedCode: `sealed-${codeHash}`, issuedAt: iso(issuedAtMs), expiresAt: iso(issuedAtMs + OTP_TTL_MS) },
});
const otpFailed = (purpose: OtpPurpose, ms: number): AccountEvent => ({ type: 'OtpAttemptFailed', data: { purpose, at: iso(ms) } });
const otpConsumed = (purpose: OtpPurpose, ms: number): AccountEvent => ({ type: 'OtpConsumed', data: { purpose, at: iso(ms) } });
const emailVerified = (ms: number): AccountEvent => ({ type: 'EmailVerified', data: { at: iso(ms) } });
const signedIn = (method: 'password' | 'otp' | 'google' | 'github', ms: number): AccountEvent => ({ type: 'UserSignedIn', data: { method, at: iso(ms) } });
const resetRequested = (tokenHash: string, ms: number): AccountEvent => ({
  type: 'PasswordResetRequested',
  data: { tokenHash, sealedToken: `sealed-${tokenHash}`, requestedAt: iso(ms), expiresAt: iso(ms + RESET_TTL_MS) },
});
const passwordReset = (tokenHash: string, passwordHash: string, ms: number): AccountEvent => ({
  type: 'PasswordReset',
  data: { tokenHash, passwordHash, at: iso(ms) },
});

// ---- commands ---------------------------------------------------------------------------------
const register = (overrides: Partial<Extract<AccountCommand, { type: 'Register' }>> = {}): AccountCommand => ({
  type: 'Register',
  userId: USER,
  username: 'asha_dev',
  email: 'asha@example.com',
  firstName: 'Asha',
  lastName: 'Rao',
  passwordHash: 'hash-of-secret1',
  role: 'user',
  emailVerified: false,
  otp: { codeHash: 'code-A', sealedCode: 'sealed-code-A' },
  now: at(0),
  ...overrides,
});
const issueOtp = (purpose: OtpPurpose, codeHash: string, ms: number): AccountCommand => ({
  type: 'IssueOtp',
  purpose,
  codeHash,
  sealedCode: `sealed-${codeHash}`,
  now: at(ms),
});
const verifyOtp = (purpose: OtpPurpose, codeHash: string, ms: number): AccountCommand => ({ type: 'VerifyOtp', purpose, codeHash, now: at(ms) });
const signIn = (passwordMatches: boolean, ms = MINUTE, method: 'password' | 'google' | 'github' = 'password'): AccountCommand => ({
  type: 'SignIn',
  method,
  passwordMatches,
  now: at(ms),
});

/** Every event a decision produces fits its catalogue schema (what the store and projections rely on). */
function expectCatalogued(events: AccountEvent[]): void {
  for (const event of events) {
    const parsed = AccountEventSchemas[event.type].safeParse(event.data);
    expect(parsed.success, `${event.type} matches its schema`).toBe(true);
  }
}

describe('account decider', () => {
  describe('Register', () => {
    it('opens an unverified account and issues the first verification code, valid 10 minutes', () => {
      const events = given(accountDecider, [])
        .when(register())
        .then([registered(), otpIssued('verify_email', 'code-A', 0)]);
      expectCatalogued(events);
    });

    it('opens a verified account without a code (seeded and social accounts)', () => {
      given(accountDecider, [])
        .when(register({ emailVerified: true, otp: undefined }))
        .then([registered({ emailVerified: true })]);
    });

    it('issues no code for a verified account even when one is offered', () => {
      given(accountDecider, [])
        .when(register({ emailVerified: true }))
        .then([registered({ emailVerified: true })]);
    });

    it('links the social identity of an account created through Google or GitHub', () => {
      const events = given(accountDecider, [])
        .when(register({ emailVerified: true, otp: undefined, passwordHash: null, oauth: { provider: 'github', providerUserId: '42' } }))
        .then([
          registered({ emailVerified: true, passwordHash: null }),
          { type: 'OAuthAccountLinked', data: { provider: 'github', providerUserId: '42', at: iso(0) } },
        ]);
      expectCatalogued(events);
    });

    it('keeps the role it is given', () => {
      given(accountDecider, [])
        .when(register({ role: 'moderator', emailVerified: true, otp: undefined }))
        .then([registered({ role: 'moderator', emailVerified: true })]);
    });

    it('refuses to open the same account twice (409)', () => {
      given(accountDecider, [registered()]).when(register()).thenThrows('conflict', 'This account already exists');
    });
  });

  describe('commands on an account that does not exist', () => {
    it('answers a password sign-in like a wrong password (401), so accounts cannot be probed', () => {
      given(accountDecider, []).when(signIn(true)).thenThrows('unauthenticated', 'Invalid credentials');
    });

    it('refuses other commands with 404', () => {
      given(accountDecider, []).when(issueOtp('login', 'c', 0)).thenThrows('not_found', Messages.accountNotFound);
      given(accountDecider, []).when(verifyOtp('login', 'c', 0)).thenThrows('not_found', Messages.accountNotFound);
    });
  });

  describe('IssueOtp (resend, sign-in code)', () => {
    const afterSignup = [registered(), otpIssued('verify_email', 'code-A', 0)];

    it('refuses a resend within 60 seconds with 429 and the seconds left', () => {
      given(accountDecider, afterSignup)
        .when(issueOtp('verify_email', 'code-B', 1 * SECOND))
        .thenThrows('too_many', 'Please wait 59 seconds before requesting a new code.');
      given(accountDecider, afterSignup)
        .when(issueOtp('verify_email', 'code-B', 45 * SECOND))
        .thenThrows('too_many', 'Please wait 15 seconds before requesting a new code.');
      // Part of a second left still counts as a whole second.
      given(accountDecider, afterSignup)
        .when(issueOtp('verify_email', 'code-B', OTP_RESEND_COOLDOWN_MS - 1))
        .thenThrows('too_many', 'Please wait 1 second before requesting a new code.');
    });

    it('issues a new code once the 60 seconds are over, replacing the old one', () => {
      given(accountDecider, afterSignup)
        .when(issueOtp('verify_email', 'code-B', OTP_RESEND_COOLDOWN_MS))
        .then([otpIssued('verify_email', 'code-B', OTP_RESEND_COOLDOWN_MS)]);

      const replaced = [...afterSignup, otpIssued('verify_email', 'code-B', OTP_RESEND_COOLDOWN_MS)];
      given(accountDecider, replaced)
        .when(verifyOtp('verify_email', 'code-A', 2 * MINUTE))
        .then([otpFailed('verify_email', 2 * MINUTE)]);
      given(accountDecider, replaced)
        .when(verifyOtp('verify_email', 'code-B', 2 * MINUTE))
        .then([otpConsumed('verify_email', 2 * MINUTE), emailVerified(2 * MINUTE)]);
    });

    it('keeps a separate cooldown per purpose', () => {
      given(accountDecider, afterSignup)
        .when(issueOtp('login', 'login-1', 5 * SECOND))
        .then([otpIssued('login', 'login-1', 5 * SECOND)]);
    });

    it('needs no cooldown after the previous code was used', () => {
      given(accountDecider, [verifiedUser(), otpIssued('login', 'l1', 0), otpConsumed('login', 10 * SECOND), signedIn('otp', 10 * SECOND)])
        .when(issueOtp('login', 'l2', 20 * SECOND))
        .then([otpIssued('login', 'l2', 20 * SECOND)]);
    });

    it('refuses a verification code for an account already verified (400)', () => {
      given(accountDecider, [verifiedUser()]).when(issueOtp('verify_email', 'x', 0)).thenThrows('refused', 'Email is already verified');
    });
  });

  describe('VerifyOtp', () => {
    const afterSignup = [registered(), otpIssued('verify_email', 'code-A', 0)];

    it('accepts the right code: the code is consumed and the e-mail verified', () => {
      const spec = given(accountDecider, afterSignup).when(verifyOtp('verify_email', 'code-A', 3 * MINUTE));
      expectCatalogued(spec.then([otpConsumed('verify_email', 3 * MINUTE), emailVerified(3 * MINUTE)]));
      expect(spec.stateAfter().emailVerified).toBe(true);
    });

    it('records a wrong code as a failed attempt (the caller answers "Invalid OTP")', () => {
      const spec = given(accountDecider, afterSignup).when(verifyOtp('verify_email', 'wrong', MINUTE));
      spec.then([otpFailed('verify_email', MINUTE)]);
      expect(spec.stateAfter().otp.verify_email?.failedAttempts).toBe(1);
      expect(spec.stateAfter().emailVerified).toBe(false);
    });

    it('accepts the code until exactly 10 minutes after it was issued', () => {
      given(accountDecider, afterSignup)
        .when(verifyOtp('verify_email', 'code-A', OTP_TTL_MS))
        .then([otpConsumed('verify_email', OTP_TTL_MS), emailVerified(OTP_TTL_MS)]);
    });

    it('refuses an expired code (after 10 minutes), even the right one', () => {
      given(accountDecider, afterSignup)
        .when(verifyOtp('verify_email', 'code-A', OTP_TTL_MS + 1))
        .thenThrows('refused', 'OTP has expired. Please request a new one.');
    });

    it('answers a wrong guess at an expired code like any wrong guess (only the code holder learns it expired)', () => {
      given(accountDecider, afterSignup)
        .when(verifyOtp('verify_email', 'code-B', OTP_TTL_MS + 1))
        .then([otpFailed('verify_email', OTP_TTL_MS + 1)]);
    });

    it('still accepts the right code after 4 wrong tries', () => {
      const fourWrong = [...afterSignup, ...[1, 2, 3, 4].map((i) => otpFailed('verify_email', i * SECOND))];
      given(accountDecider, fourWrong)
        .when(verifyOtp('verify_email', 'code-A', MINUTE))
        .then([otpConsumed('verify_email', MINUTE), emailVerified(MINUTE)]);
    });

    it('locks the code after 5 wrong tries (429), even for the right code, and records nothing more', () => {
      const fiveWrong = [...afterSignup, ...Array.from({ length: OTP_MAX_ATTEMPTS }, (_, i) => otpFailed('verify_email', (i + 1) * SECOND))];
      expect(OTP_MAX_ATTEMPTS).toBe(5);
      given(accountDecider, fiveWrong)
        .when(verifyOtp('verify_email', 'code-A', MINUTE))
        .thenThrows('too_many', 'Too many incorrect attempts. Please request a new code.');
      given(accountDecider, fiveWrong)
        .when(verifyOtp('verify_email', 'wrong', MINUTE))
        .thenThrows('too_many', 'Too many incorrect attempts. Please request a new code.');
    });

    it('lifts the lock with a new code', () => {
      const fiveWrong = [...afterSignup, ...Array.from({ length: 5 }, (_, i) => otpFailed('verify_email', (i + 1) * SECOND))];
      given(accountDecider, [...fiveWrong, otpIssued('verify_email', 'code-B', 2 * MINUTE)])
        .when(verifyOtp('verify_email', 'code-B', 3 * MINUTE))
        .then([otpConsumed('verify_email', 3 * MINUTE), emailVerified(3 * MINUTE)]);
    });

    it('refuses a consumed code: it cannot be used twice', () => {
      const loginCodeUsed = [verifiedUser(), otpIssued('login', 'l1', 0), otpConsumed('login', MINUTE), signedIn('otp', MINUTE)];
      given(accountDecider, loginCodeUsed)
        .when(verifyOtp('login', 'l1', 2 * MINUTE))
        .thenThrows('refused', 'No code was requested for this email. Please request a new code.');
      // A verification code, once used, leaves a verified account: nothing left to verify.
      given(accountDecider, [...afterSignup, otpConsumed('verify_email', MINUTE), emailVerified(MINUTE)])
        .when(verifyOtp('verify_email', 'code-A', 2 * MINUTE))
        .thenThrows('refused', 'Email is already verified');
    });

    it('refuses a code that was never requested', () => {
      given(accountDecider, [verifiedUser()])
        .when(verifyOtp('login', 'anything', 0))
        .thenThrows('refused', 'No code was requested for this email. Please request a new code.');
    });

    it('does not accept a verification code as a sign-in code', () => {
      given(accountDecider, afterSignup)
        .when(verifyOtp('login', 'code-A', MINUTE))
        .thenThrows('refused', 'No code was requested for this email. Please request a new code.');
    });

    it('signs in with a login code and verifies the e-mail of an unverified account', () => {
      const events = given(accountDecider, [...afterSignup, otpIssued('login', 'login-1', 2 * MINUTE)])
        .when(verifyOtp('login', 'login-1', 3 * MINUTE))
        .then([otpConsumed('login', 3 * MINUTE), emailVerified(3 * MINUTE), signedIn('otp', 3 * MINUTE)]);
      expectCatalogued(events);
    });

    it('signs in with a login code on a verified account without verifying again', () => {
      given(accountDecider, [verifiedUser(), otpIssued('login', 'login-1', 0)])
        .when(verifyOtp('login', 'login-1', MINUTE))
        .then([otpConsumed('login', MINUTE), signedIn('otp', MINUTE)]);
    });
  });

  describe('SignIn with a password', () => {
    it('signs in a verified account whose password matches', () => {
      given(accountDecider, [verifiedUser()]).when(signIn(true, MINUTE)).then([signedIn('password', MINUTE)]);
    });

    it('refuses a wrong password with 401 "Invalid credentials"', () => {
      given(accountDecider, [verifiedUser()]).when(signIn(false)).thenThrows('unauthenticated', 'Invalid credentials');
    });

    it('refuses an unverified account with 403 once the password matches', () => {
      given(accountDecider, [registered(), otpIssued('verify_email', 'c', 0)])
        .when(signIn(true))
        .thenThrows('forbidden', 'Please verify your email before signing in.');
    });

    it('says "Invalid credentials", not "unverified", when the password of an unverified account is wrong', () => {
      given(accountDecider, [registered()]).when(signIn(false)).thenThrows('unauthenticated', 'Invalid credentials');
    });

    it('refuses a password sign-in on a social account that has no password', () => {
      given(accountDecider, [registered({ emailVerified: true, passwordHash: null })]).when(signIn(true)).thenThrows('unauthenticated', 'Invalid credentials');
    });

    it('records social sign-ins without a password', () => {
      given(accountDecider, [registered({ emailVerified: true, passwordHash: null })])
        .when(signIn(false, MINUTE, 'google'))
        .then([signedIn('google', MINUTE)]);
    });

    it('uses the password set by a reset or a change', () => {
      const afterChange: AccountEvent[] = [verifiedUser(), { type: 'PasswordChanged', data: { passwordHash: 'new-hash', at: iso(MINUTE) } }];
      expect(given(accountDecider, afterChange).state().passwordHash).toBe('new-hash');
      const afterReset = [verifiedUser(), resetRequested('tok', 0), passwordReset('tok', 'reset-hash', MINUTE)];
      expect(given(accountDecider, afterReset).state().passwordHash).toBe('reset-hash');
    });
  });

  describe('password reset', () => {
    it('records the request with a link valid for 10 minutes', () => {
      const events = given(accountDecider, [verifiedUser()])
        .when({ type: 'RequestPasswordReset', tokenHash: 'tok-1', sealedToken: 'sealed-tok-1', now: at(0) })
        .then([resetRequested('tok-1', 0)]);
      expectCatalogued(events);
      const data = events[0]!.data as { requestedAt: string; expiresAt: string };
      expect(Date.parse(data.expiresAt) - Date.parse(data.requestedAt)).toBe(10 * MINUTE);
    });

    const requested = [verifiedUser(), resetRequested('tok-1', 0)];
    const reset = (tokenHash: string, ms: number, passwordHash = 'new-hash'): AccountCommand => ({ type: 'ResetPassword', tokenHash, passwordHash, now: at(ms) });

    it('resets the password with the token until exactly 10 minutes', () => {
      given(accountDecider, requested).when(reset('tok-1', 5 * MINUTE)).then([passwordReset('tok-1', 'new-hash', 5 * MINUTE)]);
      given(accountDecider, requested).when(reset('tok-1', RESET_TTL_MS)).then([passwordReset('tok-1', 'new-hash', RESET_TTL_MS)]);
    });

    it('refuses the token after 10 minutes', () => {
      given(accountDecider, requested)
        .when(reset('tok-1', RESET_TTL_MS + 1))
        .thenThrows('refused', 'This reset link has expired. Please request a new password reset.');
    });

    it('works once: a used token is refused', () => {
      given(accountDecider, [...requested, passwordReset('tok-1', 'new-hash', MINUTE)])
        .when(reset('tok-1', 2 * MINUTE, 'newer-hash'))
        .thenThrows('refused', 'Invalid or expired reset link. Please request a new password reset.');
    });

    it('refuses a wrong token, and any token when none was requested', () => {
      given(accountDecider, requested)
        .when(reset('tok-2', MINUTE))
        .thenThrows('refused', 'Invalid or expired reset link. Please request a new password reset.');
      given(accountDecider, [verifiedUser()])
        .when(reset('tok-1', MINUTE))
        .thenThrows('refused', 'Invalid or expired reset link. Please request a new password reset.');
    });

    it('invalidates the earlier link when a new one is requested', () => {
      const twice = [...requested, resetRequested('tok-2', MINUTE)];
      given(accountDecider, twice).when(reset('tok-1', 2 * MINUTE)).thenThrows('refused', Messages.invalidResetLink);
      given(accountDecider, twice).when(reset('tok-2', 2 * MINUTE)).then([passwordReset('tok-2', 'new-hash', 2 * MINUTE)]);
    });

    it('verifies the e-mail of an unverified account (the link came by e-mail)', () => {
      given(accountDecider, [registered(), resetRequested('tok-1', 0)])
        .when(reset('tok-1', MINUTE))
        .then([passwordReset('tok-1', 'new-hash', MINUTE), emailVerified(MINUTE)]);
    });

    it('sets a first password on a social account', () => {
      const spec = given(accountDecider, [registered({ emailVerified: true, passwordHash: null }), resetRequested('tok-1', 0)]).when(reset('tok-1', MINUTE));
      spec.then([passwordReset('tok-1', 'new-hash', MINUTE)]);
      expect(spec.stateAfter().passwordHash).toBe('new-hash');
    });
  });

  describe('ChangePassword', () => {
    const change = (currentPasswordMatches: boolean): AccountCommand => ({ type: 'ChangePassword', currentPasswordMatches, passwordHash: 'new-hash', now: at(MINUTE) });

    it('changes the password when the current one matches', () => {
      const events = given(accountDecider, [verifiedUser()])
        .when(change(true))
        .then([{ type: 'PasswordChanged', data: { passwordHash: 'new-hash', at: iso(MINUTE) } }]);
      expectCatalogued(events);
    });

    it('refuses a wrong current password (400) and changes nothing', () => {
      given(accountDecider, [verifiedUser()]).when(change(false)).thenThrows('refused', 'Current password is incorrect');
    });

    it('refuses a change on an account without a password', () => {
      given(accountDecider, [registered({ emailVerified: true, passwordHash: null })]).when(change(true)).thenThrows('refused', Messages.noPasswordYet);
    });
  });

  describe('LinkOAuth', () => {
    const link = (providerUserId: string): AccountCommand => ({ type: 'LinkOAuth', provider: 'google', providerUserId, now: at(MINUTE) });

    it('links a social identity once', () => {
      const linked: AccountEvent = { type: 'OAuthAccountLinked', data: { provider: 'google', providerUserId: 'g-1', at: iso(MINUTE) } };
      given(accountDecider, [verifiedUser()]).when(link('g-1')).then([linked]);
      given(accountDecider, [verifiedUser(), linked]).when(link('g-1')).then([]);
    });
  });

  describe('Erase', () => {
    // The streams of the names the account held, which the clean-up releases if a crash comes first.
    const reservations = [{ kind: 'username' as const, stream: 'username-ada' }, { kind: 'email' as const, stream: 'email-IDX' }];
    const erased = (reason: 'requested' | 'unverified', ms: number): AccountEvent => ({ type: 'AccountErased', data: { reason, at: iso(ms), reservations } });
    const byPassword = (password: boolean, ms = MINUTE): AccountCommand => ({ type: 'Erase', reason: 'requested', proof: { password }, reservations, now: at(ms) });
    const byCode = (codeHash: string, ms = MINUTE): AccountCommand => ({ type: 'Erase', reason: 'requested', proof: { codeHash }, reservations, now: at(ms) });
    const unverified = (ms = 8 * 24 * 60 * MINUTE): AccountCommand => ({ type: 'Erase', reason: 'unverified', reservations, now: at(ms) });

    it('erases with the right password, refuses a wrong one, and erases nothing twice', () => {
      expectCatalogued(given(accountDecider, [verifiedUser()]).when(byPassword(true)).then([erased('requested', MINUTE)]));
      given(accountDecider, [verifiedUser()]).when(byPassword(false)).thenThrows('refused', Messages.wrongPassword);
      given(accountDecider, [verifiedUser(), erased('requested', MINUTE)]).when(byPassword(true, 2 * MINUTE)).then([]);
      given(accountDecider, [registered({ emailVerified: true, passwordHash: null })]).when(byPassword(true)).thenThrows('refused', Messages.noPasswordToConfirm);
    });

    it('erases with the code mailed for it: a wrong one counts, an expired or missing one is refused', () => {
      const issued = otpIssued('erase_account', 'code-E', 0);
      given(accountDecider, [verifiedUser(), issued]).when(byCode('code-E')).then([otpConsumed('erase_account', MINUTE), erased('requested', MINUTE)]);
      given(accountDecider, [verifiedUser(), issued]).when(byCode('wrong')).then([otpFailed('erase_account', MINUTE)]);
      given(accountDecider, [verifiedUser(), issued]).when(byCode('code-E', OTP_TTL_MS + MINUTE)).thenThrows('refused', Messages.codeExpired);
      // A sign-in code does not confirm an erasure.
      given(accountDecider, [verifiedUser(), otpIssued('login', 'code-L', 0)]).when(byCode('code-L')).thenThrows('refused', Messages.noErasureCode);
      const tooMany = Array.from({ length: OTP_MAX_ATTEMPTS }, (_, i) => otpFailed('erase_account', i * SECOND));
      given(accountDecider, [verifiedUser(), issued, ...tooMany]).when(byCode('code-E')).thenThrows('too_many', Messages.tooManyAttempts);
    });

    it('erases an unverified sign-up without asking, never a verified account; an erased account cannot sign in', () => {
      given(accountDecider, [registered()]).when(unverified()).then([erased('unverified', 8 * 24 * 60 * MINUTE)]);
      given(accountDecider, [verifiedUser()]).when(unverified()).thenThrows('conflict', Messages.accountVerified);
      given(accountDecider, [verifiedUser(), erased('requested', MINUTE)])
        .when({ type: 'SignIn', method: 'password', passwordMatches: true, now: at(2 * MINUTE) })
        .thenThrows('unauthenticated', Messages.invalidCredentials);
    });
  });
});
