import type { Request, Router } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { requireUserId } from '@circuit/shared/http/auth';
import { ok, sendJson } from '@circuit/shared/http/envelope';
import { refused } from '@circuit/shared/commands/domain-errors';
import { nextPhaseChange } from '@circuit/shared/hackathons/options';
import { ChangesAt, type ReadCache } from '@circuit/shared/projections/read-cache';
import { decodeCursor, type Cursor } from '@circuit/shared/read-models/listings';

/**
 * The query routes every kind of listing answers alike: the public list and the featured row (both
 * cached: accepted listings read the same to every viewer), a user's own lists, and the username
 * check. Each kind's route file registers them with its paths, reads and messages, in its order.
 */

/** `?limit=` of a featured row, 1 to 24 (the kind's default otherwise). */
export const featuredQuerySchema = (defaultLimit: number) =>
  z.object({ limit: z.coerce.number().int().min(1, 'limit must be between 1 and 24').max(24, 'limit must be between 1 and 24').default(defaultLimit) });

/** Where a kind's answers are cached, and from which read models they are built. */
export interface CachedAnswers {
  cache: ReadCache;
  /** The kind's prefix of the cache keys: `hackathons` keys its list, `hackathons-featured` its featured row. */
  key: string;
  /** The read models whose checkpoints key the cached answers. */
  projections: string[];
  now: () => Date;
}

interface ListingCard {
  id: string;
  dates: { startDate: string; endDate: string; registrationDeadline: string };
}

/** The public list: accepted listings matching every filter, latest start first, a page after the cursor. */
export function publicListRoute<Query extends { cursor?: string; status?: string; dateRange?: string }, Card extends ListingCard>(
  router: Router,
  path: string,
  answers: CachedAnswers,
  list: { parse(raw: unknown): Query; page(query: Query, at: Date, cursor: Cursor | null): Promise<{ cards: Card[]; nextCursor: string | null; total: number }> },
): void {
  router.get(path, async (req, res) => {
    // Keyed by the URL as sent: a hit skips even the parsing, and only a query that parsed is ever kept.
    const body = await answers.cache.json(`${answers.key}:${req.url}`, answers.projections, async () => {
      const query = list.parse(req.query);
      const cursor = query.cursor ? decodeCursor(query.cursor) : null;
      if (query.cursor && !cursor) throw refused('The cursor is not one this server gave out');
      const at = answers.now();
      const page = await list.page(query, at, cursor);
      const answer = { ...ok(page.cards), nextCursor: page.nextCursor, total: page.total };
      // Without a status or date filter only the cards' own dates make the clock change this answer.
      return query.status || query.dateRange ? answer : new ChangesAt(answer, nextPhaseChange(page.cards.map((c) => c.dates), at));
    });
    sendJson(res, body);
  });
}

/** When the clock next changes a hackathon's or an event's answer: its phase moves at its own dates. */
export const listingDatesChange = (answer: Pick<ListingCard, 'dates'>, at: Date): number => nextPhaseChange([answer.dates], at);

/**
 * A listing's detail. What a signed-out visitor is answered is the same for all of them (only a public
 * listing is shown to them), so it is cached like the public lists, keyed by the path, until the read models
 * it is built from move or the clock changes it (`changesAt`); a refusal (no such listing, not public) is not
 * kept. A signed-in viewer's answer is their own (their registration, what they may manage) and computed each time.
 */
export function detailRoute<Detail>(
  router: Router,
  path: string,
  answers: CachedAnswers,
  detail: (req: Request) => Promise<Detail>,
  changesAt: (answer: Detail, at: Date) => number,
): void {
  router.get(path, async (req, res) => {
    if (req.session?.userId) {
      res.json(ok(await detail(req)));
      return;
    }
    const body = await answers.cache.json(`${answers.key}-detail:${req.path}`, answers.projections, async () => {
      const at = answers.now();
      const answer = await detail(req);
      return new ChangesAt(ok(answer), changesAt(answer, at));
    });
    sendJson(res, body);
  });
}

/** The featured row: the featured listings, and when fewer than asked for, the soonest still open for registration. */
export function featuredRoute<Card extends ListingCard>(
  router: Router,
  path: string,
  answers: CachedAnswers,
  row: {
    limit: z.ZodType<{ limit: number }>;
    featured(limit: number, at: Date): Promise<Card[]>;
    open(at: Date): Promise<Card[]>;
    /** The date the fill is ordered by, soonest first. */
    soonest(card: Card): string;
  },
): void {
  router.get(path, async (req, res) => {
    const body = await answers.cache.json(`${answers.key}-featured:${req.url}`, answers.projections, async () => {
      const { limit } = row.limit.parse(req.query);
      const at = answers.now();
      const featured = await row.featured(limit, at);
      if (featured.length < limit) {
        const seen = new Set(featured.map((c) => c.id));
        const fill = (await row.open(at)).filter((c) => !seen.has(c.id)).sort((a, b) => Date.parse(row.soonest(a)) - Date.parse(row.soonest(b)));
        featured.push(...fill.slice(0, limit - featured.length));
      }
      return ok(featured);
    });
    sendJson(res, body);
  });
}

/** Which of a user's own lists: what they created (any status), registered for or saved. */
export type OwnListFilter = { createdBy: string } | { registeredBy: string } | { savedBy: string };

/** The paths of a signed-in user's own lists of a kind (`hackathons`, `events`, `quizzes`). */
export const ownListPaths = (plural: string) => ({ created: `/api/${plural}/my-${plural}`, registered: `/api/${plural}/user/registered`, saved: `/api/users/saved-${plural}` });

/** The signed-in user's own lists of a kind. */
export function ownListRoutes<Card>(router: Router, plural: string, cards: (filter: OwnListFilter, req: Request) => Promise<Card[]>): void {
  const paths = ownListPaths(plural);
  const lists: [string, (userId: string) => OwnListFilter][] = [
    [paths.created, (createdBy) => ({ createdBy })],
    [paths.registered, (registeredBy) => ({ registeredBy })],
    [paths.saved, (savedBy) => ({ savedBy })],
  ];
  for (const [path, filterOf] of lists) {
    router.get(path, async (req, res) => {
      res.json(ok(await cards(filterOf(requireUserId(req)), req)));
    });
  }
}

/** Whether a username is free for a new listing of the kind: its format rules first, then the listings there are. */
export function usernameCheckRoute(
  router: Router,
  knex: Knex,
  kind: { path: string; table: string; violation(username: string): string | null; messages: { usernameTaken: string; usernameAvailable: string } },
): void {
  router.get(kind.path, async (req, res) => {
    const username = String(req.params.username ?? '');
    const violation = kind.violation(username);
    if (violation) return res.json(ok({ available: false, message: violation }));
    const taken = await knex(kind.table).whereRaw('lower(username) = ?', [username.toLowerCase()]).first('id');
    res.json(ok(taken ? { available: false, message: kind.messages.usernameTaken } : { available: true, message: kind.messages.usernameAvailable }));
  });
}
