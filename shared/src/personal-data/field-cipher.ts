import crypto from 'node:crypto';

/** How an encrypted field is stored in an event's data: whose key, and the AES-256-GCM box (iv, tag, ciphertext). */
export interface SealedField {
  $pd: 1;
  s: string;
  v: string;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

// Random IVs drawn from a pool filled 1,024 at a time: one call to the system's generator per field cost more than the cipher.
const pool = Buffer.alloc(IV_BYTES * 1024);
let used = pool.length;
function randomIv(): Buffer {
  if (used === pool.length) {
    crypto.randomFillSync(pool);
    used = 0;
  }
  used += IV_BYTES;
  return Buffer.from(pool.subarray(used - IV_BYTES, used));
}

export function isSealedField(value: unknown): value is SealedField {
  return typeof value === 'object' && value !== null && (value as { $pd?: unknown }).$pd === 1 && typeof (value as { s?: unknown }).s === 'string' && typeof (value as { v?: unknown }).v === 'string';
}

/** Encrypts any JSON value for one person; the person's id is bound in as associated data, so a box cannot be moved to another person. */
export function sealField(value: unknown, subject: string, key: Buffer): SealedField {
  const iv = randomIv();
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(subject));
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return { $pd: 1, s: subject, v: Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64') };
}

export function openField(sealed: SealedField, key: Buffer): unknown {
  const box = Buffer.from(sealed.v, 'base64');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, box.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(sealed.s));
  decipher.setAuthTag(box.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return JSON.parse(Buffer.concat([decipher.update(box.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8')) as unknown;
}
