import type { Knex } from 'knex';
import { migrate, type Migration } from '@circuit/shared/db/migrations';

/** The announcements and sponsors read models (owned by announcements-projection.ts), on their own bookkeeping table. */
const migrations: Migration[] = [
  {
    name: '001_hackathon_announcements_and_sponsors',
    up: async (k) => {
      await k.schema.createTable('hackathon_announcements', (t) => {
        t.text('id').primary();
        t.text('hackathon_id').notNullable();
        t.text('type').notNullable();
        t.text('title').notNullable();
        t.text('content').notNullable();
        t.jsonb('results').notNullable();
        t.text('created_by').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.timestamp('updated_at', { useTz: true }).notNullable();
        /** Feed position of the post: orders announcements of the same instant. */
        t.bigInteger('position').notNullable();
      });
      await k.raw('create index hackathon_announcements_list_idx on hackathon_announcements (hackathon_id, created_at desc, position desc)');
      await k.schema.createTable('hackathon_sponsors', (t) => {
        t.text('id').primary();
        t.text('hackathon_id').notNullable();
        t.text('name').notNullable();
        t.text('tier').notNullable();
        t.text('image').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.bigInteger('position').notNullable();
      });
      await k.raw('create index hackathon_sponsors_hackathon_idx on hackathon_sponsors (hackathon_id)');
    },
  },
];

export async function migrateAnnouncementsReadModels(knex: Knex): Promise<void> {
  await migrate(knex, 'read_models_hackathon_announcements', migrations);
}
