import type { Knex } from 'knex';
import type { CheckInAttendee, CheckInCounts, CheckInRole, CoHostView } from '../api/check-in';
import type { CheckInKind, CoHostRole } from '../events/check-in';
import { ticketIdOf } from '../tickets/ticket-id';

/**
 * The co-hosts and check-in read model (projection-service/src/check-in writes it):
 * `listing_co_hosts` and `listing_check_ins`, read with the listings and rosters they concern.
 * Who holds a ticket is read from the rosters' own tables: an event attendee whose place is paid or
 * free, each member of a complete team of an offline or hybrid hackathon.
 */
export const CO_HOSTS_TABLE = 'listing_co_hosts';
export const CHECK_INS_TABLE = 'listing_check_ins';

/** The listing tables of the kinds that have co-hosts. */
export const HOSTED_TABLES: Record<CheckInKind, string> = { event: 'events', hackathon: 'hackathons', quiz: 'quizzes' };

export interface DoorListingRow {
  id: string;
  username: string | null;
  title: string;
  created_by: string;
  location_type: string | null;
  start_date: Date | string;
  end_date: Date | string | null;
  content: Record<string, unknown> | string;
}

/** The listing of a door (any status); undefined when there is none. */
export async function findDoorListing(knex: Knex, kind: CheckInKind, listingId: string): Promise<DoorListingRow | undefined> {
  if (kind === 'quiz') {
    const row = await knex('quizzes').where({ id: listingId }).first('id', 'created_by', 'content');
    return row && { ...row, username: null, title: '', location_type: 'online', start_date: new Date(0), end_date: null };
  }
  return knex(HOSTED_TABLES[kind]).where({ id: listingId }).first('id', 'username', 'title', 'created_by', 'location_type', 'start_date', 'end_date', 'content');
}

const PATHS: Record<CheckInKind, string> = { event: '/events', hackathon: '/hackathons', quiz: '/quizzes' };

/** A listing's public page: by username where the kind has one, else by id. */
export const listingPathOf = (kind: CheckInKind, row: { id: string; username: string | null }) => `${PATHS[kind]}/${row.username ?? row.id}`;

/** Whether people are checked in at the listing's door: events, offline and hybrid hackathons (quizzes are held online). */
export const hasDoor = (kind: CheckInKind, row: Pick<DoorListingRow, 'location_type'>) => kind === 'event' || (kind === 'hackathon' && (row.location_type === 'offline' || row.location_type === 'hybrid'));

export async function coHostRoleOf(knex: Knex, kind: CheckInKind, listingId: string, userId: string): Promise<CoHostRole | null> {
  const row: { role: CoHostRole } | undefined = await knex(CO_HOSTS_TABLE).where({ kind, listing_id: listingId, user_id: userId }).first('role');
  return row?.role ?? null;
}

/** How the user stands at a listing: its organiser, an admin, a co-host's role, or nobody (null). */
export async function hostRoleOf(knex: Knex, kind: CheckInKind, listing: Pick<DoorListingRow, 'id' | 'created_by'>, userId: string | null): Promise<CheckInRole | null> {
  if (!userId) return null;
  if (listing.created_by === userId) return 'organiser';
  const user: { role: string; is_active: boolean } | undefined = await knex('users').where({ id: userId }).first('role', 'is_active');
  if (user?.role === 'admin' && user.is_active) return 'admin';
  return coHostRoleOf(knex, kind, listing.id, userId);
}

/** Whether a role runs the listing with its organiser (the co-hosts list, certificates): a check-in co-host does not. */
export const managesListing = (role: CheckInRole | null): boolean => role === 'organiser' || role === 'admin' || role === 'manager';

/** Whether the user may see the listing's door (the check-in board, its live counts): anyone it has a role for. */
export async function mayCheckIn(knex: Knex, kind: CheckInKind, listingId: string, userId: string): Promise<boolean> {
  const listing = await findDoorListing(knex, kind, listingId);
  return Boolean(listing && hasDoor(kind, listing) && (await hostRoleOf(knex, kind, listing, userId)));
}

