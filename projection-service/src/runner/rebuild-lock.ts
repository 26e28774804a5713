import type { Knex } from 'knex';

/** First key of every rebuild lock ("PRJR"); the second is a hash of the schema and projection name. */
const LOCK_CLASS = 0x50524a52;

export interface RebuildLocks {
  release(): Promise<void>;
}

/** Locks held in this process, for PGlite: one process, one connection, nothing to share with. */
const local = new WeakMap<Knex, Set<string>>();

/**
 * Only one process rebuilds a given projection at a time. On Postgres, session-level advisory
 * locks on one connection kept for the whole rebuild: a crash of the rebuilding process ends the
 * session and frees them. All or nothing: resolves the first key another process holds, with no
 * lock taken, or the locks.
 */
export async function tryRebuildLocks(knex: Knex, keys: string[]): Promise<{ locks: RebuildLocks } | { heldElsewhere: string }> {
  if (knex.client.config.client !== 'pg') {
    const held = local.get(knex) ?? new Set<string>();
    local.set(knex, held);
    const taken = keys.find((k) => held.has(k));
    if (taken !== undefined) return { heldElsewhere: taken };
    for (const key of keys) held.add(key);
    return { locks: { release: async () => keys.forEach((k) => held.delete(k)) } };
  }
  const connection: unknown = await knex.client.acquireConnection();
  const taken: string[] = [];
  const unlock = async () => {
    try {
      for (const key of taken) await knex.raw('select pg_advisory_unlock(?, hashtext(?))', [LOCK_CLASS, key]).connection(connection);
    } finally {
      await knex.client.releaseConnection(connection);
    }
  };
  try {
    for (const key of keys) {
      const result = (await knex.raw('select pg_try_advisory_lock(?, hashtext(?)) as locked', [LOCK_CLASS, key]).connection(connection)) as {
        rows: { locked: boolean }[];
      };
      if (!result.rows[0]?.locked) {
        await unlock();
        return { heldElsewhere: key };
      }
      taken.push(key);
    }
  } catch (error) {
    await unlock();
    throw error;
  }
  return { locks: { release: unlock } };
}
