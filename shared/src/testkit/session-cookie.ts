import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { SESSION_COOKIE, SessionStore } from '../http/session';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A signed-in session for `userId` written straight into the session store, and the Cookie header
 * that carries it: for tests that drive services running as processes of their own, where signing
 * up and in over HTTP would only add minutes. The cookie is signed as express-session signs it
 * (cookie-signature: `s:` + id + `.` + unpadded base64 HMAC-SHA256 of the id with the secret).
 */
export async function signedInCookie(knex: Knex, secret: string, userId: string): Promise<string> {
  const sid = crypto.randomBytes(18).toString('base64url');
  const store = new SessionStore(knex, { cleanupMs: 0 });
  try {
    const sess = { cookie: { originalMaxAge: DAY_MS, expires: new Date(Date.now() + DAY_MS), httpOnly: true, path: '/' }, userId };
    await new Promise<void>((resolve, reject) => store.set(sid, sess, (err: unknown) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve())));
  } finally {
    store.close();
  }
  const signature = crypto.createHmac('sha256', secret).update(sid).digest('base64').replace(/=+$/, '');
  return `${SESSION_COOKIE}=${encodeURIComponent(`s:${sid}.${signature}`)}`;
}
