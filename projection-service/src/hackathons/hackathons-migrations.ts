import type { Knex } from 'knex';
import { migrate, type Migration } from '@circuit/shared/db/migrations';
import { counters, createTable, instants, primaryKey, text, textArrays } from '../table-columns';
import { HACKATHON_LISTINGS } from '../listings/listing-kind';
import { createOrganisedListingTable, createSavesTable } from '../listings/listing-migrations';

/** The hackathon listing read model (owned by hackathons-projection.ts), on its own bookkeeping table. */
const migrations: Migration[] = [
  {
    name: '001_hackathons',
    up: async (k) => {
      await createOrganisedListingTable(k, 'hackathons', {
        // themes: the lower-cased technologies and categories, which the `theme` filter reads.
        filters: textArrays('categories', 'themes'),
        counts: counters('current_participants'),
        // Title, short description, organisation and technologies: the search's words.
        search: text('search_text'),
        indexes: [
          `create index hackathons_search_idx on hackathons using gin (to_tsvector('simple', search_text))`,
          `create index hackathons_categories_idx on hackathons using gin (categories)`,
          `create index hackathons_themes_idx on hackathons using gin (themes)`,
        ],
      });
      await createSavesTable(k, HACKATHON_LISTINGS);
      await createTable(k, 'hackathon_registered_users', text('hackathon_id', 'user_id'), instants('registered_at'), primaryKey('user_id', 'hackathon_id'));
    },
  },
  {
    // A stored tsvector: matching reads it instead of parsing every row's text (and the planner
    // can use its GIN index whatever its statistics say).
    name: '002_search_vector',
    up: async (k) => {
      await k.raw(`alter table hackathons add column search tsvector`);
      await k.raw(`update hackathons set search = to_tsvector('simple', search_text)`);
      await k.raw(`alter table hackathons alter column search set not null`);
      await k.raw(`drop index hackathons_search_idx`);
      await k.raw(`create index hackathons_search_idx on hackathons using gin (search)`);
    },
  },
];

export async function migrateHackathonsReadModels(knex: Knex): Promise<void> {
  await migrate(knex, 'read_models_hackathons', migrations);
}
