import { Router, type Request, type Response } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { requireUserId } from '@circuit/shared/http/auth';
import { ok, sendJson } from '@circuit/shared/http/envelope';
import { forbidden, notFound, refused } from '@circuit/shared/commands/domain-errors';
import { EVENT_LIMITS } from '@circuit/shared/event-listings/options';
import { nextPhaseChange } from '@circuit/shared/hackathons/options';
import { findUserRow } from '@circuit/shared/read-models/users';
import { maySeeParticipants, participantsForbidden } from '@circuit/shared/read-models/participant-access';
import { ChangesAt, type ReadCache } from '@circuit/shared/projections/read-cache';
import { PARTICIPANT_CSV_COLUMNS, participantCsvRow } from '@circuit/shared/api/events';
import { toCsv } from '@circuit/shared/csv/csv';
import {
  decodeCursor,
  findEventRegistrationStatus,
  findEventRow,
  listEventCards,
  listEventParticipants,
  listEvents,
  mayManageEvent,
  toEvent,
  type EventRow,
  type Viewer,
} from '@circuit/shared/read-models/events';
import { EventListQuerySchema, EventMessages as M, eventUsernameViolation } from '@circuit/shared/validation/events';
import { eventEntry, personalEntries, toIcs } from './calendar';

export const EventFeaturedQuerySchema = z.object({ limit: z.coerce.number().int().min(1, 'limit must be between 1 and 24').max(24, 'limit must be between 1 and 24').default(EVENT_LIMITS.featured) });
export const PARTICIPANTS_FORBIDDEN = participantsForbidden('event');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;
const ANONYMOUS: Viewer = { userId: null, role: null };
const PROJECTIONS = ['events'];

async function viewerOf(knex: Knex, req: Request): Promise<Viewer> {
  const userId = req.session?.userId ?? null;
  if (!userId) return ANONYMOUS;
  const row = await findUserRow(knex, userId);
  return { userId, role: row?.role ?? null };
}

const originOf = (req: Request) => `${req.protocol}://${req.get('host') ?? 'localhost'}`;
/** A file name a browser keeps as is: letters, digits, spaces, dots, dashes and underscores. */
export const safeFileName = (title: string) => title.replace(/[^\p{L}\p{N} ._-]+/gu, '').trim().slice(0, 80) || 'event';

