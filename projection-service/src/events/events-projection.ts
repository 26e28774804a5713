import type { Knex } from 'knex';
import type { z } from 'zod';
import { EventListingEventSchemas as S, type EventContent } from '@circuit/shared/events/event-listings';
import { EventRegistrationEventSchemas as R } from '@circuit/shared/events/event-registrations';
import { EVENT_LISTINGS } from '../listings/listing-kind';
import { listingProjection, organisedContentColumns, organisedSearchText, type KindEventHandler } from '../listings/listing-projection';

/** The columns a listing's content fills (filters, search and the detail's JSON). */
function contentColumns(trx: Knex, c: EventContent) {
  return {
    ...organisedContentColumns(trx, c, organisedSearchText(c, c.tags)),
    category: c.category,
    event_type: c.eventType,
    pricing_type: c.pricing.type,
    max_attendees: c.maxAttendees,
  };
}

/** An attendee's rows of one event (registration, place in line, offer) are keyed by the two ids. */
type RosterKeySchema = z.ZodType<{ eventId: string; userId: string }>;

/** An event's counts on `events` are recounted at the end of the batch, once for each it touched. */
type TouchedEvents = Set<string>;

/** An event that ends a registration, a place in the line or an offer: its row goes. */
const removes =
  (table: string, schema: RosterKeySchema, recount: boolean): KindEventHandler<TouchedEvents> =>
  async (trx, event, touched) => {
    const d = schema.parse(event.data);
    await trx(table).where({ event_id: d.eventId, user_id: d.userId }).del();
    if (recount) touched.add(d.eventId);
  };
const leavesRoster = removes('event_attendees', R.EventAttendeeUnregistered, true);
const offerEnds = removes('event_offers', R.EventOfferExpired, false);

/**
 * Event listings, saves, registrations, the waitlist, offers and calendar tokens. Each event maps
 * to a row change (the deciders have refused anything inconsistent); the counts on `events` are
 * recounted once per touched event at the end of the batch.
 */
export const eventsProjection = listingProjection({
  rows: { names: EVENT_LISTINGS, schemas: S, contentColumns, deletedWith: ['event_attendees', 'event_waitlist', 'event_offers'] },
  ownTables: ['event_attendees', 'event_waitlist', 'event_offers', 'calendar_feed_tokens'],
  eventTypes: [...Object.keys(S).filter((t) => t !== 'EventSlugReserved' && t !== 'EventSlugReleased'), ...Object.keys(R)],
  batch: {
    start: (): TouchedEvents => new Set(),
    async finish(trx, touched) {
      for (const eventId of touched) {
        await trx('events')
          .where({ id: eventId })
          .update({
            current_attendees: trx('event_attendees').where({ event_id: eventId }).count('*'),
            waitlist_count: trx('event_waitlist').where({ event_id: eventId }).count('*'),
          });
      }
    },
  },
  on: {
    async CalendarFeedTokenIssued(trx, event) {
      const d = S.CalendarFeedTokenIssued.parse(event.data);
      await trx('calendar_feed_tokens').insert({ user_id: d.userId, token: d.token }).onConflict('user_id').merge();
    },
    async EventAttendeeRegistered(trx, event, touched) {
      const d = R.EventAttendeeRegistered.parse(event.data);
      const key = { event_id: d.eventId, user_id: d.userId };
      await trx('event_attendees')
        .insert({ ...key, payment_status: d.paymentStatus, hold_until: d.holdUntil, profile: JSON.stringify(d.profile), via: d.via, registered_at: d.at })
        .onConflict(['event_id', 'user_id'])
        .merge();
      await trx('event_offers').where(key).del();
      await trx('event_waitlist').where(key).del();
      touched.add(d.eventId);
    },
    async EventRegistrationPaid(trx, event) {
      const d = R.EventRegistrationPaid.parse(event.data);
      await trx('event_attendees').where({ event_id: d.eventId, user_id: d.userId }).update({ payment_status: 'completed', hold_until: null });
    },
    EventAttendeeUnregistered: leavesRoster,
    EventRegistrationPaymentFailed: leavesRoster,
    EventRegistrationExpired: leavesRoster,
    async EventWaitlistJoined(trx, event, touched) {
      const d = R.EventWaitlistJoined.parse(event.data);
      await trx('event_waitlist').insert({ event_id: d.eventId, user_id: d.userId, seq: event.position.toString(), joined_at: d.at }).onConflict(['event_id', 'user_id']).ignore();
      touched.add(d.eventId);
    },
    EventWaitlistLeft: removes('event_waitlist', R.EventWaitlistLeft, true),
    async EventPlaceOffered(trx, event, touched) {
      const d = R.EventPlaceOffered.parse(event.data);
      await trx('event_waitlist').where({ event_id: d.eventId, user_id: d.userId }).del();
      await trx('event_offers').insert({ event_id: d.eventId, user_id: d.userId, expires_at: d.expiresAt, offered_at: d.at }).onConflict(['event_id', 'user_id']).merge();
      touched.add(d.eventId);
    },
    EventOfferDeclined: offerEnds,
    EventOfferExpired: offerEnds,
  },
});
