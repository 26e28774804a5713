import { toCsv } from '@circuit/shared/csv/csv';
import { DATA_EXPORT_SECTIONS, type DataExportSectionKey, type DataExportTables } from '@circuit/shared/personal-data/export-contents';
import type { ZipEntry } from '@circuit/shared/zip/zip';

/** Every column any row has, in the order they first appear: rows of one table may differ (a join's nulls). */
function columnsOf(rows: readonly Record<string, unknown>[]) {
  const keys = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) keys.add(key);
  return [...keys].map((key) => ({ key, label: key }));
}

/** A section's tables as files: `<section>/<table>.json` and `<section>/<table>.csv` each. */
export function sectionFiles(section: DataExportSectionKey, tables: DataExportTables): ZipEntry[] {
  return Object.entries(tables).flatMap(([table, rows]) => [
    { name: `${section}/${table}.json`, data: JSON.stringify(rows, null, 2) + '\n' },
    { name: `${section}/${table}.csv`, data: toCsv(columnsOf(rows), rows) },
  ]);
}

/** README.txt: what the archive is and what each file holds. */
export function readme(username: string, madeAt: Date): ZipEntry {
  const lines = [
    `Your data on Circuit (@${username}), as it was on ${madeAt.toISOString()} (UTC).`,
    '',
    'Every table is here twice: as JSON (for programs) and as CSV (for spreadsheets; every value is quoted,',
    'and a value a spreadsheet would run as a formula starts with an apostrophe). Times are in UTC (ISO 8601).',
    'Amounts are in the currency named beside them. Other people appear only by their id and username.',
    '',
    ...DATA_EXPORT_SECTIONS.flatMap((section) => [
      `${section.label}`,
      ...Object.entries(section.files).map(([table, what]) => `  ${section.key}/${table}.json, .csv: ${what}`),
      '',
    ]),
  ];
  return { name: 'README.txt', data: lines.join('\r\n') };
}
