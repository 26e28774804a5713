import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE, signedSessionIds } from './session';

/** express-session's cookie, as cookie-signature signs it and the cookie package encodes it. */
const cookieOf = (sid: string, secret: string) =>
  `${SESSION_COOKIE}=${encodeURIComponent(`s:${sid}.${createHmac('sha256', secret).update(sid).digest('base64').replace(/=+$/, '')}`)}`;

describe('the session id of a signed cookie (the read path without express-session)', () => {
  const read = signedSessionIds('a secret');

  it('reads the id of a cookie signed with the secret, among other cookies, every time', () => {
    const header = `theme=dark; ${cookieOf('abc_DEF-123', 'a secret')}; other=1`;
    expect(read(header)).toBe('abc_DEF-123');
    expect(read(header)).toBe('abc_DEF-123');
  });

  it('refuses a cookie signed with another secret, a changed id or signature, and an unsigned one', () => {
    expect(read(cookieOf('abc', 'another secret'))).toBeUndefined();
    expect(read(cookieOf('abc', 'a secret').replace('s%3Aabc', 's%3Aabd'))).toBeUndefined();
    expect(read(`${cookieOf('abc', 'a secret')}x`)).toBeUndefined();
    expect(read(`${SESSION_COOKIE}=abc`)).toBeUndefined();
    expect(read('theme=dark')).toBeUndefined();
    expect(read(undefined)).toBeUndefined();
  });
});
