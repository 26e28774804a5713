import { ClipboardCopy, Download } from 'lucide-react';
import { Button } from '../ui/Button';
import { notify } from '../ui/toast';

export interface CsvActionsProps {
  /** How many rows there are: with none, both actions say so instead of producing an empty file. */
  count: number;
  csv(): string;
  fileName: string;
  /** A byte-order mark first, so that spreadsheet programs read the file as UTF-8. */
  bom?: boolean;
  exportLabel: string;
  messages: { copied: string; copyFailed: string };
}

/** Copy and Export of a participants list as CSV (the same text either way). */
export function CsvActions({ count, csv, fileName, bom = false, exportLabel, messages }: CsvActionsProps) {
  const exportCsv = () => {
    if (count === 0) return notify.error('No participants to export');
    const url = URL.createObjectURL(new Blob([`${bom ? '\uFEFF' : ''}${csv()}`], { type: 'text/csv;charset=utf-8' }));
    const a = Object.assign(document.createElement('a'), { href: url, download: fileName });
    a.click();
    URL.revokeObjectURL(url);
  };
  const copy = async () => {
    if (count === 0) return notify.error('No participants to copy');
    try {
      await navigator.clipboard.writeText(csv());
      notify.success(messages.copied);
    } catch {
      notify.error(messages.copyFailed);
    }
  };
  return (
    <div className="flex gap-2">
      <Button variant="secondary" onClick={() => void copy()}>
        <ClipboardCopy className="size-4" aria-hidden="true" /> Copy
      </Button>
      <Button onClick={exportCsv}>
        <Download className="size-4" aria-hidden="true" /> {exportLabel}
      </Button>
    </div>
  );
}
