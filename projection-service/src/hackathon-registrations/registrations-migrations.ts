import type { Knex } from 'knex';
import { migrate, type Migration } from '@circuit/shared/db/migrations';

/** The hackathon registrations read model (owned by registrations-projection.ts), on its own bookkeeping table. */
const migrations: Migration[] = [
  {
    name: '001_participants_and_teams',
    up: async (k) => {
      await k.schema.createTable('hackathon_participants', (t) => {
        t.text('hackathon_id').notNullable();
        t.text('user_id').notNullable().index();
        t.text('team_id').index();
        /** completed, pending or failed (anything but completed: payment required). */
        t.text('payment_status').notNullable();
        /** Set by community moderation (a later issue); registrations never set it. */
        t.boolean('is_removed').notNullable().defaultTo(false);
        t.jsonb('profile').notNullable().defaultTo('{}');
        t.timestamp('registered_at', { useTz: true }).notNullable();
        t.primary(['hackathon_id', 'user_id']);
      });
      await k.schema.createTable('hackathon_teams', (t) => {
        t.text('id').primary();
        t.text('hackathon_id').notNullable().index();
        t.text('name').notNullable();
        t.text('code').notNullable();
        t.text('creator_id').notNullable();
        /** forming, payment_required or complete. */
        t.text('status').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.timestamp('submitted_at', { useTz: true });
        t.timestamp('completed_at', { useTz: true });
        t.text('order_id');
      });
      await k.schema.createTable('hackathon_team_members', (t) => {
        t.text('team_id').notNullable();
        t.text('user_id').notNullable();
        t.text('hackathon_id').notNullable();
        t.timestamp('joined_at', { useTz: true }).notNullable();
        t.primary(['team_id', 'user_id']);
      });
    },
  },
  {
    // Lets the GET routes take a hackathon's username as well as its id.
    name: '002_hackathon_slugs',
    up: async (k) => {
      await k.schema.createTable('hackathon_roster_slugs', (t) => {
        t.text('slug').primary();
        t.text('hackathon_id').notNullable();
      });
    },
  },
];

export async function migrateRegistrationsReadModels(knex: Knex): Promise<void> {
  await migrate(knex, 'read_models_hackathon_registrations', migrations);
}
