/**
 * CSV for spreadsheets (RFC 4180): every value quoted, quotes doubled, lines ended with CRLF.
 * A text a spreadsheet would run as a formula (starting with =, +, -, @, or a tab or carriage
 * return that hides one) gets a leading apostrophe, so it reads as text (OWASP's CSV injection
 * advice); numbers stay numbers, so a score of -2 still sorts as one. Newlines and commas inside
 * a value stay inside its quotes.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return `"${value}"`;
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
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function toCsv(columns: { key: string; label: string }[], rows: Record<string, unknown>[]): string {
  const lines = [columns.map((c) => cell(c.label)), ...rows.map((row) => columns.map((c) => cell(row[c.key])))];
  return lines.map((l) => l.join(',')).join('\r\n') + '\r\n';
}
