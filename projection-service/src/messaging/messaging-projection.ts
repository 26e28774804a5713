import type { Knex } from 'knex';
import type { RecordedEvent } from '@circuit/shared/ports/event-store';
import { MessagingEventSchemas } from '@circuit/shared/events/messaging';
import type { Projection } from '../runner/projection';

/** Unread messages of `userId` from `fromId`, recounted from the rows so the field never drifts. */
async function recountUnread(trx: Knex.Transaction, userId: string, fromId: string): Promise<void> {
  await trx.raw(
    `insert into chat_unread (user_id, from_id, count)
     select ?, ?, count(*) from chat_messages
      where to_id = ? and from_id = ? and read_at is null and deleted_at is null
     on conflict (user_id, from_id) do update set count = excluded.count`,
    [userId, fromId, userId, fromId],
  );
}

/** chat_messages (history, threads) and chat_unread (per-sender unread counts). */
export const messagingProjection: Projection = {
  name: 'messaging',
  tables: ['chat_messages', 'chat_unread'],
  async apply(trx, event: RecordedEvent) {
    switch (event.type) {
      case 'MessageSent': {
        const d = MessagingEventSchemas.MessageSent.parse(event.data);
        await trx('chat_messages')
          .insert({
            id: d.messageId,
            conversation_id: event.streamId,
            from_id: d.from,
            to_id: d.to,
            message: d.message,
            reply_to: d.replyTo ? JSON.stringify(d.replyTo) : null,
            created_at: d.at,
            position: event.position.toString(),
          })
          .onConflict('id')
          .ignore();
        await recountUnread(trx, d.to, d.from);
        return;
      }
      case 'MessageDeleted': {
        const d = MessagingEventSchemas.MessageDeleted.parse(event.data);
        await trx('chat_messages').where({ id: d.messageId }).update({ deleted_at: d.at });
        await recountUnread(trx, d.to, d.from);
        return;
      }
      case 'MessagesRead': {
        const d = MessagingEventSchemas.MessagesRead.parse(event.data);
        await trx('chat_messages')
          .where({ to_id: d.reader, from_id: d.from })
          .whereNull('read_at')
          .andWhere('position', '<', event.position.toString())
          .update({ read_at: d.at });
        await recountUnread(trx, d.reader, d.from);
        return;
      }
      default:
        return;
    }
  },
};
