import { downloadCSV, type Exporter } from 'react-admin';
import { toCsv } from '@circuit/shared/csv/csv';
import { ADMIN_PARTICIPANT_CSV_COLUMNS, type AdminParticipant } from '@circuit/shared/api/admin-participants';

export const NOTHING_TO_EXPORT = 'No participants to export';

/**
 * react-admin's exporter for one listing: `{title}_participants.csv` (downloadCSV adds the
 * extension), every value quoted and formulas neutralised by the shared toCsv.
 */
export function participantsExporter(title: string, onEmpty: () => void): Exporter<AdminParticipant> {
  return (records) => {
    if (records.length === 0) {
      onEmpty();
      return;
    }
    const rows = records.map((r) => ({ ...r, registeredAt: r.registeredAt.slice(0, 10) }));
    downloadCSV(toCsv([...ADMIN_PARTICIPANT_CSV_COLUMNS], rows), `${title}_participants`);
  };
}
