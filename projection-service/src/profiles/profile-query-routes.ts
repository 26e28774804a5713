import { Router, type Request } from 'express';
import type { Knex } from 'knex';
import { ok, sendCached } from '@circuit/shared/http/envelope';
import { forbidden, notFound } from '@circuit/shared/commands/domain-errors';
import { toUserView, type UserRow } from '@circuit/shared/read-models/users';
import type { CachedJson, ReadCache } from '@circuit/shared/projections/read-cache';
import { hasBlocked, PROFILE_UNAVAILABLE } from './blocks';

/** User ids are UUIDs; any other single segment under /api/users belongs to another route. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const USER_NOT_FOUND = 'User not found';

/**
 * The profile a viewer may see: 404 when there is no such (active) user, 403 when its owner has
 * blocked the viewer; the owner's own view carries e-mail and mobile.
 */
export async function visibleProfile(knex: Knex, row: UserRow | undefined, viewerId: string | undefined): Promise<UserRow> {
  const own = row !== undefined && row.id === viewerId;
  if (!row || (!row.is_active && !own)) throw notFound(USER_NOT_FOUND);
  if (viewerId && !own && (await hasBlocked(knex, row.id, viewerId))) throw forbidden(PROFILE_UNAVAILABLE);
  return row;
}

/** A user row by username, case-insensitively. */
export async function findUserByUsername(knex: Knex, username: string): Promise<UserRow | undefined> {
  return (await knex('users').where({ username_lower: username.trim().toLowerCase() }).first()) as UserRow | undefined;
}

const viewerOf = (req: Request): string | undefined => req.session?.userId;
/** Profiles are the users read model; blocks are the social one's. */
const PROJECTIONS = ['users', 'social'];

/** GET /api/users/{id} and GET /api/users/username/{username}: the User view. */
export function profileQueryRoutes(knex: Knex, cache: ReadCache): Router {
  const router = Router();

  /** The answer depends on who asks (their own view, a block): cached per viewer. */
  function answer(req: Request, key: string, find: () => Promise<UserRow | undefined>): CachedJson | Promise<CachedJson> {
    const viewerId = viewerOf(req);
    return cache.json(`profile:${key}:${viewerId ?? ''}`, PROJECTIONS, async () => {
      const user = await visibleProfile(knex, await find(), viewerId);
      return ok(toUserView(user, { includePrivate: user.id === viewerId }));
    });
  }

  router.get('/api/users/username/:username', (req, res) => {
    const username = req.params.username.trim().toLowerCase();
    return sendCached(res, answer(req, `username:${username}`, () => findUserByUsername(knex, username)));
  });

  router.get('/api/users/:id', (req, res, next) => {
    // Only ids: /api/users/connections, /notifications, /search/by ... are other routes' paths.
    if (!UUID.test(req.params.id)) return next();
    const id = req.params.id.toLowerCase();
    return sendCached(res, answer(req, `id:${id}`, () => knex<UserRow>('users').where({ id }).first()));
  });

  return router;
}
