import { Router, type Request } from 'express';
import type { Knex } from 'knex';
import { ok } from '@circuit/shared/http/envelope';
import { requireUserId } from '@circuit/shared/http/auth';
import { forbidden, notFound } from '@circuit/shared/commands/domain-errors';
import { findUserRow, toUserSummary, type UserRow } from '@circuit/shared/read-models/users';
import { readRelationship, SOCIAL_TABLES } from '@circuit/shared/read-models/social';

export const USER_NOT_FOUND = 'User not found';
export const PROFILE_NOT_AVAILABLE = 'This profile is not available';

const SUMMARY_COLUMNS = ['u.id', 'u.username', 'u.first_name', 'u.last_name', 'u.profile_picture', 'u.tagline', 'u.skills'] as const;
type SummaryRow = Pick<UserRow, 'id' | 'username' | 'first_name' | 'last_name' | 'profile_picture' | 'tagline' | 'skills'>;

const targetOf = (req: Request) => String(req.params.id ?? '');

/**
 * Social graph queries (/api/openapi.json, Social graph), read from the social read
 * models only. Lists of a user are public like the profile they belong to, except to a viewer that
 * user blocked (403); the relationship, the block status and one's own connections need a session.
 */
export function socialQueryRoutes(knex: Knex): Router {
  const router = Router();

  async function existingUser(id: string): Promise<void> {
    if (id.length > 200 || !(await findUserRow(knex, id))) throw notFound(USER_NOT_FOUND);
  }

  /** The list's owner must exist and must not have blocked the viewer. */
  async function listOwner(req: Request): Promise<string> {
    const ownerId = targetOf(req);
    await existingUser(ownerId);
    const viewerId = req.session?.userId;
    if (viewerId && viewerId !== ownerId) {
      const blocked = await knex(SOCIAL_TABLES.blocks).where({ blocker_id: ownerId, blocked_id: viewerId }).first('blocker_id');
      if (blocked) throw forbidden(PROFILE_NOT_AVAILABLE);
    }
    return ownerId;
  }

  /** Users joined through `table`, newest relationship first. */
  async function usersThrough(table: string, ownerColumn: string, otherColumn: string, ownerId: string) {
    const rows = (await knex(`${table} as r`)
      .join('users as u', 'u.id', `r.${otherColumn}`)
      .where(`r.${ownerColumn}`, ownerId)
      .orderBy([
        { column: 'r.created_at', order: 'desc' },
        { column: 'u.username', order: 'asc' },
      ])
      .select(...SUMMARY_COLUMNS)) as SummaryRow[];
    return rows.map(toUserSummary);
  }

  router.get('/api/users/relationship/:id', async (req, res) => {
    const viewerId = requireUserId(req);
    const targetId = targetOf(req);
    await existingUser(targetId);
    res.json(ok(await readRelationship(knex, viewerId, targetId)));
  });

  router.get('/api/users/block-status/:id', async (req, res) => {
    const viewerId = requireUserId(req);
    const targetId = targetOf(req);
    await existingUser(targetId);
    const { hasBlockedTarget, isBlockedByTarget } = await readRelationship(knex, viewerId, targetId);
    res.json(ok({ hasBlockedTarget, isBlockedByTarget }));
  });

  router.get('/api/users/followers/:id', async (req, res) => {
    const ownerId = await listOwner(req);
    res.json(ok(await usersThrough(SOCIAL_TABLES.follows, 'followee_id', 'follower_id', ownerId)));
  });

  router.get('/api/users/following/:id', async (req, res) => {
    const ownerId = await listOwner(req);
    res.json(ok(await usersThrough(SOCIAL_TABLES.follows, 'follower_id', 'followee_id', ownerId)));
  });

  router.get('/api/users/connections/:id', async (req, res) => {
    const ownerId = await listOwner(req);
    res.json(ok(await usersThrough(SOCIAL_TABLES.connections, 'user_id', 'other_id', ownerId)));
  });

  router.get('/api/users/connections', async (req, res) => {
    const userId = requireUserId(req);
    res.json(ok(await usersThrough(SOCIAL_TABLES.connections, 'user_id', 'other_id', userId)));
  });

  return router;
}
