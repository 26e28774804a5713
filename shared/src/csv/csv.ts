/**
 * CSV for participant exports (spec: "all values quoted"). Every value is quoted and inner quotes
 * doubled; a value a spreadsheet would run as a formula (starting with =, +, - or @, also after
 * leading tabs or carriage returns) gets a leading apostrophe, so opening the file runs nothing.
 */
export function toCsv(columns: { key: string; label: string }[], rows: Record<string, unknown>[]): string {
  const cell = (value: unknown): string => {
    let text = value === null || value === undefined ? '' : Array.isArray(value) ? value.join(', ') : typeof value === 'object' ? JSON.stringify(value) : String(value);
    if (/^[\t\r]*[=+\-@]/.test(text)) text = `'${text}`;
    return `"${text.replace(/"/g, '""')}"`;
  };
  const lines = [columns.map((c) => cell(c.label)).join(','), ...rows.map((row) => columns.map((c) => cell(row[c.key])).join(','))];
  return lines.join('\r\n') + '\r\n';
}
