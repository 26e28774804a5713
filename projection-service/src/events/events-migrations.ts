import type { Knex } from 'knex';
import { migrate, type Migration } from '@circuit/shared/db/migrations';
import { counters, createTable, indexedText, instants, jsonbObjects, optionalInstants, positions, primaryKey, text, textKey, tsvector } from '../table-columns';
import { EVENT_LISTINGS } from '../listings/listing-kind';
import { acceptedListingIndex, createOrganisedListingTable, createSavesTable, searchIndex } from '../listings/listing-migrations';

/** The events read model (owned by events-projection.ts), on its own bookkeeping table. */
const migrations: Migration[] = [
  {
    name: '001_events',
    up: async (k) => {
      // The public list walks accepted events in keyset order; each filter has an index to narrow it.
      await createOrganisedListingTable(k, 'events', {
        filters: text('category', 'event_type'),
        counts: counters('max_attendees', 'current_attendees', 'waitlist_count'),
        search: tsvector('search'),
        indexes: [
          searchIndex('events'),
          ...Object.entries({ category: 'category', type: 'event_type', country: 'country', state: 'lower(state)', location: 'location_type' }).map(([name, on]) => acceptedListingIndex('events', name, on)),
          `create index events_end_idx on events (end_date desc) where status = 'accepted'`,
        ],
      });
      await createSavesTable(k, EVENT_LISTINGS, { indexListing: true });
      const attendee = [text('event_id'), indexedText('user_id')];
      await createTable(k, 'event_attendees', ...attendee, text('payment_status'), optionalInstants('hold_until'), jsonbObjects('profile'), text('via'), instants('registered_at'), primaryKey('event_id', 'user_id'));
      await k.raw(`create index event_attendees_holds_idx on event_attendees (hold_until) where payment_status = 'pending'`);
      // seq: the global position of the joining event, the order of the line.
      await createTable(k, 'event_waitlist', ...attendee, positions('seq'), instants('joined_at'), primaryKey('event_id', 'user_id'), (t) => void t.index(['event_id', 'seq']));
      await createTable(k, 'event_offers', ...attendee, (t) => void t.timestamp('expires_at', { useTz: true }).notNullable().index(), instants('offered_at'), primaryKey('event_id', 'user_id'));
      await createTable(k, 'calendar_feed_tokens', textKey('user_id'), (t) => void t.text('token').notNullable().unique());
    },
  },
];

export async function migrateEventsReadModels(knex: Knex): Promise<void> {
  await migrate(knex, 'read_models_events', migrations);
}
