import type { Knex } from 'knex';
import { SOCIAL_TABLES } from '../read-models/social';
import type { Presence } from './presence';

/**
 * Whether `viewerId` may see that `targetId` is online: only a connection may, and never across
 * a block in either direction (the REST route and the socket's check_online answer the same).
 */
export async function mayTellOnline(knex: Knex, viewerId: string, targetId: string): Promise<boolean> {
  if (viewerId === targetId) return true;
  const row = (await knex
    .select(
      knex.raw(`exists (select 1 from ${SOCIAL_TABLES.connections} where user_id = ? and other_id = ?) as "connected"`, [viewerId, targetId]),
      knex.raw(
        `exists (select 1 from ${SOCIAL_TABLES.blocks} where (blocker_id = ? and blocked_id = ?) or (blocker_id = ? and blocked_id = ?)) as "blocked"`,
        [viewerId, targetId, targetId, viewerId],
      ),
    )
    .first()) as { connected?: unknown; blocked?: unknown } | undefined;
  return row?.connected === true && row.blocked !== true;
}

/** Online as `viewerId` may know it: false for everyone who may not see it. */
export async function isOnlineFor(knex: Knex, presence: Presence, viewerId: string, targetId: string): Promise<boolean> {
  return (await mayTellOnline(knex, viewerId, targetId)) && (await presence.isOnline(targetId));
}
