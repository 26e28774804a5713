import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { reservationStreamOf } from '../events/accounts';
import { LocalMasterKey } from './master-key';

describe('the master key', () => {
  const master = new LocalMasterKey(randomBytes(32));

  it('wraps a data key that only it unwraps', async () => {
    const dataKey = randomBytes(32);
    const wrapped = await master.wrap(dataKey);
    expect(await master.unwrap(wrapped)).toEqual(dataKey);
    await expect(new LocalMasterKey(randomBytes(32)).unwrap(wrapped)).rejects.toThrow();
  });

  it('gives a blind index that is stable for one purpose and value, and differs by purpose, value and key', async () => {
    const index = await master.blindIndex('reservation-email', 'ann@example.test');
    expect(index).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await master.blindIndex('reservation-email', 'ann@example.test')).toBe(index);
    expect(await master.blindIndex('reservation-oauth', 'ann@example.test')).not.toBe(index);
    expect(await master.blindIndex('reservation-email', 'bob@example.test')).not.toBe(index);
    expect(await new LocalMasterKey(randomBytes(32)).blindIndex('reservation-email', 'ann@example.test')).not.toBe(index);
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
