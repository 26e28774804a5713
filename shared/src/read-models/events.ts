import type { Knex } from 'knex';
import type { Event, EventCard, EventParticipant, EventRegistrationStatus } from '../api/events';
import type { EventContent } from '../events/event-listings';
import type { EventListQuery } from '../validation/events';
import type { Viewer } from './hackathons';
import { whereListingFilters } from './listing-filters';
import { cardHead, decodeCursor, publicListPage, whereListingKey, type Cursor } from './listings';
import { checkedInAtColumn } from './check-in';

/**
 * The events read model (projection-service/src/events writes it): `events`, `event_saves`,
 * `event_attendees`, `event_waitlist`, `event_offers`, `calendar_feed_tokens`. Answers in the
 * `EventCard` and `Event` shapes of the API contract, with what the viewer may see.
 */
export interface EventRow {
  id: string;
  username: string;
  status: 'pending' | 'accepted' | 'rejected';
  current_attendees: number;
  waitlist_count: number;
  /** Freed places held for the first in line (counted in the read, from event_offers). */
  places_on_offer?: number | string;
  is_featured: boolean;
  created_by: string;
  rejection_reason: string | null;
  content: EventContent | string;
  start_date?: Date | string;
  created_at: Date | string;
  updated_at: Date | string;
}

interface CreatorColumns {
  creator_username: string | null;
  creator_first_name: string | null;
  creator_last_name: string | null;
}

export { decodeCursor, type Cursor, type Viewer };

const iso = (v: Date | string) => new Date(v).toISOString();
const contentOf = (row: EventRow): EventContent => (typeof row.content === 'string' ? (JSON.parse(row.content) as EventContent) : row.content);
const isStaff = (viewer: Viewer) => viewer.role === 'admin' || viewer.role === 'moderator';
export const mayManageEvent = (row: Pick<EventRow, 'created_by'>, viewer: Viewer) => viewer.userId === row.created_by || isStaff(viewer) || viewer.coHost === 'manager';

export function toEventCard(row: EventRow, now: Date, viewer: Viewer): EventCard {
  const c = contentOf(row);
  return {
    ...cardHead({ row, content: c }, now),
    eventType: c.eventType,
    category: c.category,
    location: c.location,
    dates: c.dates,
    pricing: { type: c.pricing.type, amount: c.pricing.amount, currency: c.pricing.currency },
    maxAttendees: c.maxAttendees,
    currentAttendees: Number(row.current_attendees),
    waitlistCount: Number(row.waitlist_count),
    placesOnOffer: Number(row.places_on_offer ?? 0),
    images: { banner: c.images.banner, logo: c.images.logo },
    organization: c.organization,
    tags: c.tags,
    isFeatured: row.is_featured,
    rejectionReason: mayManageEvent(row, viewer) ? row.rejection_reason : null,
    createdAt: iso(row.created_at),
  };
}

export function toEvent(row: EventRow & CreatorColumns, now: Date, viewer: Viewer): Event {
  const c = contentOf(row);
  return {
    ...toEventCard(row, now, viewer),
    description: c.description,
    requirements: c.requirements,
    images: c.images,
    pricing: c.pricing,
    socialMediaLinks: c.socialMediaLinks,
    faqs: c.faqs.map((f, i) => ({ id: f.id ?? `faq-${i + 1}`, question: f.question, answer: f.answer })),
    takeRegistrations: c.takeRegistrations,
    createdBy: { _id: row.created_by, username: row.creator_username ?? '', firstName: row.creator_first_name ?? '', lastName: row.creator_last_name ?? '' },
    updatedAt: iso(row.updated_at),
  };
}

/**
 * An offer holds its place until it is confirmed, declined or lapses (the roster decider counts it
 * as taken), so the cards count it too; counted here rather than kept on `events` because an
 * offer ends without touching the event's row.
 */
const placesOnOffer = (knex: Knex) => knex.raw('(select count(*) from event_offers o where o.event_id = e.id) as places_on_offer');
const cardColumns = (knex: Knex) => ['e.id', 'e.username', 'e.status', 'e.current_attendees', 'e.waitlist_count', 'e.is_featured', 'e.created_by', 'e.rejection_reason', 'e.content', 'e.created_at', 'e.updated_at', 'e.start_date', placesOnOffer(knex)];

/** A full event with its creator, by id or by username (any status: the caller decides who sees it). */
export async function findEventRow(knex: Knex, by: { id?: string; username?: string }) {
  const q = knex('events as e')
    .leftJoin('users as u', 'u.id', 'e.created_by')
    .select<(EventRow & CreatorColumns)[]>('e.*', 'u.username as creator_username', 'u.first_name as creator_first_name', 'u.last_name as creator_last_name', placesOnOffer(knex));
  const [row] = await whereListingKey(q, 'e', by).limit(1);
  return row as (EventRow & CreatorColumns) | undefined;
}

/** The public list: accepted events matching every filter, latest start first, one page after the cursor (all in SQL). */
export async function listEvents(knex: Knex, query: EventListQuery, now: Date, viewer: Viewer, cursor: Cursor | null) {
  const base = knex('events as e').where('e.status', 'accepted');
  if (query.category) base.where('e.category', query.category);
  if (query.eventType) base.where('e.event_type', query.eventType);
  whereListingFilters(base, 'e', query, now);
  const page = await publicListPage<EventRow>(base, 'e', (q) => q.select(cardColumns(knex)), query.limit, cursor);
  return { cards: page.rows.map((r) => toEventCard(r, now, viewer)), nextCursor: page.nextCursor, total: page.total };
}

