import type { Knex } from 'knex';
import { migrate } from '@circuit/shared/db/migrations';

export async function migrateMessagingReadModels(knex: Knex): Promise<void> {
  await migrate(knex, 'read_models_messaging', [
    {
      name: '001_chat',
      up: async (k) => {
        await k.schema.createTable('chat_messages', (t) => {
          t.text('id').primary();
          t.text('conversation_id').notNullable();
          t.text('from_id').notNullable();
          t.text('to_id').notNullable();
          t.text('message').notNullable();
          t.jsonb('reply_to');
          t.timestamp('created_at', { useTz: true }).notNullable();
          // The event's global position: a strict order for cursors, stable under concurrent sends.
          t.bigInteger('position').notNullable();
          t.timestamp('read_at', { useTz: true });
          t.timestamp('deleted_at', { useTz: true });
          t.index(['conversation_id', 'position']);
          t.index(['to_id', 'from_id']);
        });
        await k.schema.createTable('chat_unread', (t) => {
          t.text('user_id').notNullable();
          t.text('from_id').notNullable();
          t.integer('count').notNullable().defaultTo(0);
          t.primary(['user_id', 'from_id']);
        });
      },
    },
  ]);
}
