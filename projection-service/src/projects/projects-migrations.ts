import type { Knex } from 'knex';
import { migrate, type Migration } from '@circuit/shared/db/migrations';

/** The projects read model (owned by projects-projection.ts), migrated on its own bookkeeping table. */
const migrations: Migration[] = [
  {
    name: '001_projects',
    up: async (k) => {
      await k.schema.createTable('projects', (t) => {
        t.text('id').primary();
        t.text('owner_id').notNullable().index();
        t.text('title').notNullable();
        t.text('description').notNullable();
        t.specificType('technologies', 'text[]').notNullable().defaultTo('{}');
        t.text('github_url').notNullable().defaultTo('');
        t.text('live_url').notNullable().defaultTo('');
        t.text('image');
        t.integer('likes_count').notNullable().defaultTo(0);
        t.integer('saves_count').notNullable().defaultTo(0);
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.timestamp('updated_at', { useTz: true }).notNullable();
      });
      for (const table of ['project_likes', 'project_saves']) {
        await k.schema.createTable(table, (t) => {
          t.text('project_id').notNullable();
          t.text('user_id').notNullable().index();
          t.timestamp('created_at', { useTz: true }).notNullable();
          t.primary(['project_id', 'user_id']);
        });
      }
      await k.schema.createTable('project_comments', (t) => {
        t.text('id').primary();
        t.text('project_id').notNullable().index();
        /** null for a comment, the top-level comment's id for a reply. */
        t.text('parent_id');
        t.text('user_id').notNullable();
        t.text('text').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable();
      });
    },
  },
];

export async function migrateProjectsReadModels(knex: Knex): Promise<void> {
  await migrate(knex, 'read_models_projects', migrations);
}
