import crypto from 'node:crypto';

/**
 * The key that wraps every person's data key (docs/personal-data.md). A port so that a cloud KMS can hold it
 * later: only `wrap` and `unwrap` ever see a data key in the clear, and the master key itself never leaves the adapter.
 */
export interface MasterKey {
  /** Names the key that wrapped a data key, stored beside it, so keys can be rotated. */
  readonly id: string;
  wrap(dataKey: Buffer): Promise<Buffer>;
  unwrap(wrapped: Buffer): Promise<Buffer>;
  /**
   * A keyed MAC of a value (HMAC-SHA256 here, a KMS's MAC later), in base64url: names a stream by a personal value
   * (an e-mail address) without the stream id revealing it. The same purpose and value always give the same index;
   * `purpose` keeps the indexes of different uses apart.
   */
  blindIndex(purpose: string, value: string): Promise<string>;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The master key from the settings (PERSONAL_DATA_MASTER_KEY, 32 bytes in base64): AES-256-GCM key wrapping in process. */
export class LocalMasterKey implements MasterKey {
  readonly id: string;
  private readonly key: Buffer;
  /** Derived, so the wrapping key is never used for anything else. */
  private readonly indexKey: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('The personal data master key must be 32 bytes');
    this.key = key;
    // A fingerprint, not the key: tells which master key wrapped a data key without revealing it.
    this.id = `local:${crypto.createHash('sha256').update(key).digest('base64url').slice(0, 12)}`;
    this.indexKey = Buffer.from(crypto.hkdfSync('sha256', key, Buffer.alloc(0), 'circuit personal data blind index', 32));
  }

  async blindIndex(purpose: string, value: string): Promise<string> {
    return crypto.createHmac('sha256', this.indexKey).update(purpose).update('\0').update(value).digest('base64url');
  }

  async wrap(dataKey: Buffer): Promise<Buffer> {
    const iv = crypto.randomBytes(IV_BYTES);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(dataKey), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]);
  }

  async unwrap(wrapped: Buffer): Promise<Buffer> {
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.key, wrapped.subarray(0, IV_BYTES));
    decipher.setAuthTag(wrapped.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(wrapped.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
  }
}

/** Outside production a fixed development key keeps the embedded data readable across restarts. */
const DEVELOPMENT_MASTER_KEY = crypto.createHash('sha256').update('circuit-development-personal-data-key-not-for-production').digest();

export function parseMasterKey(value: string): Buffer {
  const key = Buffer.from(value.trim(), 'base64');
  if (key.length !== 32) throw new Error('PERSONAL_DATA_MASTER_KEY must be 32 bytes in base64 (openssl rand -base64 32)');
  return key;
}

export function masterKeyFrom(config: { PERSONAL_DATA_MASTER_KEY?: string }): MasterKey {
  return new LocalMasterKey(config.PERSONAL_DATA_MASTER_KEY ? parseMasterKey(config.PERSONAL_DATA_MASTER_KEY) : DEVELOPMENT_MASTER_KEY);
}
