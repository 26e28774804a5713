import { ipKeyGenerator, rateLimit, type RateLimitRequestHandler } from 'express-rate-limit';

export const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';

/** Per-client limits for sign-in, code and reset endpoints (429 with a message the screens show). */
export function authRateLimiters(limits: { windowMs: number; attempts: number; mails: number }) {
  const make = (limit: number, scope: string): RateLimitRequestHandler =>
    rateLimit({
      windowMs: limits.windowMs,
      limit,
      standardHeaders: 'draft-7',
      legacyHeaders: false,
      // One bucket per endpoint family and client address.
      keyGenerator: (req) => `${scope}:${ipKeyGenerator(req.ip ?? 'unknown')}`,
      handler: (_req, res) => {
        res.status(429).json({ success: false, message: TOO_MANY });
      },
    });
  return {
    attempts: make(limits.attempts, 'attempts'),
    mails: make(limits.mails, 'mails'),
  };
}
