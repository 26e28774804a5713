import crypto from 'node:crypto';

export const hmacHex = (secret: string, payload: string | Buffer) => crypto.createHmac('sha256', secret).update(payload).digest('hex');

/** Constant-time comparison of two hex signatures (different lengths are simply unequal). */
export function sameSignature(expected: string, given: string | undefined): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}
