import { Router, type Request } from 'express';
import { z } from 'zod';
import { AdminCommunityAdminBody } from '@circuit/shared/api/admin-communities';
import { CommunityMessages as M } from '@circuit/shared/api/community';
import { ok } from '@circuit/shared/http/envelope';
import { notFound } from '@circuit/shared/commands/domain-errors';
import { requireUserId } from '@circuit/shared/http/auth';
import { correlationIdOf } from '@circuit/shared/http/correlation';
import type { CommandServiceDeps } from '../context';
import type { CommunityService } from '../community/community-service';
import { accountByUsername } from '../accounts/actors';

const ID = /^[A-Za-z0-9_-]{1,100}$/;
const ctxOf = (req: Request) => ({ userId: req.session.userId, correlationId: correlationIdOf(req) });

function pathId(req: Request, name: 'id' | 'messageId' | 'userId', message: string): string {
  const id = String(req.params[name] ?? '');
  if (!ID.test(id)) throw notFound(message);
  return id;
}

export const CommunityChangeSchema = z.object({ hackathonId: z.string(), userId: z.string() });

/**
 * The console's community moderation (`/api/admin/communities/{id}/...`, moderators and admins by
 * the admin guard): the same community commands as the chat's admin panel, so every action is the
 * same event, carrying the moderator's id.
 */
export function communityAdminRoutes(deps: CommandServiceDeps, community: CommunityService): Router {
  const router = Router();

  router.delete('/api/admin/communities/:id/messages/:messageId', async (req, res) => {
    const me = requireUserId(req);
    const hackathonId = pathId(req, 'id', 'Hackathon not found');
    const deleted = await community.remove(hackathonId, me, pathId(req, 'messageId', M.messageNotFound), ctxOf(req));
    res.json(ok({ messageId: deleted.messageId }, M.deleted));
  });

  router.post('/api/admin/communities/:id/removed/:userId/re-add', async (req, res) => {
    const me = requireUserId(req);
    const userId = pathId(req, 'userId', M.notRemoved);
    const access = await community.moderate('ReAddUser', pathId(req, 'id', 'Hackathon not found'), me, userId, ctxOf(req));
    res.json(ok({ hackathonId: access.hackathonId, userId }, M.userReAdded));
  });

  router.post('/api/admin/communities/:id/admins', async (req, res) => {
    const me = requireUserId(req);
    const hackathonId = pathId(req, 'id', 'Hackathon not found');
    const { username } = AdminCommunityAdminBody.parse(req.body ?? {});
    const user = await accountByUsername(deps.store, username);
    if (!user) throw notFound('No user has this username');
    const access = await community.moderate('AddAdmin', hackathonId, me, user.userId, ctxOf(req));
    res.json(ok({ hackathonId: access.hackathonId, userId: user.userId }, M.adminAdded));
  });

  router.delete('/api/admin/communities/:id/admins/:userId', async (req, res) => {
    const me = requireUserId(req);
    const userId = pathId(req, 'userId', M.notAdmin);
    const access = await community.moderate('RemoveAdmin', pathId(req, 'id', 'Hackathon not found'), me, userId, ctxOf(req));
    res.json(ok({ hackathonId: access.hackathonId, userId }, M.adminRemoved));
  });

  return router;
}
