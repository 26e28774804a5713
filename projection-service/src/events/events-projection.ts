import type { Knex } from 'knex';
import type { RecordedEvent } from '@circuit/shared/ports/event-store';
import { EventListingEventSchemas as S, type EventContent } from '@circuit/shared/events/event-listings';
import { EventRegistrationEventSchemas as R } from '@circuit/shared/events/event-registrations';
import type { Projection } from '../runner/projection';

/** The columns a listing's content fills (filters, search and the detail's JSON). */
function contentColumns(trx: Knex, c: EventContent) {
  const searchText = [c.title, c.shortDescription, c.organization.name, ...c.tags].join(' ');
  return {
    username: c.username,
    title: c.title,
    organization_name: c.organization.name,
    category: c.category,
    event_type: c.eventType,
    location_type: c.location.type,
    country: c.location.country,
    state: c.location.state,
    start_date: c.dates.startDate,
    end_date: c.dates.endDate,
    registration_deadline: c.dates.registrationDeadline,
    pricing_type: c.pricing.type,
    max_attendees: c.maxAttendees,
    search: trx.raw(`to_tsvector('simple', ?)`, [searchText]),
    content: JSON.stringify(c),
  };
}

const ROSTER_TYPES = Object.keys(R);

/**
 * Event listings, saves, registrations, the waitlist, offers and calendar tokens. Each event maps
 * to a row change (the deciders have refused anything inconsistent); the counts on `events` are
 * recounted once per touched event at the end of the batch.
 */
export const eventsProjection: Projection = {
  name: 'events',
  tables: ['events', 'event_saves', 'event_attendees', 'event_waitlist', 'event_offers', 'calendar_feed_tokens'],
  eventTypes: [...Object.keys(S).filter((t) => t !== 'EventSlugReserved' && t !== 'EventSlugReleased'), ...ROSTER_TYPES],
  async applyBatch(trx: Knex.Transaction, events: RecordedEvent[]) {
    const touched = new Set<string>();
    for (const event of events) {
      switch (event.type) {
        case 'EventCreated': {
          const d = S.EventCreated.parse(event.data);
          await trx('events')
            .insert({ id: d.eventId, status: 'pending', created_by: d.createdBy, created_at: d.at, updated_at: d.at, ...contentColumns(trx, d.content) })
            .onConflict('id')
            .ignore();
          break;
        }
        case 'EventUpdated': {
          const d = S.EventUpdated.parse(event.data);
          await trx('events').where({ id: d.eventId }).update({ ...contentColumns(trx, d.content), updated_at: d.at });
          // An edit of a rejected listing resubmits it (the decider does the same).
          await trx('events').where({ id: d.eventId, status: 'rejected' }).update({ status: 'pending', rejection_reason: null });
          break;
        }
        case 'EventDeleted': {
          const d = S.EventDeleted.parse(event.data);
          for (const table of ['events', 'event_saves', 'event_attendees', 'event_waitlist', 'event_offers']) await trx(table).where(table === 'events' ? { id: d.eventId } : { event_id: d.eventId }).del();
          break;
        }
        case 'EventApproved': {
          const d = S.EventApproved.parse(event.data);
          await trx('events').where({ id: d.eventId }).update({ status: 'accepted', rejection_reason: null, updated_at: d.at });
          break;
        }
        case 'EventRejected': {
          const d = S.EventRejected.parse(event.data);
          await trx('events').where({ id: d.eventId }).update({ status: 'rejected', rejection_reason: d.reason, updated_at: d.at });
          break;
        }
        case 'EventSaved': {
          const d = S.EventSaved.parse(event.data);
          await trx('event_saves').insert({ event_id: d.eventId, user_id: d.userId, saved_at: d.at }).onConflict(['user_id', 'event_id']).ignore();
          break;
        }
        case 'EventUnsaved': {
          const d = S.EventUnsaved.parse(event.data);
          await trx('event_saves').where({ event_id: d.eventId, user_id: d.userId }).del();
          break;
        }
        case 'CalendarFeedTokenIssued': {
          const d = S.CalendarFeedTokenIssued.parse(event.data);
          await trx('calendar_feed_tokens').insert({ user_id: d.userId, token: d.token }).onConflict('user_id').merge();
          break;
        }
        case 'EventAttendeeRegistered': {
          const d = R.EventAttendeeRegistered.parse(event.data);
          const key = { event_id: d.eventId, user_id: d.userId };
          await trx('event_attendees')
            .insert({ ...key, payment_status: d.paymentStatus, hold_until: d.holdUntil, profile: JSON.stringify(d.profile), via: d.via, registered_at: d.at })
            .onConflict(['event_id', 'user_id'])
            .merge();
          await trx('event_offers').where(key).del();
          await trx('event_waitlist').where(key).del();
          touched.add(d.eventId);
          break;
        }
        case 'EventRegistrationPaid': {
          const d = R.EventRegistrationPaid.parse(event.data);
          await trx('event_attendees').where({ event_id: d.eventId, user_id: d.userId }).update({ payment_status: 'completed', hold_until: null });
          break;
        }
        case 'EventAttendeeUnregistered':
        case 'EventRegistrationPaymentFailed':
        case 'EventRegistrationExpired': {
          const d = R.EventAttendeeUnregistered.parse(event.data);
          await trx('event_attendees').where({ event_id: d.eventId, user_id: d.userId }).del();
          touched.add(d.eventId);
          break;
        }
        case 'EventWaitlistJoined': {
          const d = R.EventWaitlistJoined.parse(event.data);
          await trx('event_waitlist').insert({ event_id: d.eventId, user_id: d.userId, seq: event.position.toString(), joined_at: d.at }).onConflict(['event_id', 'user_id']).ignore();
          touched.add(d.eventId);
          break;
        }
        case 'EventWaitlistLeft': {
          const d = R.EventWaitlistLeft.parse(event.data);
          await trx('event_waitlist').where({ event_id: d.eventId, user_id: d.userId }).del();
          touched.add(d.eventId);
          break;
        }
        case 'EventPlaceOffered': {
          const d = R.EventPlaceOffered.parse(event.data);
          await trx('event_waitlist').where({ event_id: d.eventId, user_id: d.userId }).del();
          await trx('event_offers').insert({ event_id: d.eventId, user_id: d.userId, expires_at: d.expiresAt, offered_at: d.at }).onConflict(['event_id', 'user_id']).merge();
          touched.add(d.eventId);
          break;
        }
        case 'EventOfferDeclined':
        case 'EventOfferExpired': {
          const d = R.EventOfferExpired.parse(event.data);
          await trx('event_offers').where({ event_id: d.eventId, user_id: d.userId }).del();
          break;
        }
        default:
          break;
      }
    }
    for (const eventId of touched) {
      await trx('events')
        .where({ id: eventId })
        .update({
          current_attendees: trx('event_attendees').where({ event_id: eventId }).count('*'),
          waitlist_count: trx('event_waitlist').where({ event_id: eventId }).count('*'),
        });
    }
  },
};
