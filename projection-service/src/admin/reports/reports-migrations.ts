import type { Knex } from 'knex';
import { migrate, type Migration } from '@circuit/shared/db/migrations';

/** The console's reports queue (owned by reports-projection.ts), on its own bookkeeping table. */
const migrations: Migration[] = [
  {
    name: '001_admin_report_queue',
    up: async (k) => {
      await k.schema.createTable('admin_report_queue', (t) => {
        t.text('id').primary();
        t.text('reporter_id').notNullable();
        t.text('target_id').notNullable();
        t.text('reason').notNullable();
        t.text('status').notNullable();
        t.text('note');
        t.text('handled_by');
        t.timestamp('handled_at', { useTz: true });
        t.timestamp('created_at', { useTz: true }).notNullable();
      });
      await k.raw('create index admin_report_queue_status_idx on admin_report_queue (status, created_at)');
    },
  },
];

export async function migrateReportQueueReadModels(knex: Knex): Promise<void> {
  await migrate(knex, 'read_models_admin_reports', migrations);
}
