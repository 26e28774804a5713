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
  await knex.migrate.latest({ migrationSource: source, tableName: `knex_migrations_${component}` });
}
