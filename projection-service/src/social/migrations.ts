import type { Knex } from 'knex';
import { migrate, type Migration } from '@circuit/shared/db/migrations';
import { SOCIAL_TABLES } from '@circuit/shared/read-models/social';
import { NOTIFICATIONS_TABLE } from '@circuit/shared/read-models/notifications';

/**
 * Read models of the social graph (social projection) and of notifications (notifications
 * projection), migrated apart from the core read models (bookkeeping: knex_migrations_read_models_social).
 * No foreign keys: a rebuild empties the tables in any order.
 */
const migrations: Migration[] = [
  {
    name: '001_social_graph',
    up: async (k) => {
      await k.schema.createTable(SOCIAL_TABLES.follows, (t) => {
        t.text('follower_id').notNullable();
        t.text('followee_id').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.primary(['follower_id', 'followee_id']);
        t.index(['followee_id']);
      });
      await k.schema.createTable(SOCIAL_TABLES.connections, (t) => {
        t.text('user_id').notNullable();
        t.text('other_id').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.primary(['user_id', 'other_id']);
      });
      await k.schema.createTable(SOCIAL_TABLES.requests, (t) => {
        t.text('from_id').notNullable();
        t.text('to_id').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.primary(['from_id', 'to_id']);
        t.index(['to_id']);
      });
      await k.schema.createTable(SOCIAL_TABLES.blocks, (t) => {
        t.text('blocker_id').notNullable();
        t.text('blocked_id').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.primary(['blocker_id', 'blocked_id']);
        t.index(['blocked_id']);
      });
      await k.schema.createTable(SOCIAL_TABLES.reports, (t) => {
        t.text('id').primary();
        t.text('reporter_id').notNullable();
        t.text('target_id').notNullable();
        t.text('reason').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.index(['target_id']);
      });
    },
  },
  {
    name: '002_notifications',
    up: async (k) => {
      await k.schema.createTable(NOTIFICATIONS_TABLE, (t) => {
        t.text('id').primary();
        t.text('user_id').notNullable();
        t.text('type').notNullable();
        t.text('status');
        t.boolean('is_outgoing').notNullable().defaultTo(false);
        t.boolean('read').notNullable().defaultTo(false);
        t.text('from_user_id').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.bigInteger('position').notNullable();
        t.index(['user_id', 'created_at']);
      });
    },
  },
  {
    // A listing notification names what it is about (a hackathon's title, username, the reason).
    name: '003_notification_subject',
    up: async (k) => {
      await k.schema.alterTable(NOTIFICATIONS_TABLE, (t) => {
        t.jsonb('subject');
      });
    },
  },
];

export async function migrateSocialReadModels(knex: Knex): Promise<void> {
  await migrate(knex, 'read_models_social', migrations);
}
