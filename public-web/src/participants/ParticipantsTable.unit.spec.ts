import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PARTICIPANT_CSV_COLUMNS, participantCsvRow, type EventParticipant } from '@circuit/shared/api/events';
import { toCsv } from '@circuit/shared/csv/csv';
import { ParticipantsTable } from './ParticipantsTable';

const ana: EventParticipant = {
  _id: 'r1',
  user: { _id: 'u1', name: 'Ana Rao', username: 'ana', email: 'ana@example.com', mobile: '9876543210', college: 'NIT', course: 'B.Tech', branch: 'CSE', collegeYear: '3rd Year', country: 'India', state: 'Goa', address: '', skills: ['Go', 'SQL'], profilePicture: null },
  registrationDate: '2026-11-25T04:30:00.000Z',
  paymentStatus: 'completed',
  checkedInAt: null,
};

describe('participants table', () => {
  it('shows each kind its own columns, one row per registration', () => {
    const html = renderToStaticMarkup(
      createElement(ParticipantsTable<EventParticipant>, {
        rows: [ana, { ...ana, _id: 'r2', user: { ...ana.user, name: 'Ben Das' } }],
        columns: [
          { header: 'Participant', cell: (p) => p.user.name },
          { header: 'Location', cell: (p) => `${p.user.state}, ${p.user.country}` },
        ],
      }),
    );
    expect(html.match(/<th /g)).toHaveLength(2);
    expect(html.match(/<tr class="align-top">/g)).toHaveLength(2);
    expect(html).toContain('Ben Das');
    expect(html).toContain('Goa, India');
    expect(html).toContain('aria-label="Participants table"');
  });

  it('exports the event participants with the shared leading columns, then address, skills, date, payment and when they were checked in', () => {
    const checkedIn = { ...ana, _id: 'r2', user: { ...ana.user, name: '=cmd|calc' }, checkedInAt: '2026-11-27T04:32:00.000Z' };
    const [head, row, second] = toCsv([...PARTICIPANT_CSV_COLUMNS], [participantCsvRow(ana), participantCsvRow(checkedIn)]).split('\r\n');
    expect(head?.replaceAll('"', '')).toBe('Name,Username,Email,Mobile,College,Course,Branch,Year,Country,State,Address,Skills,Registration Date,Payment Status,Checked in');
    expect(row).toContain('"Ana Rao","ana","ana@example.com","9876543210","NIT","B.Tech","CSE","3rd Year","India","Goa","","Go, SQL"');
    // Not checked in: an empty cell; checked in: the time. Formulas stay neutralised.
    expect(row?.endsWith('"completed",""')).toBe(true);
    expect(second?.endsWith('"completed","2026-11-27T04:32:00.000Z"')).toBe(true);
    expect(second).toContain(`"'=cmd|calc"`);
  });

  it('shows when each participant was checked in, and says so to a screen reader when not', async () => {
    const { checkedInColumn } = await import('./checkedInColumn');
    const html = renderToStaticMarkup(
      createElement(ParticipantsTable<EventParticipant>, { rows: [ana, { ...ana, _id: 'r2', checkedInAt: '2026-11-27T04:32:00.000Z' }], columns: [checkedInColumn<EventParticipant>((p) => p.checkedInAt)] }),
    );
    expect(html).toContain('Checked in');
    expect(html).toContain('Not checked in');
    expect(html).toContain('2026');
  });
});
