import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (password: string, salt: Buffer, keylen: number, options: crypto.ScryptOptions) => Promise<Buffer>;

// scrypt parameters per OWASP (N=2^17, r=8, p=1 -> 128 MiB); tests lower N through SCRYPT_COST.
const COST = Number(process.env.SCRYPT_COST ?? 131072);
const SCRYPT = { N: COST, r: 8, p: 1, maxmem: 256 * 1024 * 1024 };

/** Encoded as scrypt$N$r$p$salt$hash so the parameters can change without breaking stored hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(password, salt, 32, SCRYPT);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

export async function verifyPassword(password: string, encoded: string | null | undefined): Promise<boolean> {
  if (!encoded) {
    // Same work as a real check so a missing account cannot be told apart by timing.
    await scrypt(password, crypto.randomBytes(16), 32, SCRYPT);
    return false;
  }
  const [scheme, n, r, p, salt, hash] = encoded.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n), r: Number(r), p: Number(p), maxmem: 256 * 1024 * 1024,
  });
  return crypto.timingSafeEqual(actual, expected);
}

export function sixDigitCode(): string {
  return crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
}

export function urlToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** Keyed hash of a short-lived secret (OTP, reset token): what the event store keeps to check it. */
export function secretHash(secret: string, key: string): string {
  return crypto.createHmac('sha256', key).update(secret).digest('base64url');
}

export function secretMatches(secret: string, hash: string, key: string): boolean {
  const a = Buffer.from(secretHash(secret, key));
  const b = Buffer.from(hash);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

function sealKey(key: string): Buffer {
  return crypto.createHash('sha256').update(`seal:${key}`).digest();
}

/** AES-256-GCM: lets a process manager mail a code that the event store never holds in clear. */
export function seal(plain: string, key: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', sealKey(key), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

export function unseal(sealed: string, key: string): string {
  const [iv, tag, body] = sealed.split('.').map((s) => Buffer.from(s, 'base64url'));
  if (!iv || !tag || !body) throw new Error('Malformed sealed value');
  const decipher = crypto.createDecipheriv('aes-256-gcm', sealKey(key), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}
