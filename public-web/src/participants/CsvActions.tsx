import { ClipboardCopy, Download } from 'lucide-react';
import { copyParticipants, PARTICIPANT_TABLE_MESSAGES as M } from '@circuit/shared/csv/copy-participants';
import { toCsv, type TableColumn } from '@circuit/shared/csv/csv';
import { Button } from '../ui/Button';
import { notify } from '../ui/toast';

export interface CsvActionsProps {
  columns: readonly TableColumn[];
  /** The rows, keyed by the columns' keys: with none, both actions say so instead of producing an empty table. */
  rows(): Record<string, unknown>[];
  fileName: string;
  /** A byte-order mark first, so that spreadsheet programs read the file as UTF-8. */
  bom?: boolean;
}

/** Copy (tab-separated, to paste into a spreadsheet) and Export (a CSV file) of a participants list, with the same columns. */
export function CsvActions({ columns, rows, fileName, bom = false }: CsvActionsProps) {
  const exportCsv = () => {
    const all = rows();
    if (all.length === 0) return notify.error(M.nothingToExport);
    const url = URL.createObjectURL(new Blob([`${bom ? '\uFEFF' : ''}${toCsv(columns, all)}`], { type: 'text/csv;charset=utf-8' }));
    const a = Object.assign(document.createElement('a'), { href: url, download: fileName });
    a.click();
    URL.revokeObjectURL(url);
  };
  const copy = async () => {
    const { ok, message } = await copyParticipants(navigator.clipboard, columns, rows());
    if (ok) notify.success(message);
    else notify.error(message);
  };
  return (
    <div className="flex gap-2">
      <Button variant="secondary" onClick={() => void copy()}>
        <ClipboardCopy className="size-4" aria-hidden="true" /> Copy
      </Button>
      <Button onClick={exportCsv}>
        <Download className="size-4" aria-hidden="true" /> Export to CSV
      </Button>
    </div>
  );
}
