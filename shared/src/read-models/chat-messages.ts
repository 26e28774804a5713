import type { Knex } from 'knex';
import type { ChatMessage } from '../api/messaging';

/** A row of `chat_messages` (projection-service/src/messaging writes it). */
interface ChatMessageRow {
  id: string;
  from_id: string;
  to_id: string;
  message: string;
  reply_to: ChatMessage['replyTo'];
  created_at: Date | string;
  deleted_at: Date | string | null;
}

/** A stored chat message in the API's shape; 'deleted' once deleted, undefined when the read model does not have it. */
export async function findChatMessage(knex: Knex, messageId: string): Promise<ChatMessage | 'deleted' | undefined> {
  const row = await knex('chat_messages').where({ id: messageId }).first<ChatMessageRow | undefined>();
  if (!row) return undefined;
  if (row.deleted_at) return 'deleted';
  return { _id: row.id, from: row.from_id, to: row.to_id, message: row.message, createdAt: new Date(row.created_at).toISOString(), replyTo: row.reply_to ?? null };
}
