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
  return (await signedInCookies(knex, secret, [userId]))[0]!;
}

/**
 * A signed-in session for each user (in order), through one store, `concurrency` writes at a
 * time: a benchmark's ten thousand sockets get their sessions in seconds.
 */
export async function signedInCookies(knex: Knex, secret: string, userIds: readonly string[], concurrency = 1): Promise<string[]> {
  const store = new SessionStore(knex, { cleanupMs: 0 });
  const cookies: string[] = [];
  try {
    for (let from = 0; from < userIds.length; from += concurrency) {
      cookies.push(...(await Promise.all(userIds.slice(from, from + concurrency).map((userId) => writeSession(store, secret, userId)))));
    }
  } finally {
    store.close();
  }
  return cookies;
}

async function writeSession(store: SessionStore, secret: string, userId: string): Promise<string> {
  const sid = crypto.randomBytes(18).toString('base64url');
  const sess = { cookie: { originalMaxAge: DAY_MS, expires: new Date(Date.now() + DAY_MS), httpOnly: true, path: '/' }, userId };
  await new Promise<void>((resolve, reject) => store.set(sid, sess, (err: unknown) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve())));
  const signature = crypto.createHmac('sha256', secret).update(sid).digest('base64').replace(/=+$/, '');
  return `${SESSION_COOKIE}=${encodeURIComponent(`s:${sid}.${signature}`)}`;
}

/** The Set-Cookie lines of an answer (supertest gives one string or an array). */
const setCookies = (res: { headers: Record<string, unknown> }): string[] => ([] as unknown[]).concat(res.headers['set-cookie'] ?? []).map(String);

/** The Set-Cookie line of the cookie `name`, when the answer sets it. */
export function cookieSetBy(res: { headers: Record<string, unknown> }, name: string): string | undefined {
  return setCookies(res).find((line) => line.startsWith(`${name}=`));
}

/** `circuit.sid=...` as a Cookie header carries it, from an answer that set the session cookie (a sign-in sets a device cookie too). */
export function sessionCookieOf(res: { headers: Record<string, unknown> }): string {
  return (cookieSetBy(res, SESSION_COOKIE) ?? '').split(';')[0]!;
}
