import type { Knex } from 'knex';
import { PostgresEventStore } from '@circuit/shared/adapters/event-store/postgres-event-store';
import type { MasterKey } from '@circuit/shared/personal-data/master-key';
import { SubjectKeys } from '@circuit/shared/personal-data/subject-keys';
import { migrateErasureTables } from '../erasure/erasure-tables';
import { migrateEventRosterDues } from '../events/roster-dues';
import { migrateIdempotencyKeys } from '../http/idempotency';
import { migrateProcessManagers } from '../process-managers/checkpoints';
import { migrateOpenQuizAttempts } from '../quizzes/open-attempts';
import { migrateReminders } from '../reminders/reminder-tables';
import { migrateUploadUses } from '../uploads/upload-uses';

/**
 * What a backup holds: what the read models cannot be rebuilt without. Each table with the columns
 * its rows are written in order of (a primary key: the same order every time).
 *
 * - the event store: the history itself, personal fields sealed as stored;
 * - personal_data_keys: the people's wrapped data keys (erased people's rows say so): without them
 *   no restored personal field can be opened. The master key that wraps them is NOT in a backup;
 * - the command side's own tables, kept by its process managers and timers as they go: their
 *   checkpoints (so none of them acts on the history again: mail and notifications are not sent
 *   twice), reminders claimed and sent (only these tables say so), upload uses, erasure work lists,
 *   open quiz attempts, roster dues, and idempotency records (a retried request after a restore
 *   still does its thing once).
 *
 * Not in a backup: the read models (rebuilt from the events), sessions (everyone signs in again;
 * a backup holds no live credentials), the dev mailbox, rate counters, socket presence, the bus's
 * queue (moments, not records), the transaction id offset (the restore sets the target's own).
 */
export const BACKED_UP_TABLES: readonly { name: string; orderBy: readonly string[] }[] = [
  { name: 'event_store_events', orderBy: ['position'] },
  { name: 'personal_data_keys', orderBy: ['subject_id'] },
  { name: 'process_manager_checkpoints', orderBy: ['name'] },
  { name: 'idempotency_keys', orderBy: ['scope', 'key'] },
  { name: 'quiz_open_attempts', orderBy: ['quiz_id', 'user_id'] },
  { name: 'event_roster_dues', orderBy: ['event_id'] },
  { name: 'upload_uses', orderBy: ['owner'] },
  { name: 'reminder_listings', orderBy: ['listing_kind', 'listing_id'] },
  { name: 'reminder_savers', orderBy: ['listing_kind', 'listing_id', 'user_id'] },
  { name: 'reminder_deliveries', orderBy: ['reminder_id'] },
  { name: 'reminder_moments_done', orderBy: ['listing_kind', 'listing_id', 'kind', 'due_at'] },
  { name: 'erasure_uploads', orderBy: ['user_id', 'url'] },
  { name: 'unverified_sign_ups', orderBy: ['user_id'] },
];

/** Creates every backed-up table, with the migrations the services run (so they find them migrated). */
export async function migrateBackedUpTables(knex: Knex, master: MasterKey): Promise<void> {
  const store = await PostgresEventStore.create(knex, { listen: false });
  await store.close();
  await SubjectKeys.create(knex, master);
  await migrateProcessManagers(knex);
  await migrateIdempotencyKeys(knex);
  await migrateOpenQuizAttempts(knex);
  await migrateEventRosterDues(knex);
  await migrateUploadUses(knex);
  await migrateReminders(knex);
  await migrateErasureTables(knex);
}

/** The columns of a table in this schema, in their order; none when it does not exist. */
export async function columnsOf(knex: Knex, table: string): Promise<string[]> {
  const rows = (
    await knex.raw('select column_name from information_schema.columns where table_schema = current_schema() and table_name = ? order by ordinal_position', [table])
  ).rows as { column_name: string }[];
  return rows.map((r) => r.column_name);
}