/** The event queries of spec 2 section 7, the participants (spec 3) and the calendars (read models only). Fixed paths come before /{id}. */
export function eventQueryRoutes(knex: Knex, cache: ReadCache, now: () => Date = () => new Date()): Router {
  const router = Router();

  /** The row of a path parameter (an id or a username). */
  async function rowOf(raw: unknown) {
    const id = String(raw ?? '');
    const row = UUID.test(id) ? await findEventRow(knex, { id: id.toLowerCase() }) : eventUsernameViolation(id) ? undefined : await findEventRow(knex, { username: id });
    if (!row) throw notFound(M.notFound);
    return row;
  }

  router.get('/api/events', async (req, res) => {
    // Accepted events read the same to every viewer: one cached answer serves all.
    const body = await cache.json(`events:${req.url}`, PROJECTIONS, async () => {
      const query = EventListQuerySchema.parse(req.query);
      const cursor = query.cursor ? decodeCursor(query.cursor) : null;
      if (query.cursor && !cursor) throw refused('The cursor is not one this server gave out');
      const at = now();
      const page = await listEvents(knex, query, at, ANONYMOUS, cursor);
      const answer = { ...ok(page.cards), nextCursor: page.nextCursor, total: page.total };
      // Without a status or date filter only the cards' own dates make the clock change this answer.
      return query.status || query.dateRange ? answer : new ChangesAt(answer, nextPhaseChange(page.cards.map((c) => c.dates), at));
    });
    sendJson(res, body);
  });

  router.get('/api/events/featured', async (req, res) => {
    sendJson(
      res,
      await cache.json(`events-featured:${req.url}`, PROJECTIONS, async () => {
        const { limit } = EventFeaturedQuerySchema.parse(req.query);
        const at = now();
        const featured = await listEventCards(knex, { featured: true, limit }, at, ANONYMOUS);
        // Fewer featured than asked for: the soonest events still open for registration fill the row.
        if (featured.length < limit) {
          const open = await listEvents(knex, EventListQuerySchema.parse({ status: 'registration_open', limit: 50 }), at, ANONYMOUS, null);
          const seen = new Set(featured.map((e) => e.id));
          const fill = open.cards.filter((e) => !seen.has(e.id)).sort((a, b) => Date.parse(a.dates.startDate) - Date.parse(b.dates.startDate));
          featured.push(...fill.slice(0, limit - featured.length));
        }
        return ok(featured);
      }),
    );
  });

  router.get('/api/events/my-events', async (req, res) => {
    const userId = requireUserId(req);
    res.json(ok(await listEventCards(knex, { createdBy: userId }, now(), await viewerOf(knex, req))));
  });

  router.get('/api/events/user/registered', async (req, res) => {
    const userId = requireUserId(req);
    res.json(ok(await listEventCards(knex, { registeredBy: userId }, now(), await viewerOf(knex, req))));
  });

  router.get('/api/users/saved-events', async (req, res) => {
    const userId = requireUserId(req);
    res.json(ok(await listEventCards(knex, { savedBy: userId }, now(), await viewerOf(knex, req))));
  });

  router.get('/api/events/check-username/:username', async (req, res) => {
    const username = String(req.params.username ?? '');
    const violation = eventUsernameViolation(username);
    if (violation) return res.json(ok({ available: false, message: violation }));
    const taken = await knex('events').whereRaw('lower(username) = ?', [username.toLowerCase()]).first('id');
    res.json(ok(taken ? { available: false, message: M.usernameTaken } : { available: true, message: M.usernameAvailable }));
  });

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

  async function answerOne(req: Request, row: EventRow & Parameters<typeof toEvent>[0]) {
    const viewer = await viewerOf(knex, req);
    if (row.status !== 'accepted' && !mayManageEvent(row, viewer)) throw forbidden(M.notAvailable);
    return toEvent(row, now(), viewer);
  }

  router.get('/api/events/username/:username', async (req, res) => {
    const username = String(req.params.username ?? '');
    if (eventUsernameViolation(username)) throw notFound(M.notFound);
    const row = await findEventRow(knex, { username });
    if (!row) throw notFound(M.notFound);
    res.json(ok(await answerOne(req, row)));
  });

  router.get('/api/events/:id/registration-status', async (req, res) => {
    const userId = requireUserId(req);
    const row = await rowOf(req.params.id);
    res.json(ok(await findEventRegistrationStatus(knex, row.id, userId)));
  });

  /** The organiser, an admin or a moderator; everyone else 403 (checked here, whatever the screen shows). */
  async function participantsOf(req: Request) {
    requireUserId(req);
    const row = await rowOf(req.params.id);
    if (!maySeeParticipants(row, await viewerOf(knex, req))) throw forbidden(PARTICIPANTS_FORBIDDEN);
    return { row, participants: await listEventParticipants(knex, row.id) };
  }

  router.get('/api/events/:id/participants', async (req, res) => {
    const { row, participants } = await participantsOf(req);
    const title = typeof row.content === 'string' ? (JSON.parse(row.content) as { title: string }).title : row.content.title;
    res.json(ok({ event: { _id: row.id, title, username: row.username }, participants }));
  });

  router.get('/api/events/:id/participants/export', async (req, res) => {
    const { row, participants } = await participantsOf(req);
    const title = typeof row.content === 'string' ? (JSON.parse(row.content) as { title: string }).title : row.content.title;
    const csv = toCsv([...PARTICIPANT_CSV_COLUMNS], participants.map(participantCsvRow));
    res.set('Content-Disposition', `attachment; filename="${safeFileName(title)}_participants.csv"`);
    // A byte-order mark: spreadsheets then read the file as UTF-8.
    res.type('text/csv; charset=utf-8').send(`\uFEFF${csv}`);
  });

  router.get('/api/events/:id/calendar.ics', async (req, res) => {
    const row = await answerOneRow(req);
    const content = typeof row.content === 'string' ? (JSON.parse(row.content) as Parameters<typeof eventEntry>[1]) : row.content;
    res.set('Content-Disposition', `attachment; filename="${safeFileName(content.title)}.ics"`);
    res.type('text/calendar; charset=utf-8').send(toIcs(content.title, [eventEntry(row.id, content, originOf(req))]));
  });

  async function answerOneRow(req: Request) {
    const row = await rowOf(req.params.id);
    await answerOne(req, row);
    return row;
  }

  router.get('/api/events/:id', async (req: Request, res: Response) => {
    res.json(ok(await answerOne(req, await rowOf(req.params.id))));
  });
  return router;
}
