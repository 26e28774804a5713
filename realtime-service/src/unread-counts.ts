import type { Knex } from 'knex';

export interface UnreadCounts {
  unreadCounts: Record<string, number>;
  total: number;
}

/**
 * Unread counts per user, read together: every user asked for in one turn of the event loop is
 * read by one statement. Deliveries come in bursts (a projection batch releases all its sends at
 * once, and each send asks for its recipient's counts), so a burst of N messages costs one read
 * instead of N. A request never joins a read already sent: what it gets was read after it asked.
 */
export class UnreadCountReader {
  private waiting = new Map<string, { resolve(counts: UnreadCounts): void; reject(error: unknown): void }[]>();

  constructor(private readonly knex: Knex) {}

  countsOf(userId: string): Promise<UnreadCounts> {
    return new Promise((resolve, reject) => {
      if (this.waiting.size === 0) setImmediate(() => void this.read());
      const list = this.waiting.get(userId) ?? [];
      list.push({ resolve, reject });
      this.waiting.set(userId, list);
    });
  }

  private async read(): Promise<void> {
    const batch = this.waiting;
    this.waiting = new Map();
    try {
      const rows: { user_id: string; from_id: string; count: number }[] = await this.knex('chat_unread')
        .whereIn('user_id', [...batch.keys()])
        .andWhere('count', '>', 0)
        .select('user_id', 'from_id', 'count');
      const counts = new Map<string, UnreadCounts>();
      for (const r of rows) {
        const c = counts.get(r.user_id) ?? { unreadCounts: {}, total: 0 };
        c.unreadCounts[r.from_id] = r.count;
        c.total += r.count;
        counts.set(r.user_id, c);
      }
      for (const [userId, list] of batch) {
        // Each waiter gets its own object: a caller may change what it is given.
        for (const w of list) {
          const c = counts.get(userId);
          w.resolve(c ? { unreadCounts: { ...c.unreadCounts }, total: c.total } : { unreadCounts: {}, total: 0 });
        }
      }
    } catch (error) {
      for (const list of batch.values()) for (const w of list) w.reject(error);
    }
  }
}
