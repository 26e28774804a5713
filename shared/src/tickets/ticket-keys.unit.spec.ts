import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { ticketIdOf } from './ticket-id';
import { derivedTicketKey, parseTicketSigningKey, ticketKeys, ticketKeysFrom } from './ticket-keys';
import { base64url, fromBase64url, splitTicket, type TicketPayload } from './ticket-token';

const payload: TicketPayload = { t: ticketIdOf('event', 'e1', 'u1'), k: 'event', l: 'e1', u: 'u1', n: 'Asha Rao' };
const keys = ticketKeys(derivedTicketKey('a-session-secret-of-16+'));
const other = ticketKeys(crypto.generateKeyPairSync('ed25519').privateKey);

/** The token with its payload swapped for `changed`, the signature kept. */
function altered(token: string, changed: object): string {
  const [prefix, , signature] = token.split('.');
  return `${prefix}.${base64url(new TextEncoder().encode(JSON.stringify(changed)))}.${signature}`;
}

describe('ticket tokens', () => {
  it('signs a ticket that verifies to its payload, the same token every time (Ed25519 is deterministic)', () => {
    const token = keys.sign(payload);
    expect(token).toMatch(/^CT1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{86}$/);
    expect(keys.verify(token)).toEqual(payload);
    expect(keys.sign(payload)).toBe(token);
  });

  it('refuses a forged token, an altered payload, a token signed by another key, and garbage', () => {
    const token = keys.sign(payload);
    const split = splitTicket(token)!;
    // Forged: a well-formed token whose signature no key made.
    expect(keys.verify(`${token.slice(0, token.lastIndexOf('.'))}.${base64url(crypto.randomBytes(64))}`)).toBeNull();
    // Altered: another attendee, another listing, another name, under the original signature.
    for (const change of [{ u: 'u2' }, { l: 'e2' }, { n: 'Someone Else' }, { k: 'hackathon' }]) expect(keys.verify(altered(token, { ...payload, ...change }))).toBeNull();
    // One bit of the signature flipped.
    const flipped = Uint8Array.from(split.signature);
    flipped[0] = flipped[0]! ^ 1;
    expect(keys.verify(`${token.slice(0, token.lastIndexOf('.'))}.${base64url(flipped)}`)).toBeNull();
    // Signed by another key: well formed, not ours.
    expect(keys.verify(other.sign(payload))).toBeNull();
    for (const garbage of ['', 'CT1', 'CT1..', 'CT2.abc.def', 'CT1.!!!.???', 'not a ticket', `CT1.${'A'.repeat(2000)}.x`, 'CT1.e30.AAAA', altered(token, { ...payload, extra: 1 })]) {
      expect(keys.verify(garbage)).toBeNull();
    }
  });

  it('exposes the public key as the raw 32 bytes in base64url, which checks tickets on its own', () => {
    const raw = fromBase64url(keys.publicKey);
    expect(raw).toHaveLength(32);
    const publicKey = crypto.createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: keys.publicKey }, format: 'jwk' });
    const split = splitTicket(keys.sign(payload))!;
    expect(crypto.verify(null, split.signedBytes, publicKey, split.signature)).toBe(true);
  });

  it('reads TICKET_SIGNING_KEY as a PKCS8 PEM or a base64url seed; derives a fixed key from the session secret without it', () => {
    const pair = crypto.generateKeyPairSync('ed25519');
    const pem = pair.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const fromPem = ticketKeys(parseTicketSigningKey(pem));
    expect(fromPem.publicKey).toBe(pair.publicKey.export({ format: 'jwk' }).x);
    const seed = base64url(crypto.randomBytes(32));
    expect(ticketKeys(parseTicketSigningKey(seed)).publicKey).toBe(ticketKeys(parseTicketSigningKey(seed)).publicKey);
    expect(() => parseTicketSigningKey('too-short')).toThrow(/PKCS8 PEM, or the base64url of a 32-byte seed/);
    const rsa = crypto.generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    expect(() => parseTicketSigningKey(rsa)).toThrow(/Ed25519/);
    // Outside production: the same secret, the same key across restarts; another secret, another key.
    const a = ticketKeysFrom({ sessionSecret: 'secret-number-one!' });
    expect(ticketKeysFrom({ sessionSecret: 'secret-number-one!' }).publicKey).toBe(a.publicKey);
    expect(ticketKeysFrom({ sessionSecret: 'secret-number-two!' }).publicKey).not.toBe(a.publicKey);
    expect(ticketKeysFrom({ sessionSecret: 'secret-number-one!', TICKET_SIGNING_KEY: seed }).publicKey).not.toBe(a.publicKey);
  });

  it('is required in production and checked at start', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'a-production-secret!' })).toThrow('TICKET_SIGNING_KEY is required in production');
    expect(() => loadConfig({ TICKET_SIGNING_KEY: 'nope' })).toThrow(/Invalid configuration: TICKET_SIGNING_KEY must be/);
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'a-production-secret!', TICKET_SIGNING_KEY: base64url(crypto.randomBytes(32)), PERSONAL_DATA_MASTER_KEY: crypto.randomBytes(32).toString('base64') }).TICKET_SIGNING_KEY).toBeTruthy();
  });

  it('gives one ticket id per attendee and listing: 16 base64url characters', () => {
    expect(ticketIdOf('event', 'e1', 'u1')).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(ticketIdOf('event', 'e1', 'u1')).toBe(payload.t);
    expect(new Set([ticketIdOf('event', 'e1', 'u2'), ticketIdOf('event', 'e2', 'u1'), ticketIdOf('hackathon', 'e1', 'u1'), payload.t]).size).toBe(4);
  });
});
