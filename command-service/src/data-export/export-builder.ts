import { handleCommand, loadState } from '@circuit/shared/commands/decider';
import { dataExportStream, DataExportEventSchemas as X } from '@circuit/shared/events/data-exports';
import type { Logger } from '@circuit/shared/logger';
import { DATA_EXPORT_SECTIONS, type DataExportSectionKey, type DataExportTables } from '@circuit/shared/personal-data/export-contents';
import type { EventStore, RecordedEvent } from '@circuit/shared/ports/event-store';
import type { FileStore } from '@circuit/shared/ports/file-store';
import type { Mailer } from '@circuit/shared/ports/mailer';
import type { QueryClient } from '@circuit/shared/ports/query-client';
import { zip, type ZipEntry } from '@circuit/shared/zip/zip';
import type { Knex } from 'knex';
import { accountOf } from '../accounts/actors';
import { ProcessManager, type ReactionEffects } from '../process-managers/process-manager';
import { readme, sectionFiles } from './export-archive';
import { exportsDecider, type ExportCommand } from './export-decider';
import { exportReadyMail } from './export-mail';
import { paymentHistory } from './payment-history';

export type ExportReaction = { kind: 'build' | 'mail'; userId: string; exportId: string };

/** An export asked for is built; one ready is mailed. */
export function exportReactions(event: RecordedEvent): ExportReaction[] {
  switch (event.type) {
    case 'DataExportRequested': {
      const d = X.DataExportRequested.parse(event.data);
      return [{ kind: 'build', userId: d.userId, exportId: d.exportId }];
    }
    case 'DataExportReady': {
      const d = X.DataExportReady.parse(event.data);
      return [{ kind: 'mail', userId: d.userId, exportId: d.exportId }];
    }
    default:
      return [];
  }
}

export const EXPORT_FILE_PREFIX = 'data-exports';

export interface ExportBuilderDeps {
  knex: Knex;
  store: EventStore;
  mailer: Mailer;
  queries: QueryClient;
  /** Where the archives are kept: not the public uploads, which anyone with a key may fetch. */
  exportStore: FileStore;
  publicUrl: string;
  log: Logger;
  now?: () => Date;
}

function builderEffects(deps: ExportBuilderDeps): ReactionEffects<ExportReaction> {
  const now = deps.now ?? (() => new Date());
  const step = (command: ExportCommand, cause: RecordedEvent) =>
    handleCommand(deps.store, dataExportStream(command.userId), exportsDecider, command, { userId: command.userId, causationId: cause.id, correlationId: cause.metadata.correlationId }, now);

  const tablesOf = async (userId: string, section: DataExportSectionKey): Promise<DataExportTables> =>
    section === 'payments' ? { payments: await paymentHistory(deps.store, userId) } : deps.queries.personalDataSection(userId, section);

  async function build({ userId, exportId }: ExportReaction, cause: RecordedEvent) {
    const { state } = await loadState(deps.store, dataExportStream(userId), exportsDecider);
    // Built already, or failed: a replay after a restart does nothing. One still building is built
    // again from the start (its progress appends nothing until it passes where it was).
    if (state.exports[exportId]?.status !== 'building') return;
    // What the failure records: where it stopped, never the error's text (which may quote the data).
    let stage = 'the account';
    try {
      const account = await accountOf(deps.store, userId);
      const files: ZipEntry[] = [readme(account?.profile.username ?? userId, now())];
      const total = DATA_EXPORT_SECTIONS.length;
      for (const [index, section] of DATA_EXPORT_SECTIONS.entries()) {
        stage = `the ${section.key} section`;
        files.push(...sectionFiles(section.key, await tablesOf(userId, section.key)));
        await step({ type: 'Progress', userId, exportId, done: index + 1, total, now: now() }, cause);
      }
      stage = 'the archive';
      const archive = zip(files, now());
      const stored = await deps.exportStore.put(archive, { contentType: 'application/zip', extension: 'zip', prefix: EXPORT_FILE_PREFIX });
      const finished = await step({ type: 'Finish', userId, exportId, fileKey: stored.key, sizeBytes: archive.length, now: now() }, cause);
      // Another instance finished it first: its file is the one kept.
      if (finished.events.length === 0) await deps.exportStore.delete(stored.key);
    } catch (err) {
      deps.log.error({ err, exportId }, 'building a data export failed');
      await step({ type: 'Fail', userId, exportId, reason: `${stage} could not be prepared`, now: now() }, cause);
    }
  }

  async function mail({ userId, exportId }: ExportReaction) {
    const { state } = await loadState(deps.store, dataExportStream(userId), exportsDecider);
    const account = await accountOf(deps.store, userId);
    if (state.exports[exportId]?.status !== 'ready' || !account) return;
    await deps.mailer.send(exportReadyMail(account.profile.email, account.profile.firstName || account.profile.username, deps.publicUrl));
  }

  return { carryOut: (reaction, cause) => (reaction.kind === 'build' ? build(reaction, cause) : mail(reaction)) };
}

/**
 * Builds each export asked for into a ZIP (a JSON and a CSV file per table, and a README), one
 * section at a time with its progress recorded, keeps it in the export store and mails the owner.
 * Its checkpoint is saved once an event is handled, so an export a crash interrupted is built again
 * on restart.
 */
export class DataExportBuilder extends ProcessManager<ExportReaction> {
  constructor(deps: ExportBuilderDeps) {
    super({ name: 'data_export_builder', label: 'data export builder', deps, reactionsTo: exportReactions, effects: builderEffects(deps) });
  }
}
