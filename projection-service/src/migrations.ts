import type { Knex } from 'knex';
import { migrate, type Migration } from '@circuit/shared/db/migrations';
import { CHECKPOINT_TABLE, READ_MODELS_CHECKPOINT } from '@circuit/shared/projections/progress';

/** Read-model schema. Tables are owned by the projection named in each comment. */
export const readModelMigrations: Migration[] = [
  {
    name: '001_checkpoints_and_users',
    up: async (k) => {
      await k.schema.createTable(CHECKPOINT_TABLE, (t) => {
        t.text('name').primary();
        t.bigInteger('position').notNullable();
      });
      // accounts projection
      await k.schema.createTable('users', (t) => {
        t.text('id').primary();
        t.text('username').notNullable();
        t.text('username_lower').notNullable().unique();
        t.text('email').notNullable();
        t.text('email_lower').notNullable().unique();
        t.text('first_name').notNullable();
        t.text('last_name').notNullable();
        t.text('role').notNullable().defaultTo('user');
        t.boolean('is_email_verified').notNullable().defaultTo(false);
        t.boolean('is_active').notNullable().defaultTo(true);
        t.text('bio').notNullable().defaultTo('');
        t.text('tagline').notNullable().defaultTo('');
        t.text('website').notNullable().defaultTo('');
        t.jsonb('social_links').notNullable().defaultTo('{}');
        t.text('country').notNullable().defaultTo('');
        t.text('state').notNullable().defaultTo('');
        t.text('address').notNullable().defaultTo('');
        t.text('college').notNullable().defaultTo('');
        t.text('course').notNullable().defaultTo('');
        t.text('branch').notNullable().defaultTo('');
        t.text('college_year').notNullable().defaultTo('');
        t.specificType('skills', 'text[]').notNullable().defaultTo('{}');
        t.text('profile_picture');
        t.text('mobile');
        t.integer('followers_count').notNullable().defaultTo(0);
        t.integer('following_count').notNullable().defaultTo(0);
        t.integer('connections_count').notNullable().defaultTo(0);
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.timestamp('last_login', { useTz: true });
        t.timestamp('updated_at', { useTz: true }).notNullable();
      });
    },
  },
  {
    // One checkpoint per projection (they used to share `read_models`). Each projection of the
    // time starts where the shared one was, so an upgrade applies no event twice; a projection
    // added later has no row and builds itself from position 0. The profiles projection was folded
    // into users, and the social counts on `users` moved to it too.
    name: '002_one_checkpoint_per_projection',
    up: async (k) => {
      await k.schema.alterTable(CHECKPOINT_TABLE, (t) => {
        t.jsonb('event_types');
      });
      const legacy = await k(CHECKPOINT_TABLE).where({ name: READ_MODELS_CHECKPOINT }).first('position');
      if (legacy) {
        const rows = ['users', 'projects', 'social', 'notifications', 'messaging'].map((name) => ({ name, position: (legacy as { position: string | number }).position }));
        await k(CHECKPOINT_TABLE).insert(rows).onConflict('name').ignore();
        await k(CHECKPOINT_TABLE).where({ name: READ_MODELS_CHECKPOINT }).del();
      }
    },
  },
];

export async function migrateReadModels(knex: Knex): Promise<void> {
  await migrate(knex, 'read_models', readModelMigrations);
}
