import type { Knex } from 'knex';
import type { RecordedEvent } from '@circuit/shared/ports/event-store';
import { MessagingEventSchemas } from '@circuit/shared/events/messaging';
import { deferredWrite } from '@circuit/shared/db/one-trip-transaction';
import type { Projection } from '../runner/projection';
import { sizedRows, TableChanges, toJson } from '../runner/table-changes';

/** A message as far as unread counts care: whose pair it counts in, and whether it still counts. */
interface MessageState {
  to: string;
  from: string;
  read: boolean;
  deleted: boolean;
}

const pair = (userId: string, fromId: string) => `${userId}\u0000${fromId}`;

/** Messages written before the batch that the batch deletes: their read and deleted state decide the count. */
async function loadDeleted(trx: Knex.Transaction, events: RecordedEvent[]): Promise<Map<string, MessageState>> {
  const ids = events.filter((e) => e.type === 'MessageDeleted').map((e) => (e.data as { messageId?: unknown }).messageId).filter((id): id is string => typeof id === 'string');
  const known = new Map<string, MessageState>();
  if (ids.length === 0) return known;
  const rows: { id: string; to_id: string; from_id: string; read_at: unknown; deleted_at: unknown }[] = await trx('chat_messages')
    .whereIn('id', ids)
    .select('id', 'to_id', 'from_id', 'read_at', 'deleted_at');
  for (const r of rows) known.set(r.id, { to: r.to_id, from: r.from_id, read: r.read_at !== null, deleted: r.deleted_at !== null });
  return known;
}

/**
 * chat_messages (history, threads) and chat_unread (per-sender unread counts). A count moves by
 * the messages that start or stop counting (unread and not deleted) and is reset by a read, so it
 * always equals a count of the rows without recounting them.
 */
export const messagingProjection: Projection = {
  name: 'messaging',
  tables: ['chat_messages', 'chat_unread'],
  eventTypes: ['MessageSent', 'MessageDeleted', 'MessagesRead'],
  async applyBatch(trx: Knex.Transaction, events: RecordedEvent[]) {
    if (!events.some((e) => e.type === 'MessageSent' || e.type === 'MessageDeleted' || e.type === 'MessagesRead')) return;
    const messages = new TableChanges('chat_messages', ['id']);
    const states = await loadDeleted(trx, events);
    const fresh = new Map<string, MessageState & { position: bigint }>();
    // This batch's messages by (recipient, sender), in feed order: a read looks at its pair's only.
    const freshByPair = new Map<string, string[]>();
    // Per (user, sender): a delta on the stored count, or a new value after a read.
    const unread = new Map<string, { userId: string; fromId: string; reset: boolean; value: number }>();
    const count = (userId: string, fromId: string, delta: number) => {
      const key = pair(userId, fromId);
      const entry = unread.get(key) ?? { userId, fromId, reset: false, value: 0 };
      entry.value += delta;
      unread.set(key, entry);
    };
    // The first read of each pair in the batch reads every message of the pair written before it.
    const firstReads = new Map<string, { reader: string; from: string; at: string; position: string }>();

    for (const event of events) {
      switch (event.type) {
        case 'MessageSent': {
          const d = MessagingEventSchemas.MessageSent.parse(event.data);
          messages.insert({
            id: d.messageId,
            conversation_id: event.streamId,
            from_id: d.from,
            to_id: d.to,
            message: d.message,
            reply_to: d.replyTo ?? null,
            created_at: d.at,
            position: event.position.toString(),
          });
          const ids = freshByPair.get(pair(d.to, d.from));
          if (ids) ids.push(d.messageId);
          else freshByPair.set(pair(d.to, d.from), [d.messageId]);
          fresh.set(d.messageId, { to: d.to, from: d.from, read: false, deleted: false, position: event.position });
          count(d.to, d.from, 1);
          break;
        }
        case 'MessageDeleted': {
          const d = MessagingEventSchemas.MessageDeleted.parse(event.data);
          messages.patch({ id: d.messageId }, { deleted_at: d.at });
          const state = fresh.get(d.messageId) ?? states.get(d.messageId);
          const counted = state !== undefined && !state.read && !state.deleted && !(fresh.has(d.messageId) ? false : firstReads.has(pair(state.to, state.from)));
          if (state) state.deleted = true;
          count(d.to, d.from, counted ? -1 : 0);
          break;
        }
        case 'MessagesRead': {
          const d = MessagingEventSchemas.MessagesRead.parse(event.data);
          const key = pair(d.reader, d.from);
          if (!firstReads.has(key)) firstReads.set(key, { reader: d.reader, from: d.from, at: d.at, position: event.position.toString() });
          for (const id of freshByPair.get(key) ?? []) {
            const m = fresh.get(id)!;
            if (m.to === d.reader && m.from === d.from && !m.read && m.position < event.position) {
              m.read = true;
              messages.patch({ id }, { read_at: d.at });
            }
          }
          unread.set(key, { userId: d.reader, fromId: d.from, reset: true, value: 0 });
          break;
        }
        default:
          break;
      }
    }

    if (firstReads.size > 0) {
      // Before this batch's rows go in, so it reaches only messages written before the batch.
      await deferredWrite(
        trx,
        `update chat_messages as m set read_at = r.at
           from ${sizedRows('jsonb_to_recordset(?::jsonb) as r(reader text, "from" text, at timestamptz, position bigint)', 'r', firstReads.size)}
          where m.to_id = r.reader and m.from_id = r."from" and m.read_at is null and m.position < r.position`,
        [toJson([...firstReads.values()])],
      );
    }
    await messages.flush(trx);
    const entries = [...unread.values()].map((u) => ({ user_id: u.userId, from_id: u.fromId, count: u.value, reset: u.reset }));
    for (const reset of [true, false]) {
      const rows = entries.filter((e) => e.reset === reset);
      if (rows.length === 0) continue;
      await deferredWrite(
        trx,
        `insert into chat_unread (user_id, from_id, count)
         select user_id, from_id, count from jsonb_to_recordset(?::jsonb) as x(user_id text, from_id text, count integer)
         on conflict (user_id, from_id) do update set count = ${reset ? 'excluded.count' : 'chat_unread.count + excluded.count'}`,
        [toJson(rows)],
      );
    }
  },
};
