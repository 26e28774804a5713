import crypto, { type KeyObject } from 'node:crypto';
import { base64url, fromBase64url, splitTicket, unsignedTicket, type TicketPayload } from './ticket-token';

/**
 * The server's Ed25519 key pair that signs tickets (docs/day-of.md). Only the server holds the
 * private key; the public key goes to the check-in screen, which checks tickets without the network.
 */
export interface TicketKeys {
  /** The raw 32-byte public key, base64url: what the check-in board hands out. */
  publicKey: string;
  /** `CT1.<payload>.<signature>`; Ed25519 is deterministic, so a ticket signed again is the same token. */
  sign(payload: TicketPayload): string;
  /** The payload of a ticket this key signed; null for anything forged, altered, signed by another key or not a ticket. */
  verify(token: string): TicketPayload | null;
}

// PKCS8 DER of an Ed25519 private key is this prefix followed by the 32-byte seed (RFC 8410).
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const SEED = /^[A-Za-z0-9_-]{43}$/;

/** An Ed25519 private key from a 32-byte seed. */
export function privateKeyFromSeed(seed: Uint8Array): KeyObject {
  if (seed.length !== 32) throw new Error('An Ed25519 seed is 32 bytes');
  return crypto.createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]), format: 'der', type: 'pkcs8' });
}

/**
 * TICKET_SIGNING_KEY as configured: a PKCS8 PEM (`openssl genpkey -algorithm ed25519`), or the
 * base64url of a 32-byte seed. Throws with a message saying which, for config validation.
 */
export function parseTicketSigningKey(text: string): KeyObject {
  const value = text.trim();
  if (value.startsWith('-----BEGIN')) {
    const key = crypto.createPrivateKey({ key: value.replace(/\\n/g, '\n'), format: 'pem' });
    if (key.asymmetricKeyType !== 'ed25519') throw new Error('TICKET_SIGNING_KEY must be an Ed25519 private key');
    return key;
  }
  if (!SEED.test(value)) throw new Error('TICKET_SIGNING_KEY must be an Ed25519 private key in PKCS8 PEM, or the base64url of a 32-byte seed');
  return privateKeyFromSeed(fromBase64url(value));
}

/**
 * The key of a process without TICKET_SIGNING_KEY (never production): derived from the session
 * secret under a label of its own, so it is fixed across restarts (tickets mailed yesterday still
 * scan) and says nothing about the session secret.
 */
export function derivedTicketKey(sessionSecret: string): KeyObject {
  return privateKeyFromSeed(crypto.createHash('sha256').update('circuit ticket signing key v1\0').update(sessionSecret).digest());
}

export function ticketKeys(privateKey: KeyObject): TicketKeys {
  const publicKey = crypto.createPublicKey(privateKey);
  const raw = publicKey.export({ format: 'jwk' }).x;
  if (!raw) throw new Error('Not an Ed25519 key');
  return {
    publicKey: raw,
    sign(payload) {
      const unsigned = unsignedTicket(payload);
      return `${unsigned}.${base64url(crypto.sign(null, Buffer.from(unsigned), privateKey))}`;
    },
    verify(token) {
      if (token.length > 1000) return null;
      const split = splitTicket(token);
      if (!split) return null;
      return crypto.verify(null, split.signedBytes, publicKey, split.signature) ? split.payload : null;
    },
  };
}

/** The keys of a process from its configuration (loadConfig has refused a missing key in production). */
export function ticketKeysFrom(config: { TICKET_SIGNING_KEY?: string | undefined; sessionSecret: string }): TicketKeys {
  return ticketKeys(config.TICKET_SIGNING_KEY ? parseTicketSigningKey(config.TICKET_SIGNING_KEY) : derivedTicketKey(config.sessionSecret));
}
