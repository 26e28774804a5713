import { createHash } from 'node:crypto';
import type { CheckInKind } from '../events/check-in';
import { base64url } from './ticket-token';

/**
 * A ticket's id: the same for the same attendee of the same listing, whenever and wherever it is
 * worked out (the mail, the dashboard, the check-in board), so nothing needs to store it. 16
 * base64url characters (96 bits) keep the QR code small and never collide by chance.
 */
export const ticketIdOf = (kind: CheckInKind, listingId: string, userId: string): string =>
  base64url(createHash('sha256').update(`${kind}:${listingId}:${userId}`).digest()).slice(0, 16);
