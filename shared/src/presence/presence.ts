import type { Knex } from 'knex';
import { migrate } from '../db/migrations';

const TABLE = 'presence_sockets';
/** A socket counts as connected while its instance has confirmed it within this window. */
export const PRESENCE_TTL_MS = 75_000;

/**
 * Who is online, shared by every realtime instance and read by the query side: one row per
 * connected socket, refreshed by its instance's heartbeat, so sockets of a crashed instance
 * fade out after PRESENCE_TTL_MS.
 */
export class Presence {
  private constructor(private readonly knex: Knex) {}

  static async create(knex: Knex): Promise<Presence> {
    await migrate(knex, 'presence', [
      {
        name: '001_presence_sockets',
        up: (k) =>
          k.schema.createTable(TABLE, (t) => {
            t.text('socket_id').primary();
            t.text('user_id').notNullable().index();
            t.text('instance_id').notNullable().index();
            t.timestamp('seen_at', { useTz: true }).notNullable();
          }),
      },
    ]);
    return new Presence(knex);
  }

  async connected(socketId: string, userId: string, instanceId: string, now = new Date()): Promise<void> {
    await this.knex(TABLE).insert({ socket_id: socketId, user_id: userId, instance_id: instanceId, seen_at: now }).onConflict('socket_id').merge();
  }

  /**
   * Counts the socket in for its user unless `cap` of the user's sockets are open already, over
   * every instance. One step: admissions of one user wait on each other (a transaction-scoped
   * advisory lock), and the count runs after the lock is held, in a statement of its own, so it
   * sees every socket admitted before; a count read and then written apart let a burst of
   * handshakes on several instances all pass. `others`: the user's open sockets before this one.
   */
  async admit(socketId: string, userId: string, instanceId: string, cap: number, now = new Date()): Promise<{ admitted: boolean; others: number }> {
    return this.knex.transaction(async (trx) => {
      await trx.raw(`select pg_advisory_xact_lock(hashtext(current_schema() || ':presence-admit:' || ?))`, [userId]);
      const [row] = await trx(TABLE)
        .where({ user_id: userId })
        .andWhere('seen_at', '>', new Date(now.getTime() - PRESENCE_TTL_MS))
        .count<{ count: number | string }[]>('socket_id as count');
      const others = Number(row?.count ?? 0);
      if (others >= cap) return { admitted: false, others };
      await trx(TABLE).insert({ socket_id: socketId, user_id: userId, instance_id: instanceId, seen_at: now }).onConflict('socket_id').merge();
      return { admitted: true, others };
    });
  }

  async disconnected(socketId: string): Promise<void> {
    await this.knex(TABLE).where({ socket_id: socketId }).del();
  }

  /** Refreshes every socket of one instance (its heartbeat) and forgets long-dead ones. */
  async heartbeat(instanceId: string, now = new Date()): Promise<void> {
    await this.knex(TABLE).where({ instance_id: instanceId }).update({ seen_at: now });
    await this.knex(TABLE).where('seen_at', '<', new Date(now.getTime() - 10 * PRESENCE_TTL_MS)).del();
  }

  async forgetInstance(instanceId: string): Promise<void> {
    await this.knex(TABLE).where({ instance_id: instanceId }).del();
  }

  async isOnline(userId: string, now = new Date()): Promise<boolean> {
    const row = await this.knex(TABLE).where({ user_id: userId }).andWhere('seen_at', '>', new Date(now.getTime() - PRESENCE_TTL_MS)).first('socket_id');
    return Boolean(row);
  }

  async onlineAmong(userIds: string[], now = new Date()): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows: { user_id: string }[] = await this.knex(TABLE)
      .distinct('user_id')
      .whereIn('user_id', userIds)
      .andWhere('seen_at', '>', new Date(now.getTime() - PRESENCE_TTL_MS));
    return new Set(rows.map((r) => r.user_id));
  }
}
