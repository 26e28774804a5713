import fs from 'node:fs';
import path from 'node:path';
import knexLib, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

export type { Knex };

// Postgres bigint (int8) comes back as a string from pg; positions and counts fit in a JS number.
pg.types.setTypeParser(20, (v) => Number(v));

export type DatabaseTarget =
  | { kind: 'pglite'; dataDir?: string } // dataDir undefined = in memory
  | { kind: 'postgres'; url: string; poolMax?: number };

/**
 * One knex for the process. PGlite has a single connection: code inside
 * knex.transaction(trx => ...) must use trx, never the outer knex (it would wait forever).
 */
export async function createKnex(target: DatabaseTarget): Promise<Knex> {
  if (target.kind === 'postgres') {
    return knexLib({ client: 'pg', connection: target.url, pool: { min: 0, max: target.poolMax ?? 10 } });
  }
  if (target.dataDir) fs.mkdirSync(path.resolve(target.dataDir), { recursive: true });
  const pglite = await PGlite.create(target.dataDir ? path.resolve(target.dataDir) : undefined, {
    extensions: { pg_trgm },
  });
  return knexLib({
    client: ClientPgLite as unknown as typeof knexLib.Client,
    dialect: 'postgres',
    connection: { pglite } as unknown as Knex.StaticConnectionConfig,
  });
}

export function databaseTargetFrom(config: { DATABASE_URL?: string; DATA_DIR: string }): DatabaseTarget {
  return config.DATABASE_URL
    ? { kind: 'postgres', url: config.DATABASE_URL }
    : { kind: 'pglite', dataDir: path.join(config.DATA_DIR, 'pg') };
}
