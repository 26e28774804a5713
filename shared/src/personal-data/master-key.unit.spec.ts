import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { reservationStreamOf } from '../events/accounts';
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

  const master = new LocalMasterKey(crypto.randomBytes(32));

  it('gives a blind index that is stable for one purpose and value, and differs by purpose, value and key', async () => {
    const index = await master.blindIndex('reservation-email', 'ann@example.test');
    expect(index).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await master.blindIndex('reservation-email', 'ann@example.test')).toBe(index);
    expect(await master.blindIndex('reservation-oauth', 'ann@example.test')).not.toBe(index);
    expect(await master.blindIndex('reservation-email', 'bob@example.test')).not.toBe(index);
    expect(await new LocalMasterKey(crypto.randomBytes(32)).blindIndex('reservation-email', 'ann@example.test')).not.toBe(index);
  });

  it('names e-mail and OAuth reservation streams by the blind index of the normalised value, usernames by themselves', async () => {
    const email = await reservationStreamOf('email', '  Ann@Example.TEST ', master);
    expect(email).toBe(`email-${await master.blindIndex('reservation-email', 'ann@example.test')}`);
    expect(await reservationStreamOf('email', 'ann@example.test', master)).toBe(email);
    const oauth = await reservationStreamOf('oauth', 'github-8812734', master);
    expect(oauth).not.toContain('8812734');
    expect(oauth).toMatch(/^oauth-[A-Za-z0-9_-]{43}$/);
    expect(await reservationStreamOf('username', 'Ann_Lee', master)).toBe('username-ann_lee');
  });
});
