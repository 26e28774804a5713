import type { Knex } from 'knex';
import { migrate } from '@circuit/shared/db/migrations';
import { DataExportEventSchemas as X } from '@circuit/shared/events/data-exports';
import type { RecordedEvent } from '@circuit/shared/ports/event-store';
import type { Projection } from '../runner/projection';

/** Each person's data exports: status, progress, when it is ready and until when (the file's key stays on the command side). */
export const DATA_EXPORTS_TABLE = 'data_exports';

export async function migrateDataExportReadModels(knex: Knex): Promise<void> {
  await migrate(knex, 'read_models_data_exports', [
    {
      name: '001_data_exports',
      up: async (k) => {
        await k.schema.createTable(DATA_EXPORTS_TABLE, (t) => {
          t.text('id').primary();
          t.text('user_id').notNullable();
          t.text('status').notNullable();
          t.integer('done').notNullable().defaultTo(0);
          t.integer('total').notNullable().defaultTo(0);
          t.bigInteger('size_bytes');
          t.timestamp('requested_at', { useTz: true }).notNullable();
          t.timestamp('ready_at', { useTz: true });
          t.timestamp('expires_at', { useTz: true });
          t.index(['user_id', 'requested_at']);
        });
      },
    },
  ]);
}

/** data_exports from `data-exports-<userId>`. */
export const dataExportProjection: Projection = {
  name: 'data_exports',
  tables: [DATA_EXPORTS_TABLE],
  eventTypes: ['DataExportRequested', 'DataExportProgressed', 'DataExportReady', 'DataExportFailed'],
  async applyBatch(trx: Knex.Transaction, events: RecordedEvent[]) {
    for (const event of events) {
      switch (event.type) {
        case 'DataExportRequested': {
          const d = X.DataExportRequested.parse(event.data);
          await trx(DATA_EXPORTS_TABLE).insert({ id: d.exportId, user_id: d.userId, status: 'building', requested_at: d.at }).onConflict('id').ignore();
          break;
        }
        case 'DataExportProgressed': {
          const d = X.DataExportProgressed.parse(event.data);
          await trx(DATA_EXPORTS_TABLE).where({ id: d.exportId }).update({ done: d.done, total: d.total });
          break;
        }
        case 'DataExportReady': {
          const d = X.DataExportReady.parse(event.data);
          await trx(DATA_EXPORTS_TABLE).where({ id: d.exportId }).update({ status: 'ready', done: trx.ref('total'), size_bytes: d.sizeBytes, ready_at: d.at, expires_at: d.expiresAt });
          break;
        }
        case 'DataExportFailed': {
          const d = X.DataExportFailed.parse(event.data);
          await trx(DATA_EXPORTS_TABLE).where({ id: d.exportId }).update({ status: 'failed' });
          break;
        }
      }
    }
  },
};
