import { verifyAsync } from '@noble/ed25519';
import type { CheckInAttendee, CheckInBoard } from '@circuit/shared/api/check-in';
import { fromBase64url, splitTicket, type TicketPayload } from '@circuit/shared/tickets/ticket-token';

/** Why a ticket was refused on this device, before any network: each is a line the door staff can act on. */
export type TicketRefusal = 'unreadable' | 'forged' | 'other-listing' | 'not-on-list';

export type TicketCheck =
  | { ok: true; payload: TicketPayload; attendee: CheckInAttendee }
  | { ok: false; reason: TicketRefusal; payload: TicketPayload | null };

export const REFUSAL_TEXT: Record<TicketRefusal, string> = {
  unreadable: 'Not a Circuit ticket',
  forged: 'Refused: forged or altered ticket',
  'other-listing': 'Refused: this ticket is for another listing',
  'not-on-list': 'Refused: not on this listing’s attendee list',
};

type BoardKeys = Pick<CheckInBoard, 'publicKey' | 'attendees'> & { listing: Pick<CheckInBoard['listing'], 'kind' | 'id'> };

/**
 * Checks a scanned token with the board alone, so the door works offline (docs/day-of.md): the Ed25519
 * signature against the server's public key, then that it names this listing and someone on its list.
 * The signature comes first: a payload is not trusted, not even to say which listing it is for.
 */
export async function verifyTicket(token: string, board: BoardKeys): Promise<TicketCheck> {
  const split = splitTicket(token);
  if (!split) return { ok: false, reason: 'unreadable', payload: null };
  let valid = false;
  try {
    valid = await verifyAsync(split.signature, split.signedBytes, fromBase64url(board.publicKey));
  } catch {
    valid = false;
  }
  if (!valid) return { ok: false, reason: 'forged', payload: null };
  const { payload } = split;
  if (payload.k !== board.listing.kind || payload.l !== board.listing.id) return { ok: false, reason: 'other-listing', payload };
  const attendee = board.attendees.find((a) => a.userId === payload.u);
  if (!attendee) return { ok: false, reason: 'not-on-list', payload };
  return { ok: true, payload, attendee };
}
