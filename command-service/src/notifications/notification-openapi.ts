import { z } from 'zod';
import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { MarkAllReadAnswerSchema, NotificationSchema } from '@circuit/shared/api/notifications';

const tag = 'Notifications';
const NotificationId = z.object({ id: z.string().meta({ description: 'The notification id' }) });

/** The owner's notification writes (notification-routes.ts). */
export const notificationOpenApi: ApiRegistration = (api) => {
  api.tag(tag, [
    'Created by a process manager: a connection request from A to B gives B `connection_request` (pending) and A `connection_request_sent` (pending, `isOutgoing`, `from` = B); accepting or rejecting gives A `connection_accepted` / `connection_rejected`. `follow` goes to the followee, except for the mutual follows of an accepted connection. A block ends a pending request quietly (both become rejected and read). `status` is null for accepted, rejected and follow notifications.',
    '`message` is built when read, with the sender\'s current name: "{First Last} sent you a connection request", "You sent a connection request to {First Last}", "{First Last} accepted your connection request", "{First Last} declined your connection request", "{First Last} started following you".',
    'The list holds at most the 200 newest; `unreadCount` counts all unread. New notifications also arrive on the socket as `new_notification`.',
  ]);
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
