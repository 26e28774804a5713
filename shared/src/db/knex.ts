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

const EXTENSIONS = { pg_trgm };

/**
 * A newly initialised database, as a tar of its data directory, taken from the process's first in-memory
 * database: initdb takes 8 to 10 s on a 2-core machine and loading this copy 1.5 to 2 s, which every
 * later in-memory database (one per test file) saves.
 */
let freshDataDir: Promise<Blob> | undefined;

async function inMemoryPglite(): Promise<PGlite> {
  if (freshDataDir) {
    const loadDataDir = await freshDataDir.catch(() => undefined);
    if (loadDataDir) return PGlite.create(undefined, { extensions: EXTENSIONS, loadDataDir });
  }
  const pglite = await PGlite.create(undefined, { extensions: EXTENSIONS });
  if (!freshDataDir) {
    freshDataDir = pglite.dumpDataDir('none');
    await freshDataDir.catch(() => {
      // A database without the copy still works; the next one initialises afresh and tries again.
      freshDataDir = undefined;
    });
  }
  return pglite;
}

/**
 * One knex for the process. PGlite has a single connection: code inside
 * knex.transaction(trx => ...) must use trx, never the outer knex (it would wait forever).
 */
export async function createKnex(target: DatabaseTarget): Promise<Knex> {
  if (target.kind === 'postgres') {
    return knexLib({ client: 'pg', connection: target.url, pool: { min: 0, max: target.poolMax ?? 10 } });
  }
  let pglite: PGlite;
  if (target.dataDir) {
    const dataDir = path.resolve(target.dataDir);
    fs.mkdirSync(dataDir, { recursive: true });
    pglite = await PGlite.create(dataDir, { extensions: EXTENSIONS });
  } else {
    pglite = await inMemoryPglite();
  }
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
