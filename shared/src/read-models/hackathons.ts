import type { CoHostRole } from '../events/check-in';
import type { Knex } from 'knex';
import type { Hackathon, HackathonCard } from '../api/hackathons';
import { REVIEW_STATS_TABLE, statsOf } from './hackathon-reviews';
import type { HackathonContent } from '../events/hackathons';
import { displayStatusOf } from '../hackathons/options';
import type { HackathonListQuery } from '../validation/hackathons';
import { prefixQuery, whereListingFilters } from './listing-filters';
import { cardHead, decodeCursor, encodeCursor, publicListPage, whereListingKey, type Cursor } from './listings';

/**
 * The hackathons read model (projection-service/src/hackathons writes it): `hackathons`,
 * `hackathon_saves`, `hackathon_registered_users`. Answers in the `HackathonCard` and `Hackathon`
 * shapes of the API contract, with what the viewer may see.
 */
export interface HackathonRow {
  id: string;
  username: string;
  status: 'pending' | 'accepted' | 'rejected';
  current_participants: number;
  is_featured: boolean;
  created_by: string;
  rejection_reason: string | null;
  content: HackathonContent | string;
  created_at: Date | string;
  updated_at: Date | string;
  /** From hackathon_review_stats (the reviews projection's), joined in; null without reviews. */
  total_reviews?: number | string | null;
  rating_sum?: number | string | null;
}

interface CreatorColumns {
  creator_username: string | null;
  creator_first_name: string | null;
  creator_last_name: string | null;
  creator_profile_picture: string | null;
}

export interface Viewer {
  userId: string | null;
  role: string | null;
  /** Their co-host role on the listing asked about, where the query looked it up (a manager manages it like its organiser). */
  coHost?: CoHostRole | null;
}

const iso = (v: Date | string) => new Date(v).toISOString();
const contentOf = (row: HackathonRow): HackathonContent => (typeof row.content === 'string' ? (JSON.parse(row.content) as HackathonContent) : row.content);
export const isStaff = (viewer: Viewer) => viewer.role === 'admin' || viewer.role === 'moderator';
export const mayManage = (row: Pick<HackathonRow, 'created_by'>, viewer: Viewer) => viewer.userId === row.created_by || isStaff(viewer) || viewer.coHost === 'manager';

export function toHackathonCard(row: HackathonRow, now: Date, viewer: Viewer): HackathonCard {
  const c = contentOf(row);
  const paid = c.pricing.type === 'paid' && c.pricing.amount > 0;
  return {
    ...cardHead({ row, content: c }, now),
    categories: c.categories,
    technologies: c.technologies,
    location: { type: c.location.type || 'online', country: c.location.country, state: c.location.state, city: c.location.city, address: c.location.address },
    dates: c.dates,
    pricing: { type: paid ? 'paid' : 'free', amount: paid ? c.pricing.amount : 0, currency: c.pricing.currency },
    registrationFees: paid ? c.pricing.amount : 0,
    maxParticipants: c.maxParticipants,
    currentParticipants: row.current_participants,
    images: { banner: c.images.banner, logo: c.images.logo },
    organization: c.organization,
    isFeatured: row.is_featured,
    ...statsOf(row.total_reviews, row.rating_sum),
    rejectionReason: mayManage(row, viewer) ? row.rejection_reason : null,
    createdAt: iso(row.created_at),
  };
}

export function toHackathon(row: HackathonRow & CreatorColumns, now: Date, viewer: Viewer, options: { registered: boolean; sponsors?: Hackathon['sponsors'] }): Hackathon {
  const c = contentOf(row);
  const running = displayStatusOf(c.dates, now) === 'In Progress';
  const seesVolunteers = mayManage(row, viewer) || (options.registered && running);
  return {
    ...toHackathonCard(row, now, viewer),
    description: c.description,
    eligibilityCriteria: c.eligibilityCriteria,
    prizes: c.prizes,
    mentors: c.mentors,
    volunteers: seesVolunteers ? c.volunteers : [],
    sponsors: options.sponsors ?? [],
    teamSettings: c.teamSettings,
    requirements: c.requirements,
    images: c.images,
    socialMediaLinks: c.socialMediaLinks,
    faqs: c.faqs,
    takeRegistrations: c.takeRegistrations,
    createdBy: {
      _id: row.created_by,
      username: row.creator_username ?? '',
      firstName: row.creator_first_name ?? '',
      lastName: row.creator_last_name ?? '',
      profilePicture: row.creator_profile_picture,
    },
    organizer: { _id: row.created_by },
    updatedAt: iso(row.updated_at),
  };
}

