import { z } from 'zod';
import { Timestamp, UserSummarySchema } from './users';

export const ReplyRefSchema = z.strictObject({ _id: z.string(), message: z.string(), from: z.string() }).meta({ id: 'ReplyRef' });
export type ReplyRef = z.infer<typeof ReplyRefSchema>;

/** A chat message (spec 1 section 3). */
export const ChatMessageSchema = z
  .strictObject({
    _id: z.string(),
    from: z.string(),
    to: z.string(),
    message: z.string(),
    createdAt: Timestamp,
    replyTo: ReplyRefSchema.nullable(),
    // On the socket copies of one's own sends: the id the sending tab gave the message, kept across its retries.
    clientMessageId: z.string().uuid().optional(),
  })
  .meta({ id: 'ChatMessage' });
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const MessageThreadSchema = z
  .strictObject({
    user: UserSummarySchema,
    lastMessage: z.strictObject({ message: z.string(), createdAt: Timestamp, from: z.string() }),
    unreadCount: z.number().int(),
  })
  .meta({ id: 'MessageThread' });
export type MessageThread = z.infer<typeof MessageThreadSchema>;

export const UnreadCountSchema = z.strictObject({ count: z.number().int() }).meta({ id: 'UnreadCount' });
export const UnreadCountsSchema = z.record(z.string(), z.number().int()).meta({ id: 'UnreadCounts', description: 'Unread messages per sender id' });
export const OnlineStatusesSchema = z.record(z.string(), z.boolean()).meta({ id: 'OnlineStatuses', description: 'Whether each connection is online, by user id' });
export const OnlineStatusSchema = z.strictObject({ userId: z.string(), isOnline: z.boolean() }).meta({ id: 'OnlineStatus' });
export const DeletedMessageSchema = z.strictObject({ messageId: z.string() }).meta({ id: 'DeletedMessage' });
