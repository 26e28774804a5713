import { Router, type Request } from 'express';
import { handleCommand } from '@circuit/shared/commands/decider';
import { ok } from '@circuit/shared/http/envelope';
import { requireUserId } from '@circuit/shared/http/auth';
import { notFound } from '@circuit/shared/commands/domain-errors';
import { correlationIdOf } from '@circuit/shared/http/correlation';
import { notificationsStream } from '@circuit/shared/events/notifications';
import type { CommandServiceDeps } from '../context';
import { caughtUp, readModelsBehind } from '../http/read-your-writes';
import { answerAccepted } from '../http/accepted';
import { NOTIFICATION_NOT_FOUND, notificationsDecider, unreadCount, type NotificationsCommand } from './notifications-decider';

const ctxOf = (req: Request, userId: string) => ({ userId, correlationId: correlationIdOf(req) });

/** The user's own notifications (/api/openapi.json, Notifications); only the owner's stream is ever touched. */
export function notificationRoutes(deps: CommandServiceDeps): Router {
  const now = deps.now ?? (() => new Date());
  const router = Router();

  async function execute(req: Request, userId: string, command: NotificationsCommand) {
    const result = await handleCommand(deps.store, notificationsStream(userId), notificationsDecider, command, ctxOf(req, userId), now);
    await caughtUp(deps.progress, result.position, result.events);
    return result;
  }

  router.patch('/api/users/notifications/:id/read', async (req, res) => {
    const userId = requireUserId(req);
    const notificationId = String(req.params.id);
    await execute(req, userId, { type: 'MarkRead', notificationId, now: now() });
    if (readModelsBehind()) return answerAccepted(res, { id: notificationId }, 'Notification marked as read');
    const notification = await deps.queries.notification(userId, notificationId);
    if (!notification) throw notFound(NOTIFICATION_NOT_FOUND);
    res.json(ok(notification, 'Notification marked as read'));
  });

  router.delete('/api/users/notifications/:id', async (req, res) => {
    const userId = requireUserId(req);
    await execute(req, userId, { type: 'Delete', notificationId: String(req.params.id), now: now() });
    if (readModelsBehind()) return answerAccepted(res, { id: String(req.params.id) }, 'Notification deleted');
    res.json(ok(null, 'Notification deleted'));
  });

  router.patch('/api/notifications/mark-all-read', async (req, res) => {
    const userId = requireUserId(req);
    // What the (last, successful) decision saw unread is what the command marked read.
    let updated = 0;
    const counting = {
      ...notificationsDecider,
      decide: (command: NotificationsCommand, state: Parameters<typeof notificationsDecider.decide>[1]) => {
        updated = unreadCount(state);
        return notificationsDecider.decide(command, state);
      },
    };
    const result = await handleCommand(deps.store, notificationsStream(userId), counting, { type: 'MarkAllRead', now: now() }, ctxOf(req, userId), now);
    if (!(await caughtUp(deps.progress, result.position, result.events))) return answerAccepted(res, { id: userId, updated }, 'All notifications marked as read');
    res.json(ok({ updated }, 'All notifications marked as read'));
  });

  return router;
}
