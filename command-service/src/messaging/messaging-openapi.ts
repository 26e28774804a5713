import { z } from 'zod';
import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { DeletedMessageSchema } from '@circuit/shared/api/messaging';

const tag = 'Messaging';

/** The HTTP writes of messaging (messaging-routes.ts); sending goes over the socket. */
export const messagingOpenApi: ApiRegistration = (api) => {
  api.tag(tag, [
    'Messages are sent over the socket (see Realtime). History pages are oldest first within a page, the first page the newest; the `before` cursor is a message id whose position in the event store orders the pages, so they stay stable while messages arrive.',
    'Presence: a user is online while any of their sockets (any tab, any realtime instance) was seen in the last 75 s.',
  ]);
  api.route({
    method: 'post',
    path: '/api/users/messages/mark-read/{id}',
    tag,
    summary: 'Mark every message from this user as read',
    auth: 'session',
    params: z.object({ id: z.string().meta({ description: 'The sender (a user id)' }) }),
    ok: { data: z.null(), message: 'Messages marked as read' },
    errors: { 400: 'Invalid user id' },
  });
  api.route({
    method: 'delete',
    path: '/api/users/messages/{id}',
    tag,
    summary: 'Delete a message you sent',
    auth: 'session',
    params: z.object({ id: z.string().meta({ description: 'The message id' }) }),
    rateLimited: true,
    ok: { data: DeletedMessageSchema, message: 'Message deleted' },
    errors: { 400: 'Invalid message id', 403: 'Not your message', 404: 'No such message' },
  });
};
