import type { Knex } from 'knex';
import { migrateOnce } from '@circuit/shared/db/migrations';
import type { EventStore, SubscribeOptions, Subscription } from '@circuit/shared/ports/event-store';

/** Where each process manager of the command side has got to in the feed, by name. */
const TABLE = 'process_manager_checkpoints';

export async function migrateProcessManagers(knex: Knex): Promise<void> {
  await migrateOnce(knex, 'process_managers', '001_checkpoints', (schema) => schema.createTable(TABLE, (t) => {
    t.text('name').primary();
    t.bigInteger('position').notNullable();
  }));
}

/**
 * Follows the feed from the process manager's checkpoint. On its first start it begins at the
 * head, and remembers that point across restarts: it reacts to what happens from now on, not to
 * the whole history. With `firstStart: 'beginning'` it begins at the start of the feed instead
 * (for reactions that are idempotent appends), and its first saved checkpoint is the first row.
 * The subscription says where it began (`after`).
 */
export async function subscribeFromCheckpoint(
  deps: { knex: Knex; store: EventStore },
  name: string,
  handlers: Omit<SubscribeOptions, 'after'>,
  options: { firstStart?: 'head' | 'beginning' } = {},
): Promise<Subscription & { after: bigint }> {
  let after = await readCheckpoint(deps.knex, name);
  if (after === undefined && options.firstStart === 'beginning') after = 0n;
  if (after === undefined) {
    after = await deps.store.headPosition();
    await deps.knex(TABLE).insert({ name, position: after.toString() }).onConflict('name').ignore();
  }
  const subscription = deps.store.subscribe({ after, ...handlers });
  return { after, stop: () => subscription.stop() };
}

/** The position the process manager had handled, or undefined before its first checkpoint. */
export async function readCheckpoint(knex: Knex, name: string): Promise<bigint | undefined> {
  const row = (await knex(TABLE).where({ name }).first('position')) as { position: number | string } | undefined;
  return row === undefined ? undefined : BigInt(row.position);
}

/** Moves the process manager's checkpoint to `position`, once its work up to there is done. */
export async function saveCheckpoint(knex: Knex, name: string, position: bigint): Promise<void> {
  await knex(TABLE).insert({ name, position: position.toString() }).onConflict('name').merge();
}
