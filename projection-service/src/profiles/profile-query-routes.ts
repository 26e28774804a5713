import { Router, type Request } from 'express';
import type { Knex } from 'knex';
import { ok } from '@circuit/shared/http/envelope';
import { forbidden, notFound } from '@circuit/shared/http/errors';
import { toUserView, type UserRow } from '@circuit/shared/read-models/users';
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

/** GET /api/users/{id} and GET /api/users/username/{username}: the User view. */
export function profileQueryRoutes(knex: Knex): Router {
  const router = Router();

  async function answer(req: Request, row: UserRow | undefined) {
    const viewerId = viewerOf(req);
    const user = await visibleProfile(knex, row, viewerId);
    return ok(toUserView(user, { includePrivate: user.id === viewerId }));
  }

  router.get('/api/users/username/:username', async (req, res) => {
    const row = await findUserByUsername(knex, req.params.username);
    res.json(await answer(req, row));
  });

  router.get('/api/users/:id', async (req, res, next) => {
    // Only ids: /api/users/connections, /notifications, /search/by ... are other routes' paths.
    if (!UUID.test(req.params.id)) return next();
    const row = await knex<UserRow>('users').where({ id: req.params.id.toLowerCase() }).first();
    res.json(await answer(req, row));
  });

  return router;
}
