import type { Knex } from 'knex';
import { batchPerTurn } from '@circuit/shared/process/batching';

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
