import { downloadCSV, useDataProvider, useListContext, useNotify } from 'react-admin';
import { adminParticipantColumns, adminParticipantRow, type AdminParticipant, type AdminParticipantListing } from '@circuit/shared/api/admin-participants';
import { copyParticipants, PARTICIPANT_TABLE_MESSAGES as M } from '@circuit/shared/csv/copy-participants';
import { toCsv } from '@circuit/shared/csv/csv';

/** The most records one request returns (the admin API's page limit). */
const PAGE = 1000;

/**
 * Export and Copy of the listing's whole participants list (every page, in the list's order and
 * filter), with the same columns either way: `{title}_participants.csv`, or tab-separated rows on
 * the clipboard that paste into a spreadsheet. With no participants, each says so instead.
 */
export function useParticipantsTable(listing: AdminParticipantListing) {
  const { resource, filter, sort, total, data } = useListContext<AdminParticipant>();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const columns = adminParticipantColumns(listing.kind);

  async function allRows(): Promise<Record<string, unknown>[]> {
    // All on screen already: no request, so the copy stays within the click (Safari refuses a clipboard write after a wait).
    if (data && data.length === total) return data.map(adminParticipantRow);
    const records: AdminParticipant[] = [];
    for (let page = 1; records.length < (total ?? 0); page++) {
      const batch = (await dataProvider.getList<AdminParticipant>(resource, { filter, sort, pagination: { page, perPage: PAGE } })).data;
      records.push(...batch);
      if (batch.length < PAGE) break;
    }
    return records.map(adminParticipantRow);
  }

  /** The rows, or null after saying that they could not be fetched. */
  async function rowsOrNull() {
    const rows = await allRows().catch(() => null);
    if (!rows) notify('Failed to fetch participants', { type: 'error' });
    return rows;
  }

  async function exportCsv() {
    const rows = await rowsOrNull();
    if (!rows) return;
    if (rows.length === 0) return notify(M.nothingToExport, { type: 'info' });
    // downloadCSV adds the extension.
    downloadCSV(toCsv(columns, rows), `${listing.title}_participants`);
  }

  async function copy() {
    const rows = await rowsOrNull();
    if (!rows) return;
    const { ok, message } = await copyParticipants(navigator.clipboard, columns, rows);
    notify(message, { type: ok ? 'success' : rows.length === 0 ? 'info' : 'error' });
  }

  return { exportCsv, copy };
}
