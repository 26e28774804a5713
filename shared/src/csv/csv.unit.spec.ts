import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

const columns = [
  { key: 'name', label: 'Name' },
  { key: 'note', label: 'Note' },
];

describe('toCsv', () => {
  it('quotes every value and reads back exactly, commas, quotes and newlines included', () => {
    const rows = [{ name: 'Doe, "Jr"', note: 'line one\nline two' }, { name: 'Plain', note: null }];
    const csv = toCsv(columns, rows);
    expect(csv.split('\r\n')[0]).toBe('"Name","Note"');
    expect(Papa.parse<string[]>(csv, { skipEmptyLines: true }).data).toEqual([
      ['Name', 'Note'],
      ['Doe, "Jr"', 'line one\nline two'],
      ['Plain', ''],
    ]);
  });

  it('neutralises what a spreadsheet would run as a formula', () => {
    const csv = toCsv(columns, [{ name: '=HYPERLINK("http://x")', note: '+1' }, { name: '-2', note: '@SUM(A1)' }, { name: '\t=1', note: 'safe=1' }]);
    expect(Papa.parse<string[]>(csv, { skipEmptyLines: true }).data.slice(1)).toEqual([
      [`'=HYPERLINK("http://x")`, "'+1"],
      ["'-2", "'@SUM(A1)"],
      ["'\t=1", 'safe=1'],
    ]);
  });

  it('keeps numbers as numbers (a negative score is not a formula) and writes objects as JSON', () => {
    const csv = toCsv(columns, [{ name: -2, note: { a: 1 } }]);
    expect(Papa.parse<string[]>(csv, { skipEmptyLines: true }).data[1]).toEqual(['-2', '{"a":1}']);
  });
});
