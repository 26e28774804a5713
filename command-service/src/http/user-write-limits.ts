import { Router, type Request, type RequestHandler } from 'express';
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
 * The allowances a request counts against are gathered first and counted together, in one round
 * trip to the shared store (a follow is a write and a follow: one statement, not two).
 */
export function userWriteLimits(limiter: UserRateLimiter): Router {
  const router = Router();
  const counted = new WeakMap<Request, UserAction[]>();
  const add =
    (action: UserAction): RequestHandler =>
    (req, _res, next) => {
      counted.get(req)?.push(action);
      next();
    };
  router.use('/api', (req, _res, next) => {
    if (!SAFE.has(req.method) && req.session?.userId) counted.set(req, ['writes']);
    next();
  });
  router.post(['/api/users/projects/:id/comments', '/api/users/projects/:id/comments/:commentId/replies'], add('comments'));
  router.post(SOCIAL_PATHS, add('follows'));
  router.post('/api/users/report/:id', add('reports'));
  router.delete('/api/users/messages/:id', add('messages'));
  router.post('/api/community/:id/messages', add('messages'));
  const byActions = new Map<string, RequestHandler>();
  router.use('/api', (req, res, next) => {
    const actions = counted.get(req);
    if (!actions) return next();
    counted.delete(req);
    const key = [...new Set(actions)].join(',');
    let guard = byActions.get(key);
    if (!guard) byActions.set(key, (guard = limitPerUser(limiter, key.split(',') as UserAction[])));
    guard(req, res, next);
  });
  return router;
}
