import { z } from 'zod';
import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { MarkAllReadAnswerSchema, NotificationSchema } from '@circuit/shared/api/notifications';

const tag = 'Notifications';
const NotificationId = z.object({ id: z.string().meta({ description: 'The notification id' }) });

/** The owner's notification writes (notification-routes.ts). */
export const notificationOpenApi: ApiRegistration = (api) => {
  api.route({
    method: 'patch',
    path: '/api/users/notifications/{id}/read',
    tag,
    summary: 'Mark one notification read',
    auth: 'session',
    params: NotificationId,
    ok: { data: NotificationSchema, message: 'Notification marked as read' },
    errors: { 404: 'Not one of your notifications' },
  });
  api.route({
    method: 'delete',
    path: '/api/users/notifications/{id}',
    tag,
    summary: 'Delete one notification',
    auth: 'session',
    params: NotificationId,
    ok: { data: z.null(), message: 'Notification deleted' },
    errors: { 404: 'Not one of your notifications' },
  });
  api.route({
    method: 'patch',
    path: '/api/notifications/mark-all-read',
    tag,
    summary: 'Mark all your notifications read',
    auth: 'session',
    ok: { data: MarkAllReadAnswerSchema, message: 'All notifications marked as read' },
  });
};
