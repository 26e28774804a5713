import type { RequestHandler } from 'express';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request protection for cookie sessions: a state-changing request whose Origin (or
 * Referer) names another site is refused. SameSite=Lax cookies already keep most out; this closes
 * the rest (older browsers, same-site subdomains). Requests without either header are not from a
 * browser form and carry no ambient cookie risk.
 */
export function sameOriginOnly(allowedOrigins: string[]): RequestHandler {
  const allowed = new Set(allowedOrigins.map((o) => new URL(o).origin));
  return (req, res, next) => {
    if (SAFE.has(req.method)) return next();
    const source = req.get('origin') ?? req.get('referer');
    if (!source) return next();
    let origin: string;
    try {
      origin = new URL(source).origin;
    } catch {
      origin = 'invalid';
    }
    const own = `${req.protocol}://${req.get('host') ?? ''}`;
    if (origin === own || allowed.has(origin)) return next();
    res.status(403).json({ success: false, message: 'Cross-site request refused' });
  };
}
