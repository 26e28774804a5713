import { z } from 'zod';

/** Private messages between two users on one stream per pair, `conversation-<smaller id>-<larger id>`. */
export const ReplyToSchema = z.object({ _id: z.string(), message: z.string(), from: z.string() });

export const MessagingEventSchemas = {
  MessageSent: z.object({
    messageId: z.string(),
    from: z.string(),
    to: z.string(),
    message: z.string(),
    replyTo: ReplyToSchema.nullable(),
    at: z.string(),
  }),
  MessageDeleted: z.object({ messageId: z.string(), from: z.string(), to: z.string(), at: z.string() }),
  /** `reader` has read every message `from` sent them up to `at`. */
  MessagesRead: z.object({ reader: z.string(), from: z.string(), at: z.string() }),
} as const;

export const conversationStream = (a: string, b: string) => (a < b ? `conversation-${a}-${b}` : `conversation-${b}-${a}`);

/** Bus topics between the realtime service and the command service (docs/decisions.md#d12-chat-sends-over-the-bus-delivered-once-stored). */
export const ChatTopics = {
  /** realtime -> command: a socket asked to send a message. */
  sendRequested: 'chat.send-requested',
  /** command -> realtime: deliver to rooms. */
  delivered: 'chat.delivered',
  deleted: 'chat.deleted',
  failed: 'chat.failed',
  unreadChanged: 'chat.unread-changed',
} as const;

export const SendRequestSchema = z.object({
  messageId: z.string().uuid(),
  from: z.string(),
  to: z.string(),
  message: z.string(),
  replyTo: z.object({ _id: z.string() }).nullable().optional(),
  /** The sender's own id for the message, the same on every retry of it: the message is stored once. */
  clientMessageId: z.string().uuid().optional(),
  correlationId: z.string().optional(),
  /** The realtime instance the send came from: it alone broadcasts the outcome (through the Redis adapter when there are several). */
  origin: z.string().optional(),
});
export type SendRequest = z.infer<typeof SendRequestSchema>;
