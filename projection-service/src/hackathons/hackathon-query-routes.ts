import { Router } from 'express';
import type { Knex } from 'knex';
import { HACKATHON_LIMITS } from '@circuit/shared/hackathons/options';
import type { ReadCache } from '@circuit/shared/projections/read-cache';
import { listSponsors } from '@circuit/shared/read-models/hackathon-announcements';
import { isRegistered, listHackathonCards, listHackathons, toHackathon } from '@circuit/shared/read-models/hackathons';
import { HackathonListQuerySchema, HackathonMessages as M, usernameViolation } from '@circuit/shared/validation/hackathons';
import { ANONYMOUS, listingUsernameOf, viewerOf, type ListingKey } from '../listings/listing-access';
import { detailRoute, listingDatesChange, featuredQuerySchema, featuredRoute, ownListRoutes, publicListRoute, usernameCheckRoute } from '../listings/listing-query-routes';
import { visibleHackathon } from './visible-hackathon';

export const FeaturedQuerySchema = featuredQuerySchema(HACKATHON_LIMITS.featured);

/** The read models the public lists are built from (current participants and review totals included). */
// users: a suspension hides an organiser's listings.
const PROJECTIONS = ['hackathons', 'hackathon-reviews', 'users'];

/** The hackathon queries of spec 2 section 7 (read models only). Fixed paths come before /{id}. */
export function hackathonQueryRoutes(knex: Knex, cache: ReadCache, now: () => Date = () => new Date()): Router {
  const router = Router();
  const answers = { cache, key: 'hackathons', projections: PROJECTIONS, now };
  const openForRegistration = async (at: Date) => (await listHackathons(knex, HackathonListQuerySchema.parse({ status: 'registration_open', limit: 50 }), at, ANONYMOUS, null)).cards;

  // The public lists hold accepted hackathons only, which read the same to every viewer: one cached answer serves all.
  publicListRoute(router, '/api/hackathons', answers, { parse: (raw) => HackathonListQuerySchema.parse(raw), page: (query, at, cursor) => listHackathons(knex, query, at, ANONYMOUS, cursor) });
  featuredRoute(router, '/api/hackathons/featured', answers, {
    limit: FeaturedQuerySchema,
    featured: (limit, at) => listHackathonCards(knex, { featured: true, limit }, at, ANONYMOUS),
    open: openForRegistration,
    soonest: (card) => card.dates.registrationDeadline,
  });
  ownListRoutes(router, 'hackathons', async (filter, req) => listHackathonCards(knex, filter, now(), await viewerOf(knex, req)));
  usernameCheckRoute(router, knex, { path: '/api/hackathons/check-username/:username', table: 'hackathons', violation: usernameViolation, messages: M });

  async function answerOne(req: Parameters<typeof visibleHackathon>[1], key?: ListingKey | null) {
    const { row, viewer } = await visibleHackathon(knex, req, key);
    const [registered, sponsors] = await Promise.all([isRegistered(knex, row.id, viewer.userId), listSponsors(knex, row.id)]);
    return toHackathon(row, now(), viewer, { registered, sponsors });
  }

  // The detail: the list's read models and the sponsors.
  const details = { ...answers, projections: [...PROJECTIONS, 'hackathon-sponsors'] };
  detailRoute(router, '/api/hackathons/username/:username', details, (req) => answerOne(req, listingUsernameOf(String(req.params.username ?? ''), usernameViolation)), listingDatesChange);
  // The detail answers by username too (spec 2 section 7: "also by username").
  detailRoute(router, '/api/hackathons/:id', details, (req) => answerOne(req), listingDatesChange);
  return router;
}
