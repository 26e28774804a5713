import { Router } from 'express';
import type { Knex } from 'knex';
import { requireUserId } from '@circuit/shared/http/auth';
import { countUnreadNotifications, listNotifications } from '@circuit/shared/read-models/notifications';

/** `GET /api/users/notifications`: the signed-in user's notifications, newest first, with `unreadCount`. */
export function notificationQueryRoutes(knex: Knex): Router {
  const router = Router();
  router.get('/api/users/notifications', async (req, res) => {
    const userId = requireUserId(req);
    const [data, unreadCount] = await Promise.all([listNotifications(knex, userId), countUnreadNotifications(knex, userId)]);
    res.json({ success: true, data, unreadCount });
  });
  return router;
}
