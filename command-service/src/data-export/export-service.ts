import crypto from 'node:crypto';
import { dataExportFileName, dataExportView, type DataExport } from '@circuit/shared/api/data-export';
import { conflict, notFound } from '@circuit/shared/commands/domain-errors';
import { handleCommand, loadState, type CommandContext } from '@circuit/shared/commands/decider';
import { dataExportStream } from '@circuit/shared/events/data-exports';
import type { FileStore } from '@circuit/shared/ports/file-store';
import type { CommandServiceDeps } from '../context';
import { caughtUp } from '../http/read-your-writes';
import { exportsDecider } from './export-decider';

export const EXPORT_EXPIRED = 'data_export_expired';

/** Asking for a copy of one's data, and downloading it (only the owner: the export is looked up in their own stream). */
export function createDataExportService(deps: Pick<CommandServiceDeps, 'store' | 'progress' | 'now'>, exportStore: FileStore) {
  const now = deps.now ?? (() => new Date());
  return {
    async request(userId: string, ctx: CommandContext): Promise<DataExport> {
      const exportId = crypto.randomUUID();
      const result = await handleCommand(deps.store, dataExportStream(userId), exportsDecider, { type: 'Request', userId, exportId, now: now() }, ctx, now);
      await caughtUp(deps.progress, result.position, result.events);
      return dataExportView(exportId, result.state.exports[exportId]!, now());
    },

    async download(userId: string, exportId: string): Promise<{ data: Buffer; fileName: string }> {
      const { state } = await loadState(deps.store, dataExportStream(userId), exportsDecider);
      const record = state.exports[exportId];
      if (!record) throw notFound('There is no such copy of your data. Open the Your data page to ask for one.');
      const view = dataExportView(exportId, record, now());
      if (view.status === 'building') throw conflict('This copy of your data is still being prepared. It will be mailed to you when it is ready.');
      if (view.status === 'failed') throw notFound('This copy of your data could not be prepared. Ask for a new one on the Your data page.');
      const expired = notFound('This download has expired: a copy of your data can be downloaded for 24 hours. Ask for a new one on the Your data page.', { code: EXPORT_EXPIRED });
      if (view.status === 'expired' || !record.fileKey) throw expired;
      const file = await exportStore.get(record.fileKey);
      if (!file) throw expired;
      return { data: file.data, fileName: dataExportFileName(record.requestedAt) };
    },
  };
}
export type DataExportService = ReturnType<typeof createDataExportService>;
