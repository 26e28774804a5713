import type { Knex } from 'knex';
import type { CheckInKind } from '@circuit/shared/events/check-in';
import type { TicketView } from '@circuit/shared/api/check-in';
import { CHECK_INS_TABLE, listingPathOf } from '@circuit/shared/read-models/check-in';
import type { TicketKeys } from '@circuit/shared/tickets/ticket-keys';
import { ticketIdOf } from '@circuit/shared/tickets/ticket-id';

interface TicketRow {
  kind: CheckInKind;
  id: string;
  title: string;
  username: string;
  start_date: Date | string;
  end_date: Date | string | null;
  location_type: string;
  content: { location?: { address?: string; city?: string; state?: string; country?: string } } | string;
  user_id: string;
  name: string | null;
  user_username: string | null;
  checked_in_at: Date | string | null;
}

const NAME = `trim(coalesce(nullif(p.profile->>'firstName', ''), u.first_name, '') || ' ' || coalesce(nullif(p.profile->>'lastName', ''), u.last_name, ''))`;
const iso = (v: Date | string) => new Date(v).toISOString();

/** Where to go: the address parts the organiser gave; null for an online listing. */
export function venueOf(locationType: string, content: TicketRow['content']): string | null {
  if (locationType === 'online') return null;
  const location = (typeof content === 'string' ? (JSON.parse(content) as Exclude<TicketRow['content'], string>) : content).location ?? {};
  return [location.address, location.city, location.state, location.country].filter((part) => part?.trim()).join(', ') || null;
}

/**
 * The user's tickets (docs/day-of.md): every event where their place is confirmed (paid, or free),
 * and every offline or hybrid hackathon where their team's registration is complete. Read from the
 * read models and signed here: the same attendee of the same listing always gets the same token.
 */
export async function ticketsOf(knex: Knex, keys: TicketKeys, userId: string): Promise<TicketView[]> {
  const checkedIn = (kind: CheckInKind, listing: string) =>
    knex.raw(`(select c.checked_in_at from ${CHECK_INS_TABLE} c where c.kind = '${kind}' and c.listing_id = ${listing} and c.user_id = p.user_id) as checked_in_at`);
  const events = knex('event_attendees as p')
    .join('events as l', 'l.id', 'p.event_id')
    .leftJoin('users as u', 'u.id', 'p.user_id')
    .where({ 'p.user_id': userId, 'p.payment_status': 'completed', 'l.status': 'accepted' })
    .select(knex.raw(`'event' as kind`), 'l.id', 'l.title', 'l.username', 'l.start_date', 'l.end_date', 'l.location_type', 'l.content', 'p.user_id', knex.raw(`${NAME} as name`), 'u.username as user_username', checkedIn('event', 'l.id'));
  const hackathons = knex('hackathon_team_members as m')
    .join('hackathon_teams as t', function () {
      this.on('t.id', 'm.team_id').andOnVal('t.status', 'complete');
    })
    .join('hackathon_participants as p', function () {
      this.on('p.hackathon_id', 'm.hackathon_id').andOn('p.user_id', 'm.user_id');
    })
    .join('hackathons as l', 'l.id', 'm.hackathon_id')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .where({ 'm.user_id': userId, 'l.status': 'accepted' })
    .whereIn('l.location_type', ['offline', 'hybrid'])
    .select(knex.raw(`'hackathon' as kind`), 'l.id', 'l.title', 'l.username', 'l.start_date', 'l.end_date', 'l.location_type', 'l.content', 'p.user_id', knex.raw(`${NAME} as name`), 'u.username as user_username', checkedIn('hackathon', 'l.id'));
  const rows = (await knex.select('*').from(knex.raw(`((${events.toQuery()}) union all (${hackathons.toQuery()})) as x`)).orderBy([{ column: 'start_date' }, { column: 'id' }])) as TicketRow[];
  return rows.map((r) => {
    const attendeeName = (r.name || r.user_username || '').slice(0, 120);
    const ticketId = ticketIdOf(r.kind, r.id, r.user_id);
    return {
      ticketId,
      kind: r.kind,
      listingId: r.id,
      listingTitle: r.title,
      listingPath: listingPathOf(r.kind, r),
      startsAt: iso(r.start_date),
      endsAt: r.end_date ? iso(r.end_date) : null,
      venue: venueOf(r.location_type, r.content),
      attendeeName,
      token: keys.sign({ t: ticketId, k: r.kind, l: r.id, u: r.user_id, n: attendeeName }),
      checkedInAt: r.checked_in_at ? iso(r.checked_in_at) : null,
    };
  });
}
