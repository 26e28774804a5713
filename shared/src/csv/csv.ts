/**
 * Tables for spreadsheets, as a CSV file or as tab-separated text to paste. A text a spreadsheet
 * would run as a formula (starting with =, +, -, @, or a tab or carriage return that hides one)
 * gets a leading apostrophe, so it reads as text (OWASP's CSV injection advice); numbers stay
 * numbers, so a score of -2 still sorts as one.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export interface TableColumn {
  key: string;
  label: string;
}

/** One value as the text a spreadsheet should show, formulas neutralised. */
function textOf(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  const text =
    value === null || value === undefined
      ? ''
      : Array.isArray(value)
        ? value.join(', ')
        : value instanceof Date
          ? value.toISOString()
          : typeof value === 'object'
            ? JSON.stringify(value)
            : String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;

function lines(columns: readonly TableColumn[], rows: readonly Record<string, unknown>[]): string[][] {
  return [columns.map((c) => textOf(c.label)), ...rows.map((row) => columns.map((c) => textOf(row[c.key])))];
}

/** CSV (RFC 4180): every value quoted, quotes doubled, lines ended with CRLF; newlines and commas stay inside their quotes. */
export function toCsv(columns: readonly TableColumn[], rows: readonly Record<string, unknown>[]): string {
  return lines(columns, rows).map((l) => l.map(quoted).join(',')).join('\r\n') + '\r\n';
}

/**
 * Tab-separated text, as spreadsheets put on the clipboard and read back from it: one cell per
 * column when pasted. A value holding a tab, a line break or a quote is quoted as Excel and Google
 * Sheets quote it, so it stays in its one cell.
 */
export function toTsv(columns: readonly TableColumn[], rows: readonly Record<string, unknown>[]): string {
  return lines(columns, rows).map((l) => l.map((t) => (/[\t\r\n"]/.test(t) ? quoted(t) : t)).join('\t')).join('\r\n') + '\r\n';
}
