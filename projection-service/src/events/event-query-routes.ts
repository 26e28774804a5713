import { Router, type Request } from 'express';
import type { Knex } from 'knex';
import { requireUserId } from '@circuit/shared/http/auth';
import { ok } from '@circuit/shared/http/envelope';
import { forbidden, notFound } from '@circuit/shared/commands/domain-errors';
import { EVENT_LIMITS } from '@circuit/shared/event-listings/options';
import type { EventContent } from '@circuit/shared/events/event-listings';
import { maySeeParticipants, participantsForbidden } from '@circuit/shared/read-models/participant-access';
import type { ReadCache } from '@circuit/shared/projections/read-cache';
import { PARTICIPANT_CSV_COLUMNS, participantCsvRow } from '@circuit/shared/api/events';
import { toCsv } from '@circuit/shared/csv/csv';
import { findEventRegistrationStatus, findEventRow, listEventCards, listEventParticipants, listEvents, mayManageEvent, toEvent } from '@circuit/shared/read-models/events';
import { EventListQuerySchema, EventMessages as M, eventUsernameViolation } from '@circuit/shared/validation/events';
import { ANONYMOUS, contentOf, existingListing, hostViewerOf, listingKeyOf, listingUsernameOf, viewerOf, visibleListing, type ListingKey } from '../listings/listing-access';
import { detailRoute, listingDatesChange, featuredQuerySchema, featuredRoute, ownListRoutes, publicListRoute, usernameCheckRoute } from '../listings/listing-query-routes';
import { eventEntry, personalEntries, toIcs } from './calendar';

export const EventFeaturedQuerySchema = featuredQuerySchema(EVENT_LIMITS.featured);
export const PARTICIPANTS_FORBIDDEN = participantsForbidden('event');
const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

const originOf = (req: Request) => `${req.protocol}://${req.get('host') ?? 'localhost'}`;
/** A file name a browser keeps as is: letters, digits, spaces, dots, dashes and underscores. */
export const safeFileName = (title: string) => title.replace(/[^\p{L}\p{N} ._-]+/gu, '').trim().slice(0, 80) || 'event';

/** Who sees an event: everyone once it is accepted; its creator, admins and moderators always. */
export const eventVisibility = (knex: Knex) => ({
  find: (key: ListingKey) => findEventRow(knex, key),
  isPublic: (row: { status: string }) => row.status === 'accepted',
  mayManage: mayManageEvent,
  messages: M,
  coHostKind: 'event' as const,
});

/** The event queries of spec 2 section 7, the participants (spec 3) and the calendars (read models only). Fixed paths come before /{id}. */
export function eventQueryRoutes(knex: Knex, cache: ReadCache, now: () => Date = () => new Date()): Router {
  const router = Router();
  const answers = { cache, key: 'events', projections: ['events'], now };
  const visibility = eventVisibility(knex);
  /** The event of the path (its id or its username). */
  const keyOf = (req: Request) => listingKeyOf(String(req.params.id ?? ''), eventUsernameViolation);

  // Accepted events read the same to every viewer: one cached answer serves all.
  publicListRoute(router, '/api/events', answers, { parse: (raw) => EventListQuerySchema.parse(raw), page: (query, at, cursor) => listEvents(knex, query, at, ANONYMOUS, cursor) });
  featuredRoute(router, '/api/events/featured', answers, {
    featured: (limit, at) => listEventCards(knex, { featured: true, limit }, at, ANONYMOUS),
    open: async (at) => (await listEvents(knex, EventListQuerySchema.parse({ status: 'registration_open', limit: 50 }), at, ANONYMOUS, null)).cards,
    soonest: (card) => card.dates.startDate,
    limit: EventFeaturedQuerySchema,
  });
  ownListRoutes(router, 'events', async (filter, req) => listEventCards(knex, filter, now(), await viewerOf(knex, req)));
  usernameCheckRoute(router, knex, { path: '/api/events/check-username/:username', table: 'events', violation: eventUsernameViolation, messages: M });

  router.get('/api/users/calendar-feed', async (req, res) => {
    const userId = requireUserId(req);
    const row: { token: string } | undefined = await knex('calendar_feed_tokens').where({ user_id: userId }).first('token');
    res.json(ok({ url: row ? `${originOf(req)}/api/calendar/${row.token}.ics` : null }));
  });

  router.get('/api/calendar/:file', async (req, res) => {
    const file = String(req.params.file ?? '');
    const token = file.endsWith('.ics') ? file.slice(0, -4) : '';
    if (!TOKEN.test(token)) throw notFound('Calendar not found');
    const row: { user_id: string } | undefined = await knex('calendar_feed_tokens').where({ token }).first('user_id');
    if (!row) throw notFound('Calendar not found');
    const ics = toIcs('Circuit: my events and hackathons', await personalEntries(knex, row.user_id, originOf(req)));
    res.set('Cache-Control', 'private, max-age=300').type('text/calendar; charset=utf-8').send(ics);
  });

  async function answerOne(req: Request, key: ListingKey | null) {
    const { row, viewer } = await visibleListing(knex, req, key, visibility);
    return toEvent(row, now(), viewer);
  }

  // The detail: the event and its creator's name.
  const details = { ...answers, projections: ['events', 'users'] };
  detailRoute(router, '/api/events/username/:username', details, (req) => answerOne(req, listingUsernameOf(String(req.params.username ?? ''), eventUsernameViolation)), listingDatesChange);

  router.get('/api/events/:id/registration-status', async (req, res) => {
    const userId = requireUserId(req);
    const row = await existingListing(keyOf(req), visibility);
    res.json(ok(await findEventRegistrationStatus(knex, row.id, userId)));
  });

  /** The organiser, an admin or a moderator; everyone else 403 (checked here, whatever the screen shows). */
  async function participantsOf(req: Request) {
    requireUserId(req);
    const row = await existingListing(keyOf(req), visibility);
    if (!maySeeParticipants(row, await hostViewerOf(knex, req, 'event', row.id))) throw forbidden(PARTICIPANTS_FORBIDDEN);
    return { row, participants: await listEventParticipants(knex, row.id) };
  }

  router.get('/api/events/:id/participants', async (req, res) => {
    const { row, participants } = await participantsOf(req);
    res.json(ok({ event: { _id: row.id, title: contentOf<EventContent>(row).title, username: row.username }, participants }));
  });

  router.get('/api/events/:id/participants/export', async (req, res) => {
    const { row, participants } = await participantsOf(req);
    const { title } = contentOf<EventContent>(row);
    const csv = toCsv([...PARTICIPANT_CSV_COLUMNS], participants.map(participantCsvRow));
    res.set('Content-Disposition', `attachment; filename="${safeFileName(title)}_participants.csv"`);
    // A byte-order mark: spreadsheets then read the file as UTF-8.
    res.type('text/csv; charset=utf-8').send(`\uFEFF${csv}`);
  });

  router.get('/api/events/:id/calendar.ics', async (req, res) => {
    const { row } = await visibleListing(knex, req, keyOf(req), visibility);
    const content = contentOf<EventContent>(row);
    res.set('Content-Disposition', `attachment; filename="${safeFileName(content.title)}.ics"`);
    res.type('text/calendar; charset=utf-8').send(toIcs(content.title, [eventEntry(row.id, content, originOf(req))]));
  });

  detailRoute(router, '/api/events/:id', details, (req) => answerOne(req, keyOf(req)), listingDatesChange);
  return router;
}
