import type { Knex } from 'knex';

/** Search words as a prefix query: "mons build" finds "Monsoon Build Sprint". */
export function prefixQuery(search: string): string | null {
  const words = search
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}

const DAY = 86_400_000;
function startOfUtcDay(now: Date, plusDays = 0): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + plusDays * DAY);
}

export type DateRange = 'today' | 'tomorrow' | 'this_week' | 'this_month' | 'next_month' | 'expired';

/** The dateRange filter on the start date (expired: the listing has ended), in UTC days. */
export function dateRangeOf(range: DateRange, now: Date): { from?: Date; to?: Date; ended?: boolean } {
  const today = startOfUtcDay(now);
  switch (range) {
    case 'today':
      return { from: today, to: startOfUtcDay(now, 1) };
    case 'tomorrow':
      return { from: startOfUtcDay(now, 1), to: startOfUtcDay(now, 2) };
    case 'this_week': {
      const weekday = (today.getUTCDay() + 6) % 7;
      return { from: today, to: startOfUtcDay(now, 7 - weekday) };
    }
    case 'this_month':
      return { from: today, to: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)) };
    case 'next_month':
      return { from: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)), to: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1)) };
    case 'expired':
      return { ended: true };
  }
}

/** The filters the event and hackathon lists share (spec 2 section 9), over a table with search, location, organiser, place and date columns. */
export interface ListingFilterQuery {
  search?: string;
  location?: string;
  organization?: string;
  state?: string;
  country?: string;
  status?: string;
  dateRange?: DateRange;
}

/** Narrows `base` (the listing table as `alias`) by the shared filters; each kind adds its own (category, type, theme, fee). */
export function whereListingFilters(base: Knex.QueryBuilder, alias: string, query: ListingFilterQuery, now: Date): void {
  const col = (name: string) => `${alias}.${name}`;
  if (query.search) {
    const tsquery = prefixQuery(query.search);
    if (tsquery) base.whereRaw(`${col('search')} @@ to_tsquery('simple', ?)`, [tsquery]);
  }
  if (query.location) base.where(col('location_type'), query.location);
  if (query.organization) base.whereILike(col('organization_name'), `%${query.organization.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (query.state) base.whereRaw(`lower(${col('state')}) = ?`, [query.state.toLowerCase()]);
  if (query.country === 'India') base.where(col('country'), 'India');
  if (query.country === 'International') base.whereNot(col('country'), 'India');
  const at = now.toISOString();
  if (query.status === 'registration_open') base.where(col('registration_deadline'), '>', at);
  if (query.status === 'upcoming') base.where(col('start_date'), '>', at);
  if (query.status === 'ongoing') base.where(col('start_date'), '<=', at).andWhere(col('end_date'), '>', at);
  if (query.status === 'completed') base.where(col('end_date'), '<=', at);
  if (query.dateRange) {
    const range = dateRangeOf(query.dateRange, now);
    if (range.ended) base.where(col('end_date'), '<=', at);
    if (range.from) base.where(col('start_date'), '>=', range.from.toISOString());
    if (range.to) base.where(col('start_date'), '<', range.to.toISOString());
  }
}
