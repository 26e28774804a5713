import type { Knex } from 'knex';
import type { Server, Socket } from 'socket.io';
import { z } from 'zod';
import { isOnlineFor } from '@circuit/shared/presence/online-visibility';
import type { Presence } from '@circuit/shared/presence/presence';
import type { Safely } from './socket-work';

/**
 * Who is online, as a user's connections hear it: `user_online` when the user's first socket
 * anywhere opens and `user_offline` when their last one closes, and `check_online` for one person.
 * The count itself is the presence table the admission keeps.
 */
export function presenceRealtime(io: Server, knex: Knex, presence: Presence) {
  const connectionsOf = async (userId: string): Promise<string[]> =>
    (await knex('user_connections').where({ user_id: userId }).select('other_id')).map((r: { other_id: string }) => r.other_id);

  async function announcePresence(userId: string, event: 'user_online' | 'user_offline') {
    const connections = await connectionsOf(userId);
    if (connections.length > 0) io.to(connections).emit(event, userId);
  }

  function attach(socket: Socket, safely: Safely) {
    const userId = socket.data.userId as string;
    // Admission counted the socket in (and online); only the user's first socket is news to their connections.
    if (socket.data.firstSocket === true) safely('presence', () => announcePresence(userId, 'user_online'));

    // Only a connection, and never across a block, learns whether someone is online.
    socket.on('check_online', (target: unknown, ack?: unknown) => {
      if (typeof ack !== 'function') return;
      const parsed = z.string().uuid().safeParse(target);
      if (!parsed.success) return (ack as (v: boolean) => void)(false);
      safely('check online', async () => (ack as (v: boolean) => void)(await isOnlineFor(knex, presence, userId, parsed.data)));
    });
  }

  /** After a socket's slot was given back: the user's last socket gone anywhere is news to their connections. */
  async function released(userId: string) {
    if (!(await presence.isOnline(userId))) await announcePresence(userId, 'user_offline');
  }

  return { attach, released };
}
