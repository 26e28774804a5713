import type { Knex } from 'knex';

export interface Migration {
  name: string;
  up(knex: Knex): Promise<void>;
  down?(knex: Knex): Promise<void>;
}

/**
 * Migrations are kept in code (not loaded from a folder) so they run the same under tsx,
 * vitest and a bundler. Each component has its own bookkeeping table so the services can
 * migrate the one database independently.
 */
export async function migrate(knex: Knex, component: string, migrations: Migration[]): Promise<void> {
  const source: Knex.MigrationSource<Migration> = {
    getMigrations: async () => migrations,
    getMigrationName: (m) => m.name,
    getMigration: async (m) => ({ up: m.up, down: m.down ?? (async () => {}) }),
  };
  const tableName = `knex_migrations_${component}`;
  // Every start runs some 40 of these: a database that has exactly these migrations answers in two statements,
  // instead of the dozen of taking knex's lock and asking it (most of a later start's time on PGlite).
  if (await appliedExactly(knex, tableName, migrations)) return;
  // Services of a cluster start together on one fresh database (compose, the failover test) and
  // migrate the components they share at the same moment.
  await withRetries(async () => {
    await singleRowLockTable(knex, `${tableName}_lock`);
    await knex.migrate.latest({ migrationSource: source, tableName });
  }, 8);
}

/** Whether the bookkeeping table lists these migrations and no others (anything else goes through knex, which says what is wrong). */
async function appliedExactly(knex: Knex, tableName: string, migrations: Migration[]): Promise<boolean> {
  const found = await knex.raw<{ rows: { exists: string | null }[] }>('select to_regclass(?)::text as exists', [tableName]);
  if (!found.rows[0]?.exists) return false;
  const applied = new Set((await knex(tableName).select<{ name: string }[]>('name')).map((row) => row.name));
  return applied.size === migrations.length && migrations.every((m) => applied.has(m.name));
}

/** `migrate` for a component whose history is one migration (the command side's own small tables). */
export async function migrateOnce(knex: Knex, component: string, name: string, up: (schema: Knex.SchemaBuilder) => PromiseLike<void>): Promise<void> {
  await migrate(knex, component, [{ name, up: async (k) => up(k.schema) }]);
}

/**
 * knex's lock table as knex makes it, but holding one row at most. knex inserts its row when it
 * finds the table empty: two processes doing so at once left two rows, and from then on knex's
 * `update ... where is_locked = 0` changed two rows, which it reads as "already locked", forever.
 * With the unique index the second insert fails instead, and the next try finds the one row.
 */
async function singleRowLockTable(knex: Knex, lockTable: string): Promise<void> {
  await knex.raw('create table if not exists ?? ("index" serial primary key, "is_locked" integer)', [lockTable]);
  // A table that already holds the extra row of an earlier race keeps its first.
  await knex.raw('delete from ?? a using ?? b where a."index" > b."index"', [lockTable, lockTable]);
  await knex.raw('create unique index if not exists ?? on ?? ((true))', [`${lockTable}_one_row`, lockTable]);
}

/**
 * Another process migrating at the same moment makes knex fail (its bookkeeping table created
 * twice, or its lock taken): a few more tries, spaced out, get past that. Each migration runs in a
 * transaction, so a failed try leaves nothing half done.
 */
export async function withRetries(work: () => Promise<void>, attempts = 5): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= attempts) throw err;
      await new Promise((r) => setTimeout(r, 100 * attempt + Math.random() * 200));
    }
  }
}
