import type { Knex } from 'knex';
import { migrate, type Migration } from '@circuit/shared/db/migrations';
import { createTable, instants, integers, primaryKey, text, textKey } from '../table-columns';

/** The reviews read model (owned by reviews-projection.ts), on its own bookkeeping table. */
const migrations: Migration[] = [
  {
    name: '001_hackathon_reviews',
    up: async (k) => {
      await createTable(k, 'hackathon_reviews', text('hackathon_id', 'user_id', 'id'), integers('rating'), text('comment'), instants('created_at', 'updated_at'), primaryKey('hackathon_id', 'user_id'));
      // The list: a hackathon's reviews, newest first.
      await k.raw('create index hackathon_reviews_page_idx on hackathon_reviews (hackathon_id, created_at desc, id desc)');
      await createTable(k, 'hackathon_review_stats', textKey('hackathon_id'), integers('total_reviews', 'rating_sum'));
    },
  },
];

export async function migrateReviewsReadModels(knex: Knex): Promise<void> {
  await migrate(knex, 'read_models_hackathon_reviews', migrations);
}
