import type { Knex } from 'knex';
import type { CoHostedListing } from '@circuit/shared/api/check-in';
import type { CheckInKind, CoHostRole } from '@circuit/shared/events/check-in';
import { CO_HOSTS_TABLE, HOSTED_TABLES, hasDoor, listingPathOf } from '@circuit/shared/read-models/check-in';

interface CoHostedRow {
  kind: CheckInKind;
  id: string;
  title: string;
  username: string | null;
  location_type: string | null;
  start_date: Date | string;
  role: CoHostRole;
}

/**
 * The listings a user co-hosts, soonest first: how a co-host finds their way to the door without
 * being sent its address. Joined with the listing tables, so a deleted listing (its row gone) drops out.
 */
export async function coHostedListingsOf(knex: Knex, userId: string): Promise<CoHostedListing[]> {
  const kind = (k: CheckInKind) =>
    knex(`${CO_HOSTS_TABLE} as h`)
      .join(`${HOSTED_TABLES[k]} as l`, 'l.id', 'h.listing_id')
      .where({ 'h.kind': k, 'h.user_id': userId })
      .select('h.kind', 'l.id', 'l.title', 'l.start_date', 'h.role')
      // Quizzes have neither a username nor a place: they are held online.
      .select(k === 'quiz' ? [knex.raw('null::text as username'), knex.raw(`'online' as location_type`)] : ['l.username', 'l.location_type']);
  const parts = (['event', 'hackathon', 'quiz'] as const).map((k) => `(${kind(k).toQuery()})`).join(' union all ');
  const rows = (await knex.select('*').from(knex.raw(`(${parts}) as x`)).orderBy([{ column: 'start_date' }, { column: 'id' }])) as CoHostedRow[];
  return rows.map((r) => ({
    kind: r.kind,
    id: r.id,
    title: r.title,
    username: r.username,
    path: listingPathOf(r.kind, r),
    startsAt: new Date(r.start_date).toISOString(),
    role: r.role,
    hasDoor: hasDoor(r.kind, r),
  }));
}
