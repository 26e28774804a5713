import { Router, type Request } from 'express';
import type { z } from 'zod';
import { ok } from '@circuit/shared/http/envelope';
import { unauthorized } from '@circuit/shared/http/errors';
import { correlationIdOf } from '@circuit/shared/http/correlation';
import { findUserRow, toUserView } from '@circuit/shared/read-models/users';
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
import { authRateLimiters } from '../http/rate-limits';
import type { AccountService } from './account-service';

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
  await new Promise<void>((resolve, reject) => req.session.save((err) => (err ? reject(err) : resolve())));
}

export function authRoutes(deps: CommandServiceDeps, accounts: AccountService): Router {
  const router = Router();
  const limit = authRateLimiters(
    deps.rateLimits ?? { windowMs: deps.config.RATE_LIMIT_WINDOW_MS, attempts: deps.config.RATE_LIMIT_ATTEMPTS, mails: deps.config.RATE_LIMIT_MAILS },
  );

  async function currentUser(userId: string) {
    const row = await findUserRow(deps.knex, userId);
    if (!row) throw unauthorized('Not authenticated');
    return toUserView(row, { includePrivate: true });
  }

  router.post('/signup', limit.mails, async (req, res) => {
    const body = parse(SignupBody, req.body);
    const { userId } = await accounts.register(body, ctxOf(req), { pendingSignUp: req.session.pendingVerificationUserId });
    req.session.pendingVerificationUserId = userId;
    res.status(201).json(ok({ email: body.email, username: body.username }, 'Account created! Please check your email for OTP.'));
  });

  router.post('/verify-email', limit.attempts, async (req, res) => {
    const body = parse(VerifyEmailBody, req.body);
    const userId = body.email ? await accounts.userIdByEmail(body.email) : req.session.pendingVerificationUserId;
    if (!userId) throw unauthorized('Please sign up first or enter your email address.');
    await accounts.verifyOtp(userId, 'verify_email', body.otp, ctxOf(req));
    delete req.session.pendingVerificationUserId;
    res.json(ok(null, 'Email verified successfully!'));
  });

  router.post('/resend-otp', limit.mails, async (req, res) => {
    const body = parse(ResendOtpBody, req.body);
    await accounts.issueOtp(await accounts.userIdByEmail(body.email), 'verify_email', ctxOf(req));
    res.json(ok(null, 'OTP resent successfully!'));
  });

  router.post('/resend-verification', limit.mails, async (req, res) => {
    const userId = req.session.userId ?? req.session.pendingVerificationUserId;
    if (!userId) throw unauthorized('Please sign up first or enter your email address.');
    await accounts.issueOtp(userId, 'verify_email', ctxOf(req));
    res.json(ok(null, 'Verification code sent to your email'));
  });

  router.post('/login', limit.attempts, async (req, res) => {
    const body = parse(LoginBody, req.body);
    const userId = await accounts.signInWithPassword(body.identifier, body.password, ctxOf(req));
    await startSession(req, userId);
    res.json(ok(await currentUser(userId), 'Login successful'));
  });

  router.post('/login-otp', limit.mails, async (req, res) => {
    const body = parse(LoginOtpBody, req.body);
    await accounts.issueOtp(await accounts.userIdByEmail(body.email), 'login', ctxOf(req));
    res.json(ok(null, 'OTP sent to your email!'));
  });

  router.post('/verify-otp', limit.attempts, async (req, res) => {
    const body = parse(VerifyOtpBody, req.body);
    const userId = await accounts.userIdByEmail(body.email);
    await accounts.verifyOtp(userId, 'login', body.otp, ctxOf(req));
    await startSession(req, userId);
    res.json(ok(await currentUser(userId), 'Login successful'));
  });

  router.post('/logout', async (req, res) => {
    // Always ends the session, signed in or not.
    await new Promise<void>((resolve) => req.session.destroy(() => resolve()));
    res.clearCookie('circuit.sid', { path: '/' });
    res.json(ok(null, 'Logged out'));
  });

  router.get('/me', async (req, res) => {
    if (!req.session.userId) throw unauthorized('Not authenticated');
    res.json(ok(await currentUser(req.session.userId)));
  });

  // The web app's first question on every page load: being signed out is an ordinary answer (200, data null),
  // not a 401 error that every signed-out visitor's browser would log in its console.
  router.get('/session', async (req, res) => {
    const row = req.session.userId ? await findUserRow(deps.knex, req.session.userId) : undefined;
    res.json(ok(row ? toUserView(row, { includePrivate: true }) : null, row ? 'Signed in' : 'Not signed in'));
  });

  router.post('/forgot-password', limit.mails, async (req, res) => {
    const body = parse(ForgotPasswordBody, req.body);
    await accounts.requestPasswordReset(body.email, ctxOf(req));
    res.json(ok(null, 'Password reset email sent successfully!'));
  });

  router.post('/reset-password', limit.attempts, async (req, res) => {
    const body = parse(ResetPasswordBody, req.body);
    await accounts.resetPassword(body.token, body.password, ctxOf(req));
    res.json(ok(null, 'Password reset successfully!'));
  });

  router.post('/change-password', limit.attempts, async (req, res) => {
    if (!req.session.userId) throw unauthorized('Not authenticated');
    const body = parse(ChangePasswordBody, req.body);
    await accounts.changePassword(req.session.userId, body.currentPassword, body.newPassword, ctxOf(req));
    res.json(ok(null, 'Password changed successfully!'));
  });

  return router;
}
