import type { Knex } from 'knex';
import { migrate, type Migration } from '@circuit/shared/db/migrations';
import { createTable, indexedText, instants, optionalText, primaryKey, text } from '../table-columns';

/** The co-hosts and check-in read model (owned by check-in-projection.ts), on its own bookkeeping table. */
const migrations: Migration[] = [
  {
    name: '001_co_hosts_and_check_ins',
    up: async (k) => {
      // kind: event, hackathon or quiz; role: manager or check-in.
      await createTable(k, 'listing_co_hosts', text('kind', 'listing_id'), indexedText('user_id'), text('role'), instants('added_at'), primaryKey('kind', 'listing_id', 'user_id'));
      // One row per attendee checked in now (an undo deletes it); method: ticket or search.
      await createTable(k, 'listing_check_ins', text('kind', 'listing_id', 'user_id'), instants('checked_in_at', 'scanned_at'), text('checked_in_by', 'method'), optionalText('ticket_id'), primaryKey('kind', 'listing_id', 'user_id'));
    },
  },
];

export async function migrateCheckInReadModels(knex: Knex): Promise<void> {
  await migrate(knex, 'read_models_check_in', migrations);
}
