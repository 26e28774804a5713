import type { Knex } from 'knex';
import { migrate, type Migration } from '@circuit/shared/db/migrations';

/** The reviews read model (owned by reviews-projection.ts), on its own bookkeeping table. */
const migrations: Migration[] = [
  {
    name: '001_hackathon_reviews',
    up: async (k) => {
      await k.schema.createTable('hackathon_reviews', (t) => {
        t.text('hackathon_id').notNullable();
        t.text('user_id').notNullable();
        t.text('id').notNullable();
        t.integer('rating').notNullable();
        t.text('comment').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.timestamp('updated_at', { useTz: true }).notNullable();
        t.primary(['hackathon_id', 'user_id']);
      });
      // The list: a hackathon's reviews, newest first.
      await k.raw('create index hackathon_reviews_page_idx on hackathon_reviews (hackathon_id, created_at desc, id desc)');
      await k.schema.createTable('hackathon_review_stats', (t) => {
        t.text('hackathon_id').primary();
        t.integer('total_reviews').notNullable();
        t.integer('rating_sum').notNullable();
      });
    },
  },
];

export async function migrateReviewsReadModels(knex: Knex): Promise<void> {
  await migrate(knex, 'read_models_hackathon_reviews', migrations);
}
