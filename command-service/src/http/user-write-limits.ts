import type { RequestHandler } from 'express';
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

/** A route path (`/api/users/:id/x`) as a test of request paths, case-insensitive and with an optional trailing slash, as express routes match. */
function routeTest(path: string): RegExp {
  const pattern = path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]\w*/g, '[^/]+');
  return new RegExp(`^${pattern}/?$`, 'i');
}

/** The allowances beside `writes`, by method and path. */
const ACTION_ROUTES: { method: string; paths: string[]; action: UserAction }[] = [
  { method: 'POST', paths: ['/api/users/projects/:id/comments', '/api/users/projects/:id/comments/:commentId/replies'], action: 'comments' },
  { method: 'POST', paths: SOCIAL_PATHS, action: 'follows' },
  { method: 'POST', paths: ['/api/users/report/:id'], action: 'reports' },
  { method: 'DELETE', paths: ['/api/users/messages/:id'], action: 'messages' },
  { method: 'POST', paths: ['/api/community/:id/messages'], action: 'messages' },
];

const API_PATH = /^\/api(?:\/|$)/i;

/**
 * Per-user write limits in front of the routes: a ceiling on every write of a signed-in user, and
 * tighter allowances for the writes others see (comments, social actions, reports, messages).
 * The allowances a request counts against are gathered first and counted together, in one round
 * trip to the shared store (a follow is a write and a follow: one statement, not two). A plain
 * middleware rather than a router: express leaves a router through a turn of the event loop,
 * which under load made every write wait several milliseconds more.
 */
export function userWriteLimits(limiter: UserRateLimiter): RequestHandler {
  const routes = ACTION_ROUTES.map((r) => ({ ...r, tests: r.paths.map(routeTest) }));
  const byActions = new Map<string, RequestHandler>();
  return (req, res, next) => {
    if (SAFE.has(req.method) || !req.session?.userId || !API_PATH.test(req.path)) return next();
    const actions: UserAction[] = ['writes'];
    for (const route of routes) {
      if (route.method === req.method && !actions.includes(route.action) && route.tests.some((t) => t.test(req.path))) actions.push(route.action);
    }
    const key = actions.join(',');
    let guard = byActions.get(key);
    if (!guard) byActions.set(key, (guard = limitPerUser(limiter, actions)));
    guard(req, res, next);
  };
}
