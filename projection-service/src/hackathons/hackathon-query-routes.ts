import { Router, type Request } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { requireUserId } from '@circuit/shared/http/auth';
import { ok, sendJson } from '@circuit/shared/http/envelope';
import { forbidden, notFound, refused } from '@circuit/shared/commands/domain-errors';
import { HACKATHON_LIMITS, nextPhaseChange } from '@circuit/shared/hackathons/options';
import { findUserRow } from '@circuit/shared/read-models/users';
import { ChangesAt, type ReadCache } from '@circuit/shared/projections/read-cache';
import { listSponsors } from '@circuit/shared/read-models/hackathon-announcements';
import { decodeCursor, findHackathonRow, isRegistered, listHackathonCards, listHackathons, mayManage, organiserIsActive, toHackathon, type Viewer } from '@circuit/shared/read-models/hackathons';
import { HackathonListQuerySchema, HackathonMessages as M, usernameViolation } from '@circuit/shared/validation/hackathons';

export const FeaturedQuerySchema = z.object({ limit: z.coerce.number().int().min(1, 'limit must be between 1 and 24').max(24, 'limit must be between 1 and 24').default(HACKATHON_LIMITS.featured) });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Not public: answered 403 'Not Available' to all but the creator, admins and moderators. */
const notAvailable = () => forbidden(M.notAvailable);

const ANONYMOUS: Viewer = { userId: null, role: null };
/** The read models the public lists are built from (current participants and review totals included). */
// users: a suspension hides an organiser's listings.
const PROJECTIONS = ['hackathons', 'hackathon-reviews', 'users'];

async function viewerOf(knex: Knex, req: Request): Promise<Viewer> {
  const userId = req.session?.userId ?? null;
  if (!userId) return { userId: null, role: null };
  const row = await findUserRow(knex, userId);
  return { userId, role: row?.role ?? null };
}

/** The hackathon queries of spec 2 section 7 (read models only). Fixed paths come before /{id}. */
export function hackathonQueryRoutes(knex: Knex, cache: ReadCache, now: () => Date = () => new Date()): Router {
  const router = Router();

  // The public lists hold accepted hackathons only, which read the same to every viewer: one cached answer serves all.
  router.get('/api/hackathons', async (req, res) => {
    // Keyed by the URL as sent: a hit skips even the parsing, and only a query that parsed is ever kept.
    const body = await cache.json(`hackathons:${req.url}`, PROJECTIONS, async () => {
      const query = HackathonListQuerySchema.parse(req.query);
      const cursor = query.cursor ? decodeCursor(query.cursor) : null;
      if (query.cursor && !cursor) throw refused('The cursor is not one this server gave out');
      const at = now();
      const page = await listHackathons(knex, query, at, ANONYMOUS, cursor);
      const answer = { ...ok(page.cards), nextCursor: page.nextCursor, total: page.total };
      // Without a status or date filter only the cards' own dates make the clock change this answer.
      return query.status || query.dateRange ? answer : new ChangesAt(answer, nextPhaseChange(page.cards.map((c) => c.dates), at));
    });
    sendJson(res, body);
  });

  router.get('/api/hackathons/featured', async (req, res) => {
    sendJson(res, await cache.json(`hackathons-featured:${req.url}`, PROJECTIONS, () => featuredHackathons(FeaturedQuerySchema.parse(req.query).limit)));
  });

  async function featuredHackathons(limit: number) {
    const viewer = ANONYMOUS;
    const at = now();
    const featured = await listHackathonCards(knex, { featured: true, limit }, at, viewer);
    // Fewer featured than asked for: the soonest hackathons still open for registration fill the row.
    if (featured.length < limit) {
      const open = await listHackathons(knex, HackathonListQuerySchema.parse({ status: 'registration_open', limit: 50 }), at, viewer, null);
      const seen = new Set(featured.map((h) => h.id));
      const fill = open.cards.filter((h) => !seen.has(h.id)).sort((a, b) => Date.parse(a.dates.registrationDeadline) - Date.parse(b.dates.registrationDeadline));
      featured.push(...fill.slice(0, limit - featured.length));
    }
    return ok(featured);
  }

  router.get('/api/hackathons/my-hackathons', async (req, res) => {
    const userId = requireUserId(req);
    res.json(ok(await listHackathonCards(knex, { createdBy: userId }, now(), await viewerOf(knex, req))));
  });

  router.get('/api/hackathons/user/registered', async (req, res) => {
    const userId = requireUserId(req);
    res.json(ok(await listHackathonCards(knex, { registeredBy: userId }, now(), await viewerOf(knex, req))));
  });

  router.get('/api/users/saved-hackathons', async (req, res) => {
    const userId = requireUserId(req);
    res.json(ok(await listHackathonCards(knex, { savedBy: userId }, now(), await viewerOf(knex, req))));
  });

  router.get('/api/hackathons/check-username/:username', async (req, res) => {
    const username = String(req.params.username ?? '');
    const violation = usernameViolation(username);
    if (violation) return res.json(ok({ available: false, message: violation }));
    const taken = await knex('hackathons').whereRaw('lower(username) = ?', [username.toLowerCase()]).first('id');
    res.json(ok(taken ? { available: false, message: M.usernameTaken } : { available: true, message: M.usernameAvailable }));
  });

  async function answerOne(req: Request, by: { id?: string; username?: string }) {
    const row = await findHackathonRow(knex, by);
    if (!row) throw notFound(M.notFound);
    const viewer = await viewerOf(knex, req);
    if ((row.status !== 'accepted' || !(await organiserIsActive(knex, row.created_by))) && !mayManage(row, viewer)) throw notAvailable();
    const [registered, sponsors] = await Promise.all([isRegistered(knex, row.id, viewer.userId), listSponsors(knex, row.id)]);
    return toHackathon(row, now(), viewer, { registered, sponsors });
  }

  router.get('/api/hackathons/username/:username', async (req, res) => {
    const username = String(req.params.username ?? '');
    if (usernameViolation(username)) throw notFound(M.notFound);
    res.json(ok(await answerOne(req, { username })));
  });

  router.get('/api/hackathons/:id', async (req, res) => {
    const id = String(req.params.id ?? '');
    // The detail answers by username too (spec 2 section 7: "also by username").
    if (UUID.test(id)) return res.json(ok(await answerOne(req, { id: id.toLowerCase() })));
    if (usernameViolation(id)) throw notFound(M.notFound);
    res.json(ok(await answerOne(req, { username: id })));
  });
  return router;
}
