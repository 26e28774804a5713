import { Router, type Request, type Response } from 'express';
import { ok } from '@circuit/shared/http/envelope';
import { notFound } from '@circuit/shared/commands/domain-errors';
import { requireUserId } from '@circuit/shared/http/auth';
import { correlationIdOf } from '@circuit/shared/http/correlation';
import { CommunityAdminBody, CommunityMessages as M, EditCommunityMessageBody, PostCommunityMessageBody } from '@circuit/shared/api/community';
import type { CommunityAccess } from './community-standing';
import type { CommandServiceDeps } from '../context';
import { answerAccepted } from '../http/accepted';
import { readModelsBehind } from '../http/read-your-writes';
import type { CommunityService, ModerationAction } from './community-service';

const ID = /^[A-Za-z0-9_-]{1,100}$/;
const ctxOf = (req: Request) => ({ userId: req.session.userId, correlationId: correlationIdOf(req) });
const hackathonOf = (req: Request) => String(req.params.id ?? '');

function pathId(req: Request, name: 'messageId' | 'userId', message: string): string {
  const id = String(req.params[name] ?? '');
  if (!ID.test(id)) throw notFound(message);
  return id;
}

/** The community writes of spec 2 section 7 (the GETs are in the projection service). */
export function communityRoutes(deps: CommandServiceDeps, community: CommunityService): Router {
  const router = Router();

  router.post('/api/community/:id/messages', async (req, res) => {
    const me = requireUserId(req);
    const body = PostCommunityMessageBody.parse(req.body ?? {});
    const { message } = await community.post(hackathonOf(req), me, body, ctxOf(req));
    res.status(201).json(ok(message, M.posted));
  });

  router.put('/api/community/:id/messages/:messageId', async (req, res) => {
    const me = requireUserId(req);
    const messageId = pathId(req, 'messageId', M.messageNotFound);
    const { message } = EditCommunityMessageBody.parse(req.body ?? {});
    res.json(ok(await community.edit(hackathonOf(req), me, messageId, message, ctxOf(req)), M.edited));
  });

  router.delete('/api/community/:id/messages/:messageId', async (req, res) => {
    const me = requireUserId(req);
    const messageId = pathId(req, 'messageId', M.messageNotFound);
    const deleted = await community.remove(hackathonOf(req), me, messageId, ctxOf(req));
    res.json(ok({ messageId: deleted.messageId }, M.deleted));
  });

  async function answerAdmins(res: Response, access: CommunityAccess, message: string) {
    if (readModelsBehind()) return answerAccepted(res, { id: access.hackathonId }, message);
    res.json(ok(await deps.queries.communityAdmins(access.hackathonId, access.creatorId), message));
  }

  async function answerParticipants(res: Response, access: CommunityAccess, message: string) {
    if (readModelsBehind()) return answerAccepted(res, { id: access.hackathonId }, message);
    res.json(ok(await deps.queries.communityParticipants(access), message));
  }

  const moderate = (req: Request, action: ModerationAction, target: string) => community.moderate(action, hackathonOf(req), requireUserId(req), target, ctxOf(req));

  router.post('/api/community/:id/admins', async (req, res) => {
    requireUserId(req);
    const { userId } = CommunityAdminBody.parse(req.body ?? {});
    if (!ID.test(userId)) throw notFound(M.userNotFound);
    await answerAdmins(res, await moderate(req, 'AddAdmin', userId), M.adminAdded);
  });

  router.delete('/api/community/:id/admins/:userId', async (req, res) => {
    requireUserId(req);
    const userId = pathId(req, 'userId', M.notAdmin);
    await answerAdmins(res, await moderate(req, 'RemoveAdmin', userId), M.adminRemoved);
  });

  router.delete('/api/community/:id/users/:userId', async (req, res) => {
    requireUserId(req);
    const userId = pathId(req, 'userId', M.userNotFound);
    await answerParticipants(res, await moderate(req, 'RemoveUser', userId), M.userRemoved);
  });

  router.post('/api/community/:id/users/:userId/re-add', async (req, res) => {
    requireUserId(req);
    const userId = pathId(req, 'userId', M.notRemoved);
    await answerParticipants(res, await moderate(req, 'ReAddUser', userId), M.userReAdded);
  });

  return router;
}
