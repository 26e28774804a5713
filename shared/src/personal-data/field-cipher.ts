import crypto from 'node:crypto';

/**
 * What a sealed event keeps in place of a personal field: whose it is and its place in that person's box. The
 * values themselves are in `data.$pd[<person>]`, one AES-256-GCM box per person and event, so an event with five
 * fields of one person costs one cipher operation, not five.
 */
export interface SealedField {
  $pd: 1;
  s: string;
  i: number;
}

/** Where a sealed event keeps its boxes: person -> base64 of iv, tag and ciphertext of the JSON array of their values. */
export const BOXES = '$pd';

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
  return typeof value === 'object' && value !== null && (value as { $pd?: unknown }).$pd === 1 && typeof (value as { s?: unknown }).s === 'string' && typeof (value as { i?: unknown }).i === 'number';
}

/** The person and the event are bound in as associated data: a box cannot be moved to another person or event. */
const associated = (subject: string, eventId: string) => Buffer.from(`${subject}\u0000${eventId}`);

/** Encrypts one person's values of one event. */
export function sealValues(values: unknown[], subject: string, eventId: string, key: Buffer): string {
  const iv = randomIv();
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(associated(subject, eventId));
  const body = Buffer.concat([cipher.update(JSON.stringify(values), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

export function openValues(box: string, subject: string, eventId: string, key: Buffer): unknown[] {
  const bytes = Buffer.from(box, 'base64');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
  decipher.setAAD(associated(subject, eventId));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  const values = JSON.parse(Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8')) as unknown;
  if (!Array.isArray(values)) throw new Error('A sealed box holds a list of values');
  return values;
}
