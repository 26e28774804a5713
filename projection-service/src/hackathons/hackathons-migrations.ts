import type { Knex } from 'knex';
import { migrate, type Migration } from '@circuit/shared/db/migrations';

/** The hackathon listing read model (owned by hackathons-projection.ts), on its own bookkeeping table. */
const migrations: Migration[] = [
  {
    name: '001_hackathons',
    up: async (k) => {
      await k.schema.createTable('hackathons', (t) => {
        t.text('id').primary();
        t.text('username').notNullable();
        t.text('status').notNullable();
        t.text('title').notNullable();
        t.text('organization_name').notNullable();
        t.specificType('categories', 'text[]').notNullable();
        /** Lower-cased technologies and categories: the `theme` filter. */
        t.specificType('themes', 'text[]').notNullable();
        t.text('location_type').notNullable();
        t.text('country').notNullable();
        t.text('state').notNullable();
        t.timestamp('start_date', { useTz: true }).notNullable();
        t.timestamp('end_date', { useTz: true }).notNullable();
        t.timestamp('registration_deadline', { useTz: true }).notNullable();
        t.text('pricing_type').notNullable();
        t.integer('current_participants').notNullable().defaultTo(0);
        t.boolean('is_featured').notNullable().defaultTo(false);
        t.text('created_by').notNullable();
        t.text('rejection_reason');
        /** Title, short description, organisation and technologies: the search's words. */
        t.text('search_text').notNullable();
        t.jsonb('content').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.timestamp('updated_at', { useTz: true }).notNullable();
      });
      // The public list: accepted listings in keyset order, and the filters it takes most.
      await k.raw(`create unique index hackathons_username_idx on hackathons (lower(username))`);
      await k.raw(`create index hackathons_public_order_idx on hackathons (start_date desc, id desc) where status = 'accepted'`);
      await k.raw(`create index hackathons_search_idx on hackathons using gin (to_tsvector('simple', search_text))`);
      await k.raw(`create index hackathons_categories_idx on hackathons using gin (categories)`);
      await k.raw(`create index hackathons_themes_idx on hackathons using gin (themes)`);
      await k.raw(`create index hackathons_created_by_idx on hackathons (created_by)`);
      await k.raw(`create index hackathons_featured_idx on hackathons (start_date desc) where status = 'accepted' and is_featured`);
      await k.schema.createTable('hackathon_saves', (t) => {
        t.text('hackathon_id').notNullable();
        t.text('user_id').notNullable();
        t.timestamp('saved_at', { useTz: true }).notNullable();
        t.primary(['user_id', 'hackathon_id']);
      });
      await k.schema.createTable('hackathon_registered_users', (t) => {
        t.text('hackathon_id').notNullable();
        t.text('user_id').notNullable();
        t.timestamp('registered_at', { useTz: true }).notNullable();
        t.primary(['user_id', 'hackathon_id']);
      });
    },
  },
  {
    // A stored tsvector: matching reads it instead of parsing every row's text (and the planner
    // can use its GIN index whatever its statistics say).
    name: '002_search_vector',
    up: async (k) => {
      await k.raw(`alter table hackathons add column search tsvector`);
      await k.raw(`update hackathons set search = to_tsvector('simple', search_text)`);
      await k.raw(`alter table hackathons alter column search set not null`);
      await k.raw(`drop index hackathons_search_idx`);
      await k.raw(`create index hackathons_search_idx on hackathons using gin (search)`);
    },
  },
];

export async function migrateHackathonsReadModels(knex: Knex): Promise<void> {
  await migrate(knex, 'read_models_hackathons', migrations);
}
