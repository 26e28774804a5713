import type { Knex } from 'knex';
import { BLOCKS_TABLE } from './blocks';

/**
 * For tests: records that `blockerId` blocked `blockedId` straight in the social read model
 * (`user_blocks`, owned by the social projection), making the table when that feature is absent.
 */
export async function recordBlock(knex: Knex, blockerId: string, blockedId: string): Promise<void> {
  if (!(await knex.schema.hasTable(BLOCKS_TABLE))) {
    await knex.schema.createTable(BLOCKS_TABLE, (t) => {
      t.text('blocker_id').notNullable();
      t.text('blocked_id').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.primary(['blocker_id', 'blocked_id']);
    });
  }
  await knex(BLOCKS_TABLE).insert({ blocker_id: blockerId, blocked_id: blockedId, created_at: new Date().toISOString() });
}