export async function listCoHosts(knex: Knex, kind: CheckInKind, listingId: string): Promise<CoHostView[]> {
  const rows: { user_id: string; role: CoHostRole; username: string | null; first_name: string | null; last_name: string | null }[] = await knex(`${CO_HOSTS_TABLE} as h`)
    .leftJoin('users as u', 'u.id', 'h.user_id')
    .where({ 'h.kind': kind, 'h.listing_id': listingId })
    .orderBy([{ column: 'h.added_at' }, { column: 'h.user_id' }])
    .select('h.user_id', 'h.role', 'u.username', 'u.first_name', 'u.last_name');
  return rows.map((r) => ({ userId: r.user_id, username: r.username ?? '', name: `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim() || (r.username ?? ''), role: r.role }));
}

/** The name a registration gave, else the profile's. */
const NAME = `trim(coalesce(nullif(p.profile->>'firstName', ''), u.first_name, '') || ' ' || coalesce(nullif(p.profile->>'lastName', ''), u.last_name, ''))`;

/** Who holds a ticket of the listing: user, name, username, e-mail and (hackathons) team. */
function holders(knex: Knex, kind: CheckInKind, listingId: string) {
  if (kind === 'event') {
    return knex('event_attendees as p')
      .leftJoin('users as u', 'u.id', 'p.user_id')
      .where({ 'p.event_id': listingId, 'p.payment_status': 'completed' })
      .select('p.user_id', knex.raw(`${NAME} as name`), 'u.username', 'u.email', knex.raw('null::text as team_name'), 'p.registered_at');
  }
  return knex('hackathon_team_members as m')
    .join('hackathon_teams as t', function () {
      this.on('t.id', 'm.team_id').andOnVal('t.status', 'complete');
    })
    .join('hackathon_participants as p', function () {
      this.on('p.hackathon_id', 'm.hackathon_id').andOn('p.user_id', 'm.user_id');
    })
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .where('m.hackathon_id', listingId)
    .select('m.user_id', knex.raw(`${NAME} as name`), 'u.username', 'u.email', 't.name as team_name', 'p.registered_at');
}

/** Everyone with a ticket, with their check-in: the board's list, in the order they registered. */
export async function doorAttendees(knex: Knex, kind: CheckInKind, listingId: string): Promise<CheckInAttendee[]> {
  const rows: { user_id: string; name: string | null; username: string | null; email: string | null; team_name: string | null; checked_in_at: Date | string | null; checked_in_by: string | null }[] = await knex
    .with('h', holders(knex, kind, listingId))
    .from('h')
    .leftJoin(`${CHECK_INS_TABLE} as c`, function () {
      this.on('c.user_id', 'h.user_id').andOnVal('c.kind', kind).andOnVal('c.listing_id', listingId);
    })
    .leftJoin('users as b', 'b.id', 'c.checked_in_by')
    .orderBy([{ column: 'h.registered_at' }, { column: 'h.user_id' }])
    .select('h.user_id', 'h.name', 'h.username', 'h.email', 'h.team_name', 'c.checked_in_at', 'b.username as checked_in_by');
  return rows.map((r) => ({
    userId: r.user_id,
    name: r.name || r.username || '',
    username: r.username ?? '',
    email: r.email ?? '',
    ticketId: ticketIdOf(kind, listingId, r.user_id),
    teamName: r.team_name,
    checkedInAt: r.checked_in_at ? new Date(r.checked_in_at).toISOString() : null,
    checkedInBy: r.checked_in_at ? (r.checked_in_by ?? '') : null,
  }));
}

export const countsOfAttendees = (attendees: readonly Pick<CheckInAttendee, 'checkedInAt'>[]): CheckInCounts => ({ registered: attendees.length, checkedIn: attendees.filter((a) => a.checkedInAt).length });

/** A listing's counts, as the read models have them (a socket that starts watching gets them at once). */
export const doorCounts = async (knex: Knex, kind: CheckInKind, listingId: string): Promise<CheckInCounts> => countsOfAttendees(await doorAttendees(knex, kind, listingId));

/** When each attendee of a listing was checked in (for the participants' "Checked in" column). */
export function checkedInAtColumn(knex: Knex, kind: CheckInKind, listingColumn: string, userColumn: string) {
  return knex.raw(`(select c.checked_in_at from ${CHECK_INS_TABLE} c where c.kind = ? and c.listing_id = ${listingColumn} and c.user_id = ${userColumn}) as checked_in_at`, [kind]);
}
