import type { Knex } from 'knex';
import { migrate, type Migration } from '@circuit/shared/db/migrations';

/** The events read model (owned by events-projection.ts), on its own bookkeeping table. */
const migrations: Migration[] = [
  {
    name: '001_events',
    up: async (k) => {
      await k.schema.createTable('events', (t) => {
        t.text('id').primary();
        t.text('username').notNullable();
        t.text('status').notNullable();
        t.text('title').notNullable();
        t.text('organization_name').notNullable();
        t.text('category').notNullable();
        t.text('event_type').notNullable();
        t.text('location_type').notNullable();
        t.text('country').notNullable();
        t.text('state').notNullable();
        t.timestamp('start_date', { useTz: true }).notNullable();
        t.timestamp('end_date', { useTz: true }).notNullable();
        t.timestamp('registration_deadline', { useTz: true }).notNullable();
        t.text('pricing_type').notNullable();
        t.integer('max_attendees').notNullable().defaultTo(0);
        t.integer('current_attendees').notNullable().defaultTo(0);
        t.integer('waitlist_count').notNullable().defaultTo(0);
        t.boolean('is_featured').notNullable().defaultTo(false);
        t.text('created_by').notNullable();
        t.text('rejection_reason');
        t.specificType('search', 'tsvector').notNullable();
        t.jsonb('content').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.timestamp('updated_at', { useTz: true }).notNullable();
      });
      // The public list walks accepted events in keyset order; each filter has an index to narrow it.
      await k.raw(`create unique index events_username_idx on events (lower(username))`);
      await k.raw(`create index events_public_order_idx on events (start_date desc, id desc) where status = 'accepted'`);
      await k.raw(`create index events_search_idx on events using gin (search)`);
      await k.raw(`create index events_category_idx on events (category, start_date desc) where status = 'accepted'`);
      await k.raw(`create index events_type_idx on events (event_type, start_date desc) where status = 'accepted'`);
      await k.raw(`create index events_country_idx on events (country, start_date desc) where status = 'accepted'`);
      await k.raw(`create index events_state_idx on events (lower(state), start_date desc) where status = 'accepted'`);
      await k.raw(`create index events_location_idx on events (location_type, start_date desc) where status = 'accepted'`);
      await k.raw(`create index events_end_idx on events (end_date desc) where status = 'accepted'`);
      await k.raw(`create index events_created_by_idx on events (created_by)`);
      await k.raw(`create index events_featured_idx on events (start_date desc) where status = 'accepted' and is_featured`);
      await k.schema.createTable('event_saves', (t) => {
        t.text('event_id').notNullable().index();
        t.text('user_id').notNullable();
        t.timestamp('saved_at', { useTz: true }).notNullable();
        t.primary(['user_id', 'event_id']);
      });
      await k.schema.createTable('event_attendees', (t) => {
        t.text('event_id').notNullable();
        t.text('user_id').notNullable().index();
        t.text('payment_status').notNullable();
        t.timestamp('hold_until', { useTz: true });
        t.jsonb('profile').notNullable().defaultTo('{}');
        t.text('via').notNullable();
        t.timestamp('registered_at', { useTz: true }).notNullable();
        t.primary(['event_id', 'user_id']);
      });
      await k.raw(`create index event_attendees_holds_idx on event_attendees (hold_until) where payment_status = 'pending'`);
      await k.schema.createTable('event_waitlist', (t) => {
        t.text('event_id').notNullable();
        t.text('user_id').notNullable().index();
        /** The global position of the joining event: the order of the line. */
        t.bigInteger('seq').notNullable();
        t.timestamp('joined_at', { useTz: true }).notNullable();
        t.primary(['event_id', 'user_id']);
        t.index(['event_id', 'seq']);
      });
      await k.schema.createTable('event_offers', (t) => {
        t.text('event_id').notNullable();
        t.text('user_id').notNullable().index();
        t.timestamp('expires_at', { useTz: true }).notNullable().index();
        t.timestamp('offered_at', { useTz: true }).notNullable();
        t.primary(['event_id', 'user_id']);
      });
      await k.schema.createTable('calendar_feed_tokens', (t) => {
        t.text('user_id').primary();
        t.text('token').notNullable().unique();
      });
    },
  },
];

export async function migrateEventsReadModels(knex: Knex): Promise<void> {
  await migrate(knex, 'read_models_events', migrations);
}
