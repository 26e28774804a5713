import type { Knex } from 'knex';
import { migrate, type Migration } from '@circuit/shared/db/migrations';
import { createTable, instants, jsonb, positions, text, textKey } from '../table-columns';

/** The announcements and sponsors read models (owned by announcements-projection.ts), on their own bookkeeping table. */
const migrations: Migration[] = [
  {
    name: '001_hackathon_announcements_and_sponsors',
    up: async (k) => {
      // position: the feed position of the post, which orders announcements of the same instant.
      await createTable(k, 'hackathon_announcements', textKey('id'), text('hackathon_id', 'type', 'title', 'content'), jsonb('results'), text('created_by'), instants('created_at', 'updated_at'), positions('position'));
      await k.raw('create index hackathon_announcements_list_idx on hackathon_announcements (hackathon_id, created_at desc, position desc)');
      await createTable(k, 'hackathon_sponsors', textKey('id'), text('hackathon_id', 'name', 'tier', 'image'), instants('created_at'), positions('position'));
      await k.raw('create index hackathon_sponsors_hackathon_idx on hackathon_sponsors (hackathon_id)');
    },
  },
];

export async function migrateAnnouncementsReadModels(knex: Knex): Promise<void> {
  await migrate(knex, 'read_models_hackathon_announcements', migrations);
}
