import type { Knex } from 'knex';

/**
 * Blocks are the social graph's read model: `user_blocks(blocker_id, blocked_id)`, written by the
 * social projection. These features only read it.
 */
export const BLOCKS_TABLE = 'user_blocks';

export const PROFILE_UNAVAILABLE = 'This profile is not available';

/** Whether `blockerId` has blocked `blockedId`. */
export async function hasBlocked(knex: Knex, blockerId: string, blockedId: string): Promise<boolean> {
  const row = await knex(BLOCKS_TABLE).where({ blocker_id: blockerId, blocked_id: blockedId }).first('blocker_id');
  return row !== undefined;
}
