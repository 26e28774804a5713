import type { z } from 'zod';
import { deferredWrite } from '@circuit/shared/db/one-trip-transaction';
import { EventListingEventSchemas as S, type EventContent } from '@circuit/shared/events/event-listings';
import { EventRegistrationEventSchemas as R } from '@circuit/shared/events/event-registrations';
import { EVENT_LISTINGS } from '../listings/listing-kind';
import { listingProjection, ORGANISED_UNIQUE_COLUMNS, organisedContentColumns, organisedSearchText, type BatchListings, type KindEventHandler } from '../listings/listing-projection';
import { TableChanges, toJson } from '../runner/table-changes';

/** The columns a listing's content fills (filters, search and the detail's JSON). */
function contentColumns(c: EventContent) {
  return {
    ...organisedContentColumns(c, organisedSearchText(c, c.tags)),
    category: c.category,
    event_type: c.eventType,
    pricing_type: c.pricing.type,
    max_attendees: c.maxAttendees,
  };
}

/** An attendee's rows of one event (registration, place in line, offer) are keyed by the two ids. */
type RosterKeySchema = z.ZodType<{ eventId: string; userId: string }>;

/**
 * A batch's changes of the roster tables, and the events whose counts on `events` are recounted
 * at its end: those whose roster changed while they were listed (a recount then is what one
 * event at a time would have left, as nothing else moves the counts).
 */
interface EventsBatch {
  listings: BatchListings;
  attendees: TableChanges;
  waitlist: TableChanges;
  offers: TableChanges;
  tokens: TableChanges;
  touched: Set<string>;
}

const ROSTER_KEY = ['event_id', 'user_id'];

function touch(batch: EventsBatch, eventId: string): void {
  if (batch.listings.get(eventId)) batch.touched.add(eventId);
}

/** An event that ends a registration, a place in the line or an offer: its row goes. */
const removes =
  (table: 'attendees' | 'waitlist' | 'offers', schema: RosterKeySchema, recount: boolean): KindEventHandler<EventsBatch> =>
  (event, batch) => {
    const d = schema.parse(event.data);
    batch[table].delete({ event_id: d.eventId, user_id: d.userId });
    if (recount) touch(batch, d.eventId);
  };
const leavesRoster = removes('attendees', R.EventAttendeeUnregistered, true);
const offerEnds = removes('offers', R.EventOfferExpired, false);

/**
 * Event listings, saves, registrations, the waitlist, offers and calendar tokens. Each event maps
 * to a row change (the deciders have refused anything inconsistent); the counts on `events` are
 * recounted at the end of the batch, in one statement for the events touched.
 */
export const eventsProjection = listingProjection({
  rows: {
    names: EVENT_LISTINGS,
    schemas: S,
    contentColumns,
    createdColumns: { is_featured: false, current_attendees: 0, waitlist_count: 0 },
    uniqueColumns: ORGANISED_UNIQUE_COLUMNS,
  },
  ownTables: ['event_attendees', 'event_waitlist', 'event_offers', 'calendar_feed_tokens'],
  eventTypes: [...Object.keys(S).filter((t) => t !== 'EventSlugReserved' && t !== 'EventSlugReleased'), ...Object.keys(R)],
  batch: {
    start: (_trx, _events, listings): EventsBatch => ({
      listings,
      attendees: new TableChanges('event_attendees', ROSTER_KEY),
      waitlist: new TableChanges('event_waitlist', ROSTER_KEY),
      offers: new TableChanges('event_offers', ROSTER_KEY),
      tokens: new TableChanges('calendar_feed_tokens', ['user_id']),
      touched: new Set(),
    }),
    deleted(batch, eventId) {
      for (const roster of [batch.attendees, batch.waitlist, batch.offers]) roster.deleteAll({ event_id: eventId });
      batch.touched.delete(eventId);
    },
    async finish(trx, batch) {
      for (const changes of [batch.attendees, batch.waitlist, batch.offers, batch.tokens]) await changes.flush(trx);
      if (batch.touched.size === 0) return;
      await deferredWrite(
        trx,
        `update events as e set current_attendees = (select count(*) from event_attendees a where a.event_id = e.id),
           waitlist_count = (select count(*) from event_waitlist w where w.event_id = e.id)
         where e.id in (select jsonb_array_elements_text(?::jsonb))`,
        [toJson([...batch.touched])],
      );
    },
  },
  on: {
    CalendarFeedTokenIssued(event, batch) {
      const d = S.CalendarFeedTokenIssued.parse(event.data);
      // The latest token replaces the user's last one.
      batch.tokens.delete({ user_id: d.userId });
      batch.tokens.insert({ user_id: d.userId, token: d.token });
    },
    EventAttendeeRegistered(event, batch) {
      const d = R.EventAttendeeRegistered.parse(event.data);
      const key = { event_id: d.eventId, user_id: d.userId };
      // A registration replaces one there (a confirmed offer, a new hold).
      batch.attendees.delete(key);
      batch.attendees.insert({ ...key, payment_status: d.paymentStatus, hold_until: d.holdUntil, profile: d.profile, via: d.via, registered_at: d.at });
      batch.offers.delete(key);
      batch.waitlist.delete(key);
      touch(batch, d.eventId);
    },
    EventRegistrationPaid(event, batch) {
      const d = R.EventRegistrationPaid.parse(event.data);
      batch.attendees.patch({ event_id: d.eventId, user_id: d.userId }, { payment_status: 'completed', hold_until: null });
    },
    EventAttendeeUnregistered: leavesRoster,
    EventRegistrationPaymentFailed: leavesRoster,
    EventRegistrationExpired: leavesRoster,
    EventWaitlistJoined(event, batch) {
      const d = R.EventWaitlistJoined.parse(event.data);
      batch.waitlist.insert({ event_id: d.eventId, user_id: d.userId, seq: event.position.toString(), joined_at: d.at });
      touch(batch, d.eventId);
    },
    EventWaitlistLeft: removes('waitlist', R.EventWaitlistLeft, true),
    EventPlaceOffered(event, batch) {
      const d = R.EventPlaceOffered.parse(event.data);
      const key = { event_id: d.eventId, user_id: d.userId };
      batch.waitlist.delete(key);
      batch.offers.delete(key);
      batch.offers.insert({ ...key, expires_at: d.expiresAt, offered_at: d.at });
      touch(batch, d.eventId);
    },
    EventOfferDeclined: offerEnds,
    EventOfferExpired: offerEnds,
  },
});
