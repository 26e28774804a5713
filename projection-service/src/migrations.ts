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
  {
    // lockAndAdvanceCheckpoints (runner/checkpoints.ts) as a function: its statement starts every
    // projection batch, and planning it took Postgres longer than running it; a PL/pgSQL function
    // plans it once per connection. `position` is qualified throughout: the output column shares it.
    name: '003_advance_checkpoints_function',
    up: async (k) => {
      await k.raw(`create or replace function projection_checkpoints_advance(targets jsonb)
        returns table (name text, "position" bigint)
        language plpgsql volatile as $fn$
        #variable_conflict use_column
        begin
          perform set_config('synchronous_commit', 'off', true);
          return query
            with v as (select t.name, t.position from jsonb_to_recordset(targets) as t(name text, position bigint)),
                 old as (select c.name, c.position from ${CHECKPOINT_TABLE} c where c.name in (select v.name from v) order by c.name for update)
            update ${CHECKPOINT_TABLE} as c set position = greatest(c.position, v.position)
              from old join v on v.name = old.name
             where c.name = old.name
            returning old.name, old.position;
        end $fn$`);
    },
  },
  {
    // expectAndAdvanceCheckpoints (runner/checkpoints.ts): a batch's checkpoints moved on the
    // runner's word of where they stand, checked here, so the statement needs no answer and a
    // whole batch (checkpoints, rows, commit) travels as one message. The move is 003's (lock in
    // name order, never backwards, asynchronous commit); a checkpoint it found past where the
    // runner thought (another process applied those events), or missing, fails the transaction
    // with CX001, and the runner takes the locking way instead.
    name: '004_advance_expected_checkpoints_function',
    up: async (k) => {
      await k.raw(`create or replace function projection_checkpoints_advance_from(targets jsonb)
        returns void
        language plpgsql volatile as $fn$
        declare
          n_targets integer;
          n_as_expected integer;
        begin
          select count(*) into n_targets from jsonb_array_elements(targets);
          select count(*) into n_as_expected
            from projection_checkpoints_advance(targets) as before
            join jsonb_to_recordset(targets) as t(name text, from_position bigint) on t.name = before.name
           where before.position <= t.from_position;
          if n_as_expected < n_targets then
            raise exception 'projection checkpoints are not where this runner left them' using errcode = 'CX001';
          end if;
        end $fn$`);
    },
  },
];

export async function migrateReadModels(knex: Knex): Promise<void> {
  await migrate(knex, 'read_models', readModelMigrations);
}
