import type { Knex } from 'knex';
import type { Server, Socket } from 'socket.io';
import { z } from 'zod';
import { batchPerTurn } from '@circuit/shared/process/batching';
import type { Bus } from '@circuit/shared/ports/bus';
import { ChatTopics } from '@circuit/shared/events/messaging';
import type { Safely } from './socket-work';
import { emitTraced } from './traced-emit';

export interface UnreadCounts {
  unreadCounts: Record<string, number>;
  total: number;
}

/**
 * Unread counts per user, read together: every user asked for in one turn of the event loop is
 * read by one statement. Deliveries come in bursts (a projection batch releases all its sends at
 * once, and each send asks for its recipient's counts), so a burst of N messages costs one read
 * instead of N.
 */
export function unreadCountReader(knex: Knex): (userId: string) => Promise<UnreadCounts> {
  return batchPerTurn(async (userIds: string[]) => {
    const rows: { user_id: string; from_id: string; count: number }[] = await knex('chat_unread')
      .whereIn('user_id', [...new Set(userIds)])
      .andWhere('count', '>', 0)
      .select('user_id', 'from_id', 'count');
    const counts = new Map<string, UnreadCounts>();
    for (const r of rows) {
      const c = counts.get(r.user_id) ?? { unreadCounts: {}, total: 0 };
      c.unreadCounts[r.from_id] = r.count;
      c.total += r.count;
      counts.set(r.user_id, c);
    }
    // Each asker gets its own object: a caller may change what it is given.
    return userIds.map((userId) => {
      const c = counts.get(userId);
      return c ? { unreadCounts: { ...c.unreadCounts }, total: c.total } : { unreadCounts: {}, total: 0 };
    });
  });
}

const UserTopic = z.object({ userId: z.string() });

/**
 * A user's unread counts on their sockets: `unread_count_update` when the command side says they
 * changed, and on `refresh_unread_counts`.
 */
export function unreadCountsRealtime(io: Server, knex: Knex) {
  const unreadCounts = unreadCountReader(knex);
  /** Whether a user has a socket on this instance (their room here is not empty). */
  const hereNow = (userId: string) => (io.of('/').adapter.rooms.get(userId)?.size ?? 0) > 0;

  function attach(socket: Socket, safely: Safely) {
    const userId = socket.data.userId as string;
    socket.on('refresh_unread_counts', () => safely('unread counts', async () => socket.emit('unread_count_update', await unreadCounts(userId))));
  }

  function subscription(bus: Bus) {
    return bus.subscribe(ChatTopics.unreadChanged, async (payload) => {
      const u = UserTopic.safeParse(payload);
      // Only for users with a socket here: nobody else on this instance would hear the answer.
      if (!u.success || !hereNow(u.data.userId)) return;
      const counts = await unreadCounts(u.data.userId);
      emitTraced('unread_count_update', u.data.userId, () => io.local.to(u.data.userId).emit('unread_count_update', counts));
    });
  }

  return { attach, subscription };
}
