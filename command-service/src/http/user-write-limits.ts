import { Router, type RequestHandler } from 'express';
import type { Config } from '@circuit/shared/config';
import { DEFAULT_USER_RATE_RULES, limitPerUser, type RateRule, type UserAction, type UserRateLimiter } from '@circuit/shared/http/user-rate-limit';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Every social-graph action counts against the "follows" allowance. */
const SOCIAL_PATHS = [
  '/api/users/follow/:id',
  '/api/users/unfollow/:id',
  '/api/users/followers/:id/remove',
  '/api/users/connect/:id',
  '/api/users/accept-connection/:id',
  '/api/users/reject-connection/:id',
  '/api/users/block/:id',
  '/api/users/unblock/:id',
  '/api/users/connections/:id/remove',
];

/** The per-user rules from configuration (the chat allowance is a setting; the rest are fixed). */
export function userRateRules(config: Pick<Config, 'RATE_LIMIT_MESSAGES' | 'RATE_LIMIT_FOLLOWS' | 'RATE_LIMIT_WRITES'>): Record<UserAction, RateRule> {
  return {
    ...DEFAULT_USER_RATE_RULES,
    messages: { ...DEFAULT_USER_RATE_RULES.messages, limit: config.RATE_LIMIT_MESSAGES },
    follows: { ...DEFAULT_USER_RATE_RULES.follows, limit: config.RATE_LIMIT_FOLLOWS },
    writes: { ...DEFAULT_USER_RATE_RULES.writes, limit: config.RATE_LIMIT_WRITES },
  };
}

/**
 * Per-user write limits in front of the routes: a ceiling on every write of a signed-in user, and
 * tighter allowances for the writes others see (comments, social actions, reports, messages).
 */
export function userWriteLimits(limiter: UserRateLimiter): Router {
  const router = Router();
  const writes = limitPerUser(limiter, 'writes');
  const everyWrite: RequestHandler = (req, res, next) => (SAFE.has(req.method) ? next() : writes(req, res, next));
  router.use('/api', everyWrite);
  router.post(['/api/users/projects/:id/comments', '/api/users/projects/:id/comments/:commentId/replies'], limitPerUser(limiter, 'comments'));
  router.post(SOCIAL_PATHS, limitPerUser(limiter, 'follows'));
  router.post('/api/users/report/:id', limitPerUser(limiter, 'reports'));
  router.delete('/api/users/messages/:id', limitPerUser(limiter, 'messages'));
  router.post('/api/community/:id/messages', limitPerUser(limiter, 'messages'));
  return router;
}
