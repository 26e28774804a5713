import { isKnownEventType, parseEventData } from '@circuit/shared/events/catalogue';
import type { RecordedEvent } from '@circuit/shared/ports/event-store';
import { idFieldOf, type ListingKind } from './listing-kind';

/** A moderator's verdict on a listing, for its organiser: `rejection` is the reason, null when approved. */
export interface ListingReview {
  id: string;
  moderator: string;
  rejection: string | null;
}

/** What the catalogue's schemas of `<Prefix>Approved` and `<Prefix>Rejected` hold besides the listing's id. */
type VerdictData = Record<string, unknown> & { byUserId: string; reason?: string };

/**
 * The verdict that a kind's `<Prefix>Approved` or `<Prefix>Rejected` event records (its data
 * checked against the catalogue), or null for any other event: what the notifiers of every kind
 * tell the organiser.
 */
export function reviewOf<P extends string, Content>(kind: ListingKind<P, Content>, event: Pick<RecordedEvent, 'type' | 'data'>): ListingReview | null {
  const approved = event.type === `${kind.prefix}Approved`;
  if (!approved && event.type !== `${kind.prefix}Rejected`) return null;
  if (!isKnownEventType(event.type)) throw new Error(`${event.type} is not in the event catalogue`);
  const data = parseEventData(event.type, event.data) as VerdictData;
  return { id: String(data[idFieldOf(kind)]), moderator: data.byUserId, rejection: approved ? null : (data.reason ?? '') };
}
