import type { Knex } from 'knex';
import { migrate, type Migration } from '@circuit/shared/db/migrations';

/** The community read model (owned by community-projection.ts), on its own bookkeeping table. */
const migrations: Migration[] = [
  {
    name: '001_community',
    up: async (k) => {
      await k.schema.createTable('community_messages', (t) => {
        t.text('id').primary();
        t.text('hackathon_id').notNullable();
        t.text('user_id').notNullable();
        t.text('message').notNullable();
        t.jsonb('reply_to');
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.boolean('edited').notNullable().defaultTo(false);
        t.timestamp('edited_at', { useTz: true });
        t.timestamp('deleted_at', { useTz: true });
        // The post's global position: pages keep one strict order under concurrent posts.
        t.bigInteger('position').notNullable();
        t.index(['hackathon_id', 'position']);
      });
      await k.schema.createTable('community_admins', (t) => {
        t.text('hackathon_id').notNullable();
        t.text('user_id').notNullable();
        t.text('added_by').notNullable();
        t.timestamp('added_at', { useTz: true }).notNullable();
        t.primary(['hackathon_id', 'user_id']);
      });
      await k.schema.createTable('community_removed', (t) => {
        t.text('hackathon_id').notNullable();
        t.text('user_id').notNullable();
        t.text('removed_by').notNullable();
        t.timestamp('removed_at', { useTz: true }).notNullable();
        t.primary(['hackathon_id', 'user_id']);
      });
    },
  },
];

export async function migrateCommunityReadModels(knex: Knex): Promise<void> {
  await migrate(knex, 'read_models_community', migrations);
}
