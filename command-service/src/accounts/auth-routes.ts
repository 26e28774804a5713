import { Router, type Request, type Response } from 'express';
import type { z } from 'zod';
import { ok } from '@circuit/shared/http/envelope';
import { isRefusal, unauthenticated } from '@circuit/shared/commands/domain-errors';
import { correlationIdOf } from '@circuit/shared/http/correlation';
import { SESSION_COOKIE } from '@circuit/shared/http/session';
import { announceSessionsEnded, endSessionsEverywhere } from './end-sessions';
import { refuseSuspendedSignIn } from '../user-standing/standing-service';
import {
  ChangePasswordBody,
  ForgotPasswordBody,
  LoginBody,
  LoginOtpBody,
  ResendOtpBody,
  ResetPasswordBody,
  SignupBody,
  VerifyEmailBody,
  VerifyOtpBody,
} from '@circuit/shared/validation/accounts';
import type { CommandServiceDeps } from '../context';
import { nameKey, type AbuseGuards, type SignInAttempt } from '../http/rate-limits';
import { deviceCookies } from './device-cookie';
import type { AccountService } from './account-service';
import { AccountRefusal } from './account-decider';

declare module 'express-session' {
  interface SessionData {
    /** The account a sign-up is verifying, so verify-email and resend-verification work without an e-mail. */
    pendingVerificationUserId?: string;
  }
}

const parse = <S extends z.ZodType>(schema: S, body: unknown): z.infer<S> => schema.parse(body ?? {});
const ctxOf = (req: Request) => ({ userId: req.session.userId, correlationId: correlationIdOf(req) });

/** Starts a fresh session for the user (a new id at every sign-in, against session fixation). */
export async function startSession(req: Request, userId: string): Promise<void> {
  await new Promise<void>((resolve, reject) => req.session.regenerate((err) => (err ? reject(err) : resolve())));
  req.session.userId = userId;
  req.session.refreshedAt = Date.now();
  await new Promise<void>((resolve, reject) => req.session.save((err) => (err ? reject(err) : resolve())));
}

/** Answers that mean a wrong secret was tried: they count towards the waits of the abuse limits. */
const isWrongSecret = (error: unknown) => isRefusal(error, AccountRefusal.wrongSecret);

