import { z } from 'zod';
import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { ChatMessageSchema, MessageThreadSchema, OnlineStatusesSchema, OnlineStatusSchema, UnreadCountSchema, UnreadCountsSchema } from '@circuit/shared/api/messaging';
import { ChatQuery } from './messaging-query-routes';

const tag = 'Messaging';
const UserId = z.object({ id: z.string().meta({ description: 'A user id (UUID)' }) });

export const messagingQueryOpenApi: ApiRegistration = (api) => {
  api.route({
    method: 'get',
    path: '/api/users/messages/threads',
    tag,
    summary: 'Your conversations, newest first, with their last message and unread count',
    auth: 'session',
    ok: { data: z.array(MessageThreadSchema) },
  });
  api.route({
    method: 'get',
    path: '/api/users/unread-count',
    tag,
    summary: 'How many messages you have not read',
    auth: 'session',
    ok: { data: UnreadCountSchema },
  });
  api.route({
    method: 'get',
    path: '/api/users/unread-counts',
    tag,
    summary: 'Unread messages per sender',
    auth: 'session',
    ok: { data: UnreadCountsSchema },
  });
  api.route({
    method: 'get',
    path: '/api/users/online-status',
    tag,
    summary: 'Which of your connections are online',
    auth: 'session',
    ok: { data: OnlineStatusesSchema },
  });
  api.route({
    method: 'get',
    path: '/api/users/{id}/online-status',
    tag,
    summary: 'Whether a user is online',
    auth: 'session',
    params: UserId,
    ok: { data: OnlineStatusSchema },
    errors: { 400: 'Invalid user id' },
  });
  api.route({
    method: 'get',
    path: '/api/users/{id}/chat',
    tag,
    summary: 'A page of your conversation with a user, oldest first within the page',
    auth: 'session',
    params: UserId,
    query: ChatQuery,
    ok: { data: z.array(ChatMessageSchema), extra: { hasMore: z.boolean().meta({ description: 'Whether an older page exists' }) } },
    errors: { 400: 'Invalid user id or query', 404: 'The `before` message is not in this conversation' },
  });
};
