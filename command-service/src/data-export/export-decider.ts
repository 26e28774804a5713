import { conflict } from '@circuit/shared/commands/domain-errors';
import type { Decider } from '@circuit/shared/commands/decider';
import { DATA_EXPORT_VALID_MS } from '@circuit/shared/events/data-exports';
import type { DomainEvent } from '@circuit/shared/events/catalogue';

export interface ExportRecord {
  status: 'building' | 'ready' | 'failed';
  requestedAt: string;
  done: number;
  total: number;
  fileKey?: string;
  sizeBytes?: number;
  readyAt?: string;
  expiresAt?: string;
}

/** One person's exports (`data-exports-<userId>`): at most one is building at a time. */
export interface ExportsState {
  exports: Readonly<Record<string, ExportRecord>>;
  building?: string;
}

export type ExportEvent = DomainEvent<'DataExportRequested' | 'DataExportProgressed' | 'DataExportReady' | 'DataExportFailed'>;
export type ExportCommand =
  | { type: 'Request'; userId: string; exportId: string; now: Date }
  | { type: 'Progress'; userId: string; exportId: string; done: number; total: number; now: Date }
  | { type: 'Finish'; userId: string; exportId: string; fileKey: string; sizeBytes: number; now: Date }
  | { type: 'Fail'; userId: string; exportId: string; reason: string; now: Date };

export const EXPORT_RUNNING = 'data_export_running';

function updated(state: ExportsState, exportId: string, change: Partial<ExportRecord>): ExportsState {
  const record = state.exports[exportId];
  if (!record) return state;
  const next = { ...record, ...change };
  return { exports: { ...state.exports, [exportId]: next }, ...(next.status === 'building' ? { building: exportId } : {}) };
}

/**
 * The builder's steps only apply to the export being built, and only move it forward: a step the
 * builder repeats after a restart appends nothing.
 */
export const exportsDecider: Decider<ExportsState, ExportCommand, ExportEvent> = {
  initialState: () => ({ exports: {} }),
  evolve(state, event) {
    const d = event.data;
    switch (event.type) {
      case 'DataExportRequested':
        return { exports: { ...state.exports, [d.exportId]: { status: 'building', requestedAt: event.data.at, done: 0, total: 0 } }, building: d.exportId };
      case 'DataExportProgressed':
        return updated(state, d.exportId, { done: event.data.done, total: event.data.total });
      case 'DataExportReady':
        return updated(state, d.exportId, { status: 'ready', done: state.exports[d.exportId]?.total ?? 0, fileKey: event.data.fileKey, sizeBytes: event.data.sizeBytes, readyAt: event.data.at, expiresAt: event.data.expiresAt });
      case 'DataExportFailed':
        return updated(state, d.exportId, { status: 'failed' });
    }
  },
  decide(command, state) {
    const { userId, exportId } = command;
    const at = command.now.toISOString();
    const record = state.exports[exportId];
    if (command.type === 'Request') {
      if (record) return [];
      if (state.building) {
        throw conflict('A copy of your data is already being prepared. You can ask for another once it is ready.', { code: EXPORT_RUNNING, data: { exportId: state.building } });
      }
      return [{ type: 'DataExportRequested', data: { exportId, userId, at } }];
    }
    if (record?.status !== 'building') return [];
    switch (command.type) {
      case 'Progress':
        return command.done > record.done ? [{ type: 'DataExportProgressed', data: { exportId, userId, done: command.done, total: command.total, at } }] : [];
      case 'Finish': {
        const expiresAt = new Date(command.now.getTime() + DATA_EXPORT_VALID_MS).toISOString();
        return [{ type: 'DataExportReady', data: { exportId, userId, fileKey: command.fileKey, sizeBytes: command.sizeBytes, expiresAt, at } }];
      }
      case 'Fail':
        return [{ type: 'DataExportFailed', data: { exportId, userId, reason: command.reason, at } }];
    }
  },
};