/** Cards of a list the viewer owns (their own events, registrations, saves) or the featured row. */
export async function listEventCards(knex: Knex, filter: { createdBy?: string; registeredBy?: string; savedBy?: string; featured?: boolean; limit?: number }, now: Date, viewer: Viewer): Promise<EventCard[]> {
  const q = knex('events as e').select(cardColumns(knex));
  if (filter.createdBy) q.where('e.created_by', filter.createdBy).orderBy('e.created_at', 'desc');
  if (filter.registeredBy) q.join('event_attendees as a', 'a.event_id', 'e.id').where('a.user_id', filter.registeredBy).where('e.status', 'accepted').orderBy('e.start_date', 'asc');
  if (filter.savedBy) q.join('event_saves as s', 's.event_id', 'e.id').where('s.user_id', filter.savedBy).where('e.status', 'accepted').orderBy('s.saved_at', 'desc');
  if (filter.featured) q.where('e.status', 'accepted').where('e.is_featured', true).orderBy('e.start_date', 'desc');
  if (filter.limit) q.limit(filter.limit);
  return ((await q) as EventRow[]).map((r) => toEventCard(r, now, viewer));
}

/** The signed-in user's place at an event: registered (and paid or not), waiting at a position, or offered a place. */
export async function findEventRegistrationStatus(knex: Knex, eventId: string, userId: string): Promise<EventRegistrationStatus> {
  const [attendee, waiting, offer] = await Promise.all([
    knex('event_attendees').where({ event_id: eventId, user_id: userId }).first<{ payment_status: 'completed' | 'pending'; hold_until: Date | string | null } | undefined>('payment_status', 'hold_until'),
    knex('event_waitlist').where({ event_id: eventId, user_id: userId }).first<{ seq: string | number } | undefined>('seq'),
    knex('event_offers').where({ event_id: eventId, user_id: userId }).first<{ expires_at: Date | string } | undefined>('expires_at'),
  ]);
  let waitlist: EventRegistrationStatus['waitlist'] = null;
  if (waiting) {
    const [ahead, total] = await Promise.all([
      knex('event_waitlist').where({ event_id: eventId }).where('seq', '<', waiting.seq).count<{ n: string | number }[]>('* as n'),
      knex('event_waitlist').where({ event_id: eventId }).count<{ n: string | number }[]>('* as n'),
    ]);
    waitlist = { position: Number(ahead[0]?.n ?? 0) + 1, total: Number(total[0]?.n ?? 0) };
  }
  return {
    registered: Boolean(attendee),
    paymentStatus: attendee?.payment_status ?? null,
    requiresPayment: attendee?.payment_status === 'pending',
    holdUntil: attendee?.hold_until ? iso(attendee.hold_until) : null,
    waitlist,
    offer: offer ? { expiresAt: iso(offer.expires_at) } : null,
  };
}

/** Everyone registered for an event, with their profile, oldest registration first. */
export async function listEventParticipants(knex: Knex, eventId: string): Promise<EventParticipant[]> {
  const rows: {
    user_id: string;
    payment_status: 'completed' | 'pending';
    registered_at: Date | string;
    profile: Record<string, string> | string;
    username: string | null;
    email: string | null;
    first_name: string | null;
    last_name: string | null;
    mobile: string | null;
    college: string | null;
    course: string | null;
    branch: string | null;
    college_year: string | null;
    country: string | null;
    state: string | null;
    address: string | null;
    skills: string[] | null;
    profile_picture: string | null;
    checked_in_at: Date | string | null;
  }[] = await knex('event_attendees as a')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .where('a.event_id', eventId)
    .orderBy([{ column: 'a.registered_at' }, { column: 'a.user_id' }])
    .select('a.user_id', 'a.payment_status', 'a.registered_at', 'a.profile', 'u.username', 'u.email', 'u.first_name', 'u.last_name', 'u.mobile', 'u.college', 'u.course', 'u.branch', 'u.college_year', 'u.country', 'u.state', 'u.address', 'u.skills', 'u.profile_picture', checkedInAtColumn(knex, 'event', 'a.event_id', 'a.user_id'));
  return rows.map((r) => {
    // What the user entered in the registration modal wins over the profile as it is now.
    const p = typeof r.profile === 'string' ? (JSON.parse(r.profile) as Record<string, string>) : r.profile;
    const pick = (key: string, fallback: string | null) => p[key] || fallback || '';
    return {
      _id: r.user_id,
      user: {
        _id: r.user_id,
        name: `${pick('firstName', r.first_name)} ${pick('lastName', r.last_name)}`.trim(),
        username: r.username ?? '',
        email: r.email ?? '',
        mobile: pick('mobile', r.mobile),
        college: pick('college', r.college),
        course: pick('course', r.course),
        branch: pick('branch', r.branch),
        collegeYear: pick('collegeYear', r.college_year),
        country: pick('country', r.country),
        state: pick('state', r.state),
        address: r.address ?? '',
        skills: r.skills ?? [],
        profilePicture: r.profile_picture,
      },
      registrationDate: iso(r.registered_at),
      paymentStatus: r.payment_status,
      checkedInAt: r.checked_in_at ? iso(r.checked_in_at) : null,
    };
  });
}

/** Events the user is registered for, with what a calendar entry needs. */
export async function registeredEventsForCalendar(knex: Knex, userId: string): Promise<{ id: string; username: string; content: EventContent }[]> {
  const rows: { id: string; username: string; content: EventContent | string }[] = await knex('events as e')
    .join('event_attendees as a', 'a.event_id', 'e.id')
    .where('a.user_id', userId)
    .where('e.status', 'accepted')
    .select('e.id', 'e.username', 'e.content');
  return rows.map((r) => ({ id: r.id, username: r.username, content: typeof r.content === 'string' ? (JSON.parse(r.content) as EventContent) : r.content }));
}