const CARD_COLUMNS = ['h.id', 'h.username', 'h.status', 'h.current_participants', 'h.is_featured', 'h.created_by', 'h.rejection_reason', 'h.content', 'h.created_at', 'h.updated_at', 'h.start_date', 'rs.total_reviews', 'rs.rating_sum'];
/** The review totals beside a listing (kept by the reviews projection). */
const withStats = (q: Knex.QueryBuilder) => q.leftJoin(`${REVIEW_STATS_TABLE} as rs`, 'rs.hackathon_id', 'h.id');

/** A full listing with its creator, by id or by username (any status: the caller decides who sees it). */
export async function findHackathonRow(knex: Knex, by: { id?: string; username?: string }) {
  const q = withStats(knex('hackathons as h'))
    .leftJoin('users as u', 'u.id', 'h.created_by')
    .select<(HackathonRow & CreatorColumns)[]>(
      'h.*',
      'rs.total_reviews',
      'rs.rating_sum',
      'u.username as creator_username',
      'u.first_name as creator_first_name',
      'u.last_name as creator_last_name',
      'u.profile_picture as creator_profile_picture',
    );
  const [row] = await whereListingKey(q, 'h', by).limit(1);
  return row as (HackathonRow & CreatorColumns) | undefined;
}

export async function isRegistered(knex: Knex, hackathonId: string, userId: string | null): Promise<boolean> {
  if (!userId) return false;
  return Boolean(await knex('hackathon_registered_users').where({ hackathon_id: hackathonId, user_id: userId }).first('user_id'));
}

export { prefixQuery };

export { decodeCursor, encodeCursor, type Cursor };

/** A suspended organiser's listings are hidden from everyone but staff and themselves. */
export async function organiserIsActive(knex: Knex, userId: string): Promise<boolean> {
  const row = await knex('users').where({ id: userId }).first<{ is_active: boolean } | undefined>('is_active');
  return row?.is_active ?? true;
}

/** Leaves out the listings of suspended organisers: they stay stored, hidden until reinstatement. `alias`: the listing table's in the query. */
export function byActiveOrganiser(q: Knex.QueryBuilder, alias = 'h'): void {
  q.whereNotExists(function suspended(this: Knex.QueryBuilder) {
    this.select(1).from('users as organiser').whereRaw('organiser.id = ??', [`${alias}.created_by`]).where('organiser.is_active', false);
  });
}

/** The public list: accepted listings matching every filter, latest start first, one page after the cursor. */
export async function listHackathons(knex: Knex, query: HackathonListQuery, now: Date, viewer: Viewer, cursor: Cursor | null) {
  const base = knex('hackathons as h').where('h.status', 'accepted').modify(byActiveOrganiser);
  if (query.category) base.whereRaw('h.categories @> ?::text[]', [[query.category]]);
  if (query.theme) base.whereRaw('h.themes @> ?::text[]', [[query.theme.toLowerCase()]]);
  if (query.registrationFees) base.where('h.pricing_type', query.registrationFees);
  whereListingFilters(base, 'h', query, now);

  const page = await publicListPage<HackathonRow>(base, 'h', (q) => withStats(q).select(CARD_COLUMNS), query.limit, cursor);
  return { cards: page.rows.map((r) => toHackathonCard(r, now, viewer)), nextCursor: page.nextCursor, total: page.total };
}

/** Cards of a list the viewer owns (their own listings, registrations, saves), newest first. */
export async function listHackathonCards(knex: Knex, filter: { createdBy?: string; registeredBy?: string; savedBy?: string; featured?: boolean; limit?: number }, now: Date, viewer: Viewer): Promise<HackathonCard[]> {
  const q = withStats(knex('hackathons as h')).select(CARD_COLUMNS);
  if (filter.createdBy) q.where('h.created_by', filter.createdBy).orderBy('h.created_at', 'desc');
  if (filter.registeredBy) {
    q.join('hackathon_registered_users as r', 'r.hackathon_id', 'h.id').where('r.user_id', filter.registeredBy).where('h.status', 'accepted').orderBy('r.registered_at', 'desc');
  }
  if (filter.savedBy) q.join('hackathon_saves as s', 's.hackathon_id', 'h.id').where('s.user_id', filter.savedBy).where('h.status', 'accepted').orderBy('s.saved_at', 'desc');
  if (filter.featured) q.where('h.status', 'accepted').where('h.is_featured', true).orderBy('h.start_date', 'desc');
  if (!filter.createdBy) q.modify(byActiveOrganiser);
  if (filter.limit) q.limit(filter.limit);
  const rows = (await q) as HackathonRow[];
  return rows.map((r) => toHackathonCard(r, now, viewer));
}
