import { z } from 'zod';
import { CHECK_IN_KINDS } from '../events/check-in';

/**
 * A ticket is a signed token in a QR code: `CT1.<payload>.<signature>`, both parts base64url, the signature
 * Ed25519 over the bytes of `CT1.<payload>`. Any device holding the server's public key checks it without the
 * network (docs/day-of.md). The payload is short on purpose: a QR code stays easy to scan.
 */
export const TICKET_PREFIX = 'CT1';

export const TicketPayloadSchema = z.strictObject({
  /** Ticket id: the same for the same attendee of the same listing (see ticketIdOf). */
  t: z.string().min(1).max(64),
  k: z.enum(CHECK_IN_KINDS),
  /** Listing id. */
  l: z.string().min(1).max(64),
  /** Attendee's user id. */
  u: z.string().min(1).max(64),
  /** Attendee's name as shown at the door. */
  n: z.string().max(120),
});
export type TicketPayload = z.infer<typeof TicketPayloadSchema>;

const encoder = new TextEncoder();

export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64url(text: string): Uint8Array {
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  const binary = atob(padded);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** The bytes that are signed, and the token once a signature is added. */
export function unsignedTicket(payload: TicketPayload): string {
  return `${TICKET_PREFIX}.${base64url(encoder.encode(JSON.stringify(payload)))}`;
}

export interface SplitTicket {
  payload: TicketPayload;
  signedBytes: Uint8Array;
  signature: Uint8Array;
}

/** Splits a token into what was signed and its signature; null for anything that is not a well-formed ticket. */
export function splitTicket(token: string): SplitTicket | null {
  const parts = token.trim().split('.');
  if (parts.length !== 3 || parts[0] !== TICKET_PREFIX) return null;
  try {
    const json: unknown = JSON.parse(new TextDecoder().decode(fromBase64url(parts[1]!)));
    const payload = TicketPayloadSchema.safeParse(json);
    const signature = fromBase64url(parts[2]!);
    if (!payload.success || signature.length !== 64) return null;
    return { payload: payload.data, signedBytes: encoder.encode(`${parts[0]}.${parts[1]}`), signature };
  } catch {
    return null;
  }
}
