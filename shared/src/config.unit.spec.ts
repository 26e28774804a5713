import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy, SETTING_NAMES } from './config';

describe('TRUST_PROXY and the abuse limit settings', () => {
  it('reads TRUST_PROXY as express reads trust proxy: booleans, hop counts, address lists', () => {
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('loopback, uniquelocal')).toBe('loopback, uniquelocal');
    expect(loadConfig({}).trustProxy).toBe('loopback');
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
  });

  it('defaults the limits to campus-sized values and refuses nonsense', () => {
    expect(loadConfig({})).toMatchObject({
      LIMIT_CODES_PER_ADDRESS: 10,
      LIMIT_ADDRESS_COOLDOWN_MS: 60_000,
      LIMIT_SIGNIN_FREE_FAILURES: 5,
      LIMIT_CLIENT_REQUESTS: 3000,
    });
    expect(loadConfig({ LIMIT_CODES_PER_ADDRESS: '3', LIMIT_ADDRESS_COOLDOWN_MS: '0' })).toMatchObject({ LIMIT_CODES_PER_ADDRESS: 3, LIMIT_ADDRESS_COOLDOWN_MS: 0 });
    expect(() => loadConfig({ LIMIT_CODES_PER_ADDRESS: '0' })).toThrow(/LIMIT_CODES_PER_ADDRESS/);
    expect(() => loadConfig({ TRUST_PROXY: ' ' })).toThrow(/TRUST_PROXY/);
  });
});

describe('.env.example', () => {
  it('lists every setting the configuration reads, and none it does not', () => {
    const example = fs.readFileSync(path.resolve(import.meta.dirname, '../../.env.example'), 'utf8');
    const listed = [...example.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]!);
    expect(SETTING_NAMES.filter((name) => !listed.includes(name))).toEqual([]);
    expect(listed.filter((name) => !SETTING_NAMES.includes(name))).toEqual([]);
  });
});
