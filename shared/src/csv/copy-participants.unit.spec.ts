import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { adminParticipantColumns, adminParticipantRow, type AdminParticipant } from '../api/admin-participants';
import { copyParticipants } from './copy-participants';
import { toCsv, toTsv } from './csv';

const columns = [
  { key: 'name', label: 'Name' },
  { key: 'note', label: 'Note' },
];

const ana: AdminParticipant = {
  id: 'q1:u1',
  userId: 'u1',
  name: '=HYPERLINK("http://evil.test") Rao',
  username: 'ana',
  email: 'ana@example.com',
  mobile: '9876543210',
  college: 'NIT',
  course: 'B.Tech',
  branch: 'CSE',
  collegeYear: '3rd Year',
  country: 'India',
  state: 'Goa',
  address: 'Flat 4\tBlock B\nPanaji',
  skills: ['Go', 'SQL'],
  paymentStatus: 'completed',
  registeredAt: '2026-11-25T04:30:00.000Z',
  score: -2,
  timeTaken: 95,
  completedAt: '2026-11-25T10:01:35.000Z',
  checkedInAt: null,
};

/** A clipboard that keeps what it is given. */
function clipboard() {
  const written: string[] = [];
  return { written, writeText: async (text: string) => void written.push(text) };
}

describe('toTsv', () => {
  it('writes one tab-separated line per row, formulas neutralised, numbers kept, tabs, line breaks and quotes kept in their cell', () => {
    const tsv = toTsv(columns, [{ name: '@SUM(A1)', note: -2 }, { name: 'Plain', note: 'two\tparts\nand "quotes"' }, { name: 'Doe, Jr', note: null }]);
    expect(tsv.split('\r\n').slice(0, 2)).toEqual(['Name\tNote', "'@SUM(A1)\t-2"]);
    expect(Papa.parse<string[]>(tsv, { delimiter: '\t', skipEmptyLines: true }).data).toEqual([
      ['Name', 'Note'],
      ["'@SUM(A1)", '-2'],
      ['Plain', 'two\tparts\nand "quotes"'],
      ['Doe, Jr', ''],
    ]);
  });
});

describe('copyParticipants', () => {
  it('copies the same columns and values as the CSV export, as tab-separated rows (a quiz adds its results)', async () => {
    const cols = adminParticipantColumns('quiz');
    const rows = [adminParticipantRow(ana)];
    const board = clipboard();
    expect(await copyParticipants(board, cols, rows)).toEqual({ ok: true, message: 'Participants copied to clipboard' });
    const copied = Papa.parse<string[]>(board.written[0]!, { delimiter: '\t', skipEmptyLines: true }).data;
    expect(copied).toEqual(Papa.parse<string[]>(toCsv(cols, rows), { skipEmptyLines: true }).data);
    expect(copied[0]!.slice(-5)).toEqual(['Payment', 'Registered At', 'Score', 'Time Taken (s)', 'Completed At']);
    expect(copied[1]).toEqual([
      `'=HYPERLINK("http://evil.test") Rao`,
      'ana',
      'ana@example.com',
      '9876543210',
      'NIT',
      'B.Tech',
      'CSE',
      '3rd Year',
      'India',
      'Goa',
      'Flat 4\tBlock B\nPanaji',
      'Go, SQL',
      'completed',
      '2026-11-25',
      '-2',
      '95',
      '2026-11-25T10:01:35.000Z',
    ]);
    expect(adminParticipantColumns('event').map((c) => c.key)).not.toContain('score');
    // Events and hackathons have a door: when each participant was checked in; quizzes are held online.
    expect(adminParticipantColumns('hackathon').at(-1)).toEqual({ key: 'checkedInAt', label: 'Checked in' });
    expect(adminParticipantColumns('quiz').map((c) => c.key)).not.toContain('checkedInAt');
  });

  it('says there is nothing to copy, or that the copy failed, and writes nothing then', async () => {
    const board = clipboard();
    expect(await copyParticipants(board, columns, [])).toEqual({ ok: false, message: 'No participants to copy' });
    expect(board.written).toEqual([]);
    const refusing = { writeText: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')) };
    expect(await copyParticipants(refusing, columns, [{ name: 'a' }])).toEqual({ ok: false, message: 'Failed to copy data' });
    expect(await copyParticipants(undefined, columns, [{ name: 'a' }])).toEqual({ ok: false, message: 'Failed to copy data' });
  });
});
