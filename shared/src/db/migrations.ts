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
  // Services of a cluster start together on one fresh database (compose, the failover test) and
  // migrate the components they share at the same moment.
  await withRetries(() => knex.migrate.latest({ migrationSource: source, tableName: `knex_migrations_${component}` }).then(() => undefined), 8);
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
