import crypto from 'node:crypto';

/**
 * A vote's client address as a keyed hash: the read side can still tell that many votes came from
 * one address in a burst, while the event store (kept forever, append-only) never holds a voter's
 * IP address. Keyed with the session secret, so the hash cannot be reversed by trying every IPv4
 * address; the hackathon id is mixed in so the same address is not linkable across hackathons.
 */
export function clientAddressKey(secret: string, hackathonId: string, address: string): string {
  return crypto.createHmac('sha256', secret).update(`${hackathonId}|${address}`).digest('hex').slice(0, 24);
}
