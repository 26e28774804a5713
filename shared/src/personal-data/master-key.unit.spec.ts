import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { LocalMasterKey, masterKeyFrom } from './master-key';

const production = { NODE_ENV: 'production', SESSION_SECRET: 'a-production-secret!', TICKET_SIGNING_KEY: crypto.randomBytes(32).toString('base64url') };

describe('the personal data master key', () => {
  it('wraps a data key so that only the same master key unwraps it', async () => {
    const master = new LocalMasterKey(crypto.randomBytes(32));
    const dataKey = crypto.randomBytes(32);
    const wrapped = await master.wrap(dataKey);
    expect(wrapped.includes(dataKey)).toBe(false);
    expect((await master.unwrap(wrapped)).equals(dataKey)).toBe(true);
    await expect(new LocalMasterKey(crypto.randomBytes(32)).unwrap(wrapped)).rejects.toThrow();
  });

  it('is required in production and must be 32 bytes of base64', () => {
    expect(() => loadConfig(production)).toThrow('PERSONAL_DATA_MASTER_KEY is required in production');
    expect(() => loadConfig({ ...production, PERSONAL_DATA_MASTER_KEY: 'c2hvcnQ=' })).toThrow('PERSONAL_DATA_MASTER_KEY must be 32 bytes');
    const key = crypto.randomBytes(32).toString('base64');
    expect(loadConfig({ ...production, PERSONAL_DATA_MASTER_KEY: key }).PERSONAL_DATA_MASTER_KEY).toBe(key);
  });

  it('outside production a fixed development key keeps the data readable across restarts', () => {
    expect(masterKeyFrom({}).id).toBe(masterKeyFrom({}).id);
    expect(masterKeyFrom({ PERSONAL_DATA_MASTER_KEY: crypto.randomBytes(32).toString('base64') }).id).not.toBe(masterKeyFrom({}).id);
  });
});
