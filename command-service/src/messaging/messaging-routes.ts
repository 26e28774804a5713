import { Router } from 'express';
import { z } from 'zod';
import { ok } from '@circuit/shared/http/envelope';
import { refused } from '@circuit/shared/commands/domain-errors';
import { requireUserId } from '@circuit/shared/http/auth';
import { correlationIdOf } from '@circuit/shared/http/correlation';
import { ChatTopics } from '@circuit/shared/events/messaging';
import type { CommandServiceDeps } from '../context';
import type { MessagingService } from './messaging-service';
import { answerAccepted } from '../http/accepted';
import { readModelsBehind } from '../http/read-your-writes';

const Id = z.string().uuid();

export function messagingRoutes(deps: CommandServiceDeps, messaging: MessagingService): Router {
  const router = Router();

  router.post('/api/users/messages/mark-read/:id', async (req, res) => {
    const me = requireUserId(req);
    const from = Id.safeParse(req.params.id);
    if (!from.success) throw refused('Invalid user id');
    if (await messaging.markRead(me, from.data, { userId: me, correlationId: correlationIdOf(req) })) {
      await deps.bus.publish(ChatTopics.unreadChanged, { userId: me });
    }
    if (readModelsBehind()) return answerAccepted(res, { id: from.data }, 'Messages marked as read');
    res.json(ok(null, 'Messages marked as read'));
  });

  router.delete('/api/users/messages/:id', async (req, res) => {
    const me = requireUserId(req);
    const id = Id.safeParse(req.params.id);
    if (!id.success) throw refused('Invalid message id');
    const deleted = await messaging.remove(id.data, me, { userId: me, correlationId: correlationIdOf(req) });
    await deps.bus.publish(ChatTopics.deleted, deleted);
    await deps.bus.publish(ChatTopics.unreadChanged, { userId: deleted.to });
    if (readModelsBehind()) return answerAccepted(res, { id: deleted.messageId, messageId: deleted.messageId }, 'Message deleted');
    res.json(ok({ messageId: deleted.messageId }, 'Message deleted'));
  });

  return router;
}