export function authRoutes(deps: CommandServiceDeps, accounts: AccountService, limits: AbuseGuards): Router {
  const router = Router();

  const devices = deviceCookies(deps.config.sessionSecret);

  /** A password sign-in: from a device where that account signed in before, it waits on nothing a stranger did. */
  async function passwordAttempt(req: Request, identifier: string): Promise<SignInAttempt> {
    const kind = identifier.includes('@') ? 'email' : 'username';
    // Looked up for every name, known or not, so both take the same time.
    const device = devices.knownDeviceOf(req, await accounts.ownerOf(kind, identifier));
    return limits.attempts.password(req, nameKey(kind, identifier), device, isWrongSecret);
  }

  /** Signs the user in here and marks this browser as one of their devices. */
  async function signIn(req: Request, res: Response, userId: string) {
    await refuseSuspendedSignIn(deps, userId);
    await startSession(req, userId);
    devices.remember(req, res, userId);
    res.json(ok(await currentUser(userId), 'Login successful'));
  }

  /** After a password change or reset: the user's other sessions end, here and on their sockets. */
  async function endOtherSessions(req: Request, userId: string) {
    const except = req.session.userId === userId ? req.sessionID : undefined;
    await endSessionsEverywhere(deps, userId, { except });
  }

  async function currentUser(userId: string) {
    const user = await deps.queries.ownUser(userId);
    if (!user) throw unauthenticated('Not authenticated');
    return user;
  }

  router.post('/signup', async (req, res) => {
    const body = parse(SignupBody, req.body);
    const { userId } = await accounts.register(body, ctxOf(req), {
      pendingSignUp: req.session.pendingVerificationUserId,
      beforeCodeMailed: () => limits.mailTo('code', body.email, res),
    });
    req.session.pendingVerificationUserId = userId;
    res.status(201).json(ok({ email: body.email, username: body.username }, 'Account created! Please check your email for OTP.'));
  });

  router.post('/verify-email', async (req, res) => {
    const body = parse(VerifyEmailBody, req.body);
    const { email } = body;
    if (email) {
      // By address: an unknown one answers like a wrong code (no account probing).
      await limits.signInAttempt(req, res, limits.attempts.code(email, isWrongSecret), () =>
        accounts.verifyOtpAtAddress(email, 'verify_email', body.otp, () => limits.codeFailuresAt(email), ctxOf(req)),
      );
    } else {
      const userId = req.session.pendingVerificationUserId;
      if (!userId) throw unauthenticated('Please sign up first or enter your email address.');
      await limits.signInAttempt(req, res, limits.attempts.code(null, isWrongSecret), () => accounts.verifyOtp(userId, 'verify_email', body.otp, ctxOf(req)));
    }
    delete req.session.pendingVerificationUserId;
    res.json(ok(null, 'Email verified successfully!'));
  });

  router.post('/resend-otp', async (req, res) => {
    const body = parse(ResendOtpBody, req.body);
    await limits.mailTo('code', body.email, res);
    await accounts.issueOtpToAddress(body.email, 'verify_email', ctxOf(req));
    res.json(ok(null, 'OTP resent successfully!'));
  });

  router.post('/resend-verification', async (req, res) => {
    const userId = req.session.userId ?? req.session.pendingVerificationUserId;
    if (!userId) throw unauthenticated('Please sign up first or enter your email address.');
    const email = await accounts.emailOf(userId);
    if (email) await limits.mailTo('code', email, res);
    await accounts.issueOtp(userId, 'verify_email', ctxOf(req));
    res.json(ok(null, 'Verification code sent to your email'));
  });

  router.post('/login', async (req, res) => {
    const body = parse(LoginBody, req.body);
    const attempt = await passwordAttempt(req, body.identifier);
    await signIn(req, res, await limits.signInAttempt(req, res, attempt, () => accounts.signInWithPassword(body.identifier, body.password, ctxOf(req))));
  });

  router.post('/login-otp', async (req, res) => {
    const body = parse(LoginOtpBody, req.body);
    await limits.mailTo('code', body.email, res);
    await accounts.issueOtpToAddress(body.email, 'login', ctxOf(req));
    res.json(ok(null, 'OTP sent to your email!'));
  });

  router.post('/verify-otp', async (req, res) => {
    const body = parse(VerifyOtpBody, req.body);
    // The code was mailed to the address just now: whoever has it owns the mailbox, so no stranger's
    // password guesses hold it up; the code itself dies after a few wrong tries.
    const userId = await limits.signInAttempt(req, res, limits.attempts.code(body.email, isWrongSecret), () =>
      accounts.verifyOtpAtAddress(body.email, 'login', body.otp, () => limits.codeFailuresAt(body.email), ctxOf(req)),
    );
    await signIn(req, res, userId);
  });

  router.post('/logout', async (req, res) => {
    // Always ends the session, signed in or not.
    const { userId } = req.session;
    const sid = req.sessionID;
    await new Promise<void>((resolve) => req.session.destroy(() => resolve()));
    if (userId) await announceSessionsEnded(deps, { userId, sids: [sid] });
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    res.json(ok(null, 'Logged out'));
  });

  router.get('/me', async (req, res) => {
    if (!req.session.userId) throw unauthenticated('Not authenticated');
    res.json(ok(await currentUser(req.session.userId)));
  });

  // The web app's first question on every page load: being signed out is an ordinary answer (200, data null),
  // not a 401 error that every signed-out visitor's browser would log in its console.
  router.get('/session', async (req, res) => {
    const user = req.session.userId ? await deps.queries.ownUser(req.session.userId) : undefined;
    res.json(ok(user ?? null, user ? 'Signed in' : 'Not signed in'));
  });

  router.post('/forgot-password', async (req, res) => {
    const body = parse(ForgotPasswordBody, req.body);
    await limits.mailTo('reset', body.email, res);
    // The lookup and the reset start once the answer is out, so a known address answers exactly
    // like an unknown one, in the same time (PGlite's one connection would otherwise queue the
    // session's save behind them).
    const ctx = ctxOf(req);
    res.once('finish', () => {
      accounts.requestPasswordReset(body.email, ctx).catch((err: unknown) => deps.log.error({ err }, 'recording a password reset request failed'));
    });
    res.json(ok(null, 'Password reset email sent successfully!'));
  });

  router.post('/reset-password', async (req, res) => {
    const body = parse(ResetPasswordBody, req.body);
    const userId = await accounts.resetPassword(body.token, body.password, ctxOf(req));
    await endOtherSessions(req, userId);
    res.json(ok(null, 'Password reset successfully!'));
  });

  router.post('/change-password', async (req, res) => {
    const userId = req.session.userId;
    if (!userId) throw unauthenticated('Not authenticated');
    const body = parse(ChangePasswordBody, req.body);
    await limits.signInAttempt(req, res, limits.attempts.account(userId, isWrongSecret), () => accounts.changePassword(userId, body.currentPassword, body.newPassword, ctxOf(req)));
    await endOtherSessions(req, userId);
    res.json(ok(null, 'Password changed successfully!'));
  });

  return router;
}
