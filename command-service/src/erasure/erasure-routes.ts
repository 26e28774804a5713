import { Router } from 'express';
import { ok } from '@circuit/shared/http/envelope';
import { isRefusal, unauthenticated } from '@circuit/shared/commands/domain-errors';
import { correlationIdOf } from '@circuit/shared/http/correlation';
import { SESSION_COOKIE } from '@circuit/shared/http/session';
import { DeleteAccountBody } from '@circuit/shared/validation/accounts';
import type { AbuseGuards } from '../http/rate-limits';
import type { AccountService } from '../accounts/account-service';
import { AccountRefusal } from '../accounts/account-decider';
import type { ErasureService } from './erasure-service';

export const ErasureMessages = {
  codeSent: 'We sent a code to your email. It expires in 10 minutes.',
  erased: 'Your account has been deleted.',
} as const;

const isWrongSecret = (error: unknown) => isRefusal(error, AccountRefusal.wrongSecret);

/** "Delete my account" (docs/personal-data.md): the signed-in person only, confirmed by their password or a mailed code. */
export function erasureRoutes(accounts: AccountService, erasure: ErasureService, limits: AbuseGuards): Router {
  const router = Router();

  router.post('/api/auth/delete-account/code', async (req, res) => {
    const userId = req.session.userId;
    if (!userId) throw unauthenticated('Not authenticated');
    const email = await accounts.emailOf(userId);
    if (email) await limits.mailTo('code', email, res);
    await erasure.mailCode(userId, { userId, correlationId: correlationIdOf(req) });
    res.json(ok(null, ErasureMessages.codeSent));
  });

  router.post('/api/auth/delete-account', async (req, res) => {
    const userId = req.session.userId;
    if (!userId) throw unauthenticated('Not authenticated');
    const body = DeleteAccountBody.parse(req.body ?? {});
    const confirmation = body.password !== undefined ? { password: body.password } : { code: body.code ?? '' };
    // Wrong passwords and codes count towards the same waits as a password change's.
    await limits.signInAttempt(req, res, limits.attempts.account(userId, isWrongSecret), () =>
      erasure.eraseRequested(userId, confirmation, { userId, correlationId: correlationIdOf(req) }),
    );
    // The erasure ended every session of the account in the store; this one goes with its cookie.
    await new Promise<void>((resolve) => req.session.destroy(() => resolve()));
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    res.json(ok(null, ErasureMessages.erased));
  });

  return router;
}
