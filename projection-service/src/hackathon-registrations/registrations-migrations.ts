import type { Knex } from 'knex';
import { migrate, type Migration } from '@circuit/shared/db/migrations';
import { createTable, flags, indexedText, instants, jsonbObjects, optionalInstants, optionalText, primaryKey, text, textKey } from '../table-columns';

/** The hackathon registrations read model (owned by registrations-projection.ts), on its own bookkeeping table. */
const migrations: Migration[] = [
  {
    name: '001_participants_and_teams',
    up: async (k) => {
      // payment_status: completed, pending or failed (anything but completed: payment required).
      // is_removed: set by community moderation (a later issue); registrations never set it.
      const team = (t: Knex.CreateTableBuilder) => void t.text('team_id').index();
      await createTable(k, 'hackathon_participants', text('hackathon_id'), indexedText('user_id'), team, text('payment_status'), flags('is_removed'), jsonbObjects('profile'), instants('registered_at'), primaryKey('hackathon_id', 'user_id'));
      // status: forming, payment_required or complete.
      await createTable(k, 'hackathon_teams', textKey('id'), indexedText('hackathon_id'), text('name', 'code', 'creator_id', 'status'), instants('created_at'), optionalInstants('submitted_at', 'completed_at'), optionalText('order_id'));
      await createTable(k, 'hackathon_team_members', text('team_id', 'user_id', 'hackathon_id'), instants('joined_at'), primaryKey('team_id', 'user_id'));
    },
  },
  {
    // Lets the GET routes take a hackathon's username as well as its id.
    name: '002_hackathon_slugs',
    up: async (k) => {
      await createTable(k, 'hackathon_roster_slugs', textKey('slug'), text('hackathon_id'));
    },
  },
];

export async function migrateRegistrationsReadModels(knex: Knex): Promise<void> {
  await migrate(knex, 'read_models_hackathon_registrations', migrations);
}
