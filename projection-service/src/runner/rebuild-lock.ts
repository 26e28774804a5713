import type { Knex } from 'knex';

/** First key of every rebuild lock ("PRJR"); the second is a hash of the schema and projection name. */
const LOCK_CLASS = 0x50524a52;

export interface RebuildLock {
  release(): Promise<void>;
}

/** Locks held in this process, for PGlite: one process, one connection, nothing to share with. */
const local = new WeakMap<Knex, Set<string>>();

/**
 * Only one process rebuilds a given projection at a time. On Postgres a session-level advisory
 * lock on a connection kept for the whole rebuild: a crash of the rebuilding process ends the
 * session and frees the lock. Resolves undefined when another process holds it.
 */
export async function tryRebuildLock(knex: Knex, key: string): Promise<RebuildLock | undefined> {
  if (knex.client.config.client !== 'pg') {
    const held = local.get(knex) ?? new Set<string>();
    local.set(knex, held);
    if (held.has(key)) return undefined;
    held.add(key);
    return { release: async () => void held.delete(key) };
  }
  const connection: unknown = await knex.client.acquireConnection();
  try {
    const result = (await knex.raw('select pg_try_advisory_lock(?, hashtext(?)) as locked', [LOCK_CLASS, key]).connection(connection)) as {
      rows: { locked: boolean }[];
    };
    if (!result.rows[0]?.locked) {
      await knex.client.releaseConnection(connection);
      return undefined;
    }
  } catch (error) {
    await knex.client.releaseConnection(connection);
    throw error;
  }
  return {
    release: async () => {
      try {
        await knex.raw('select pg_advisory_unlock(?, hashtext(?))', [LOCK_CLASS, key]).connection(connection);
      } finally {
        await knex.client.releaseConnection(connection);
      }
    },
  };
}
