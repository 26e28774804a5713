import { toTsv, type TableColumn } from './csv';

/** The participants screens' export and copy messages (spec 3, participants screens and section 8). */
export const PARTICIPANT_TABLE_MESSAGES = {
  nothingToExport: 'No participants to export',
  nothingToCopy: 'No participants to copy',
  copied: 'Participants copied to clipboard',
  copyFailed: 'Failed to copy data',
} as const;

/** The part of the browser's Clipboard used here (absent where the page is not a secure context). */
export interface TextClipboard {
  writeText(text: string): Promise<void>;
}

/**
 * Copy of a participants table, for the public pages and the console alike: the same columns as
 * the CSV export, tab-separated so that they paste into a spreadsheet's columns. Answers the
 * message to show, and whether it is good news.
 */
export async function copyParticipants(clipboard: TextClipboard | undefined, columns: readonly TableColumn[], rows: readonly Record<string, unknown>[]): Promise<{ ok: boolean; message: string }> {
  const M = PARTICIPANT_TABLE_MESSAGES;
  if (rows.length === 0) return { ok: false, message: M.nothingToCopy };
  try {
    if (!clipboard) throw new Error('No clipboard');
    await clipboard.writeText(toTsv(columns, rows));
    return { ok: true, message: M.copied };
  } catch {
    return { ok: false, message: M.copyFailed };
  }
}
