import { z } from 'zod';
import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { NotificationSchema } from '@circuit/shared/api/notifications';

export const notificationQueryOpenApi: ApiRegistration = (api) => {
  api.route({
    method: 'get',
    path: '/api/users/notifications',
    tag: 'Notifications',
    summary: 'Your notifications, newest first, and how many are unread',
    auth: 'session',
    ok: { data: z.array(NotificationSchema), extra: { unreadCount: z.number().int() } },
  });
};
