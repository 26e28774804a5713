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
  /** dataDir undefined = in memory: a new database, or the copy `loadDataDir` (from `pgliteSnapshot`). */
  | { kind: 'pglite'; dataDir?: string; sharedBuffers?: string; loadDataDir?: Blob }
  | { kind: 'postgres'; url: string; poolMax?: number };

const EXTENSIONS = { pg_trgm };

/** PGlite's shared_buffers unless told otherwise (PGLITE_SHARED_BUFFERS, docs/operations.md#settings). */
export const DEFAULT_PGLITE_SHARED_BUFFERS = '16MB';

/**
 * Postgres settings for a PGlite, on top of PGlite's own. Its WebAssembly memory is resident from the start
 * for all of shared_buffers and of the per-connection shared structures (locks, procs), and never shrinks:
 * Postgres's stock 128 MB of buffers and 100 connections made some 150 MB of a later start's 480 MB RSS. One
 * process is PGlite's only client (single-user mode), and the operating system's file cache keeps the pages
 * the smaller buffer pool lets go.
 */
function startParams(sharedBuffers = DEFAULT_PGLITE_SHARED_BUFFERS): string[] {
  return [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`, '-c', 'max_connections=10'];
}

/**
 * A newly initialised database, as a tar of its data directory, taken from the process's first in-memory
 * database: initdb takes 8 to 10 s on a 2-core machine and loading this copy about half a second, which every
 * later in-memory database (one per test file) saves. The copy is kept small, as loading it costs by its size
 * (40 MB took a second): WAL segments of 1 MB instead of 16, and without the template databases, which only
 * CREATE DATABASE reads (nothing in memory does).
 */
let freshDataDir: Promise<Blob> | undefined;

async function inMemoryPglite(sharedBuffers?: string, loadDataDir?: Blob): Promise<PGlite> {
  const options = { extensions: EXTENSIONS, startParams: startParams(sharedBuffers) };
  if (loadDataDir) return PGlite.create(undefined, { ...options, loadDataDir });
  if (freshDataDir) {
    const fresh = await freshDataDir.catch(() => undefined);
    if (fresh) return PGlite.create(undefined, { ...options, loadDataDir: fresh });
  }
  const pglite = await PGlite.create(undefined, { ...options, initDbStartParams: ['--wal-segsize=1'] });
  if (!freshDataDir) {
    freshDataDir = withoutTemplates(pglite).then(() => snapshotOf(pglite));
    await freshDataDir.catch(() => {
      // A database without the copy still works; the next one initialises afresh and tries again.
      freshDataDir = undefined;
    });
  }
  return pglite;
}

async function withoutTemplates(pglite: PGlite): Promise<void> {
  for (const name of ['template0', 'template1']) {
    await pglite.query(`alter database ${name} is_template false`);
    await pglite.query(`drop database ${name}`);
  }
}

/** Everything written so far in the data files, so that a copy starts without replaying the WAL. */
async function snapshotOf(pglite: PGlite): Promise<Blob> {
  await pglite.query('checkpoint');
  return pglite.dumpDataDir('none');
}

/**
 * A copy of an in-memory database as it is now, for `createKnex({ kind: 'pglite', loadDataDir })`: a test kit
 * copies a migrated database instead of migrating each new one.
 */
export function pgliteSnapshot(knex: Knex): Promise<Blob> {
  const { pglite } = knex.client.config.connection as { pglite?: PGlite };
  if (!pglite) throw new Error('pgliteSnapshot: this knex is not on PGlite');
  return snapshotOf(pglite);
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
    pglite = await PGlite.create(dataDir, { extensions: EXTENSIONS, startParams: startParams(target.sharedBuffers) });
  } else {
    pglite = await inMemoryPglite(target.sharedBuffers, target.loadDataDir);
  }
  return knexLib({
    client: ClientPgLite as unknown as typeof knexLib.Client,
    dialect: 'postgres',
    connection: { pglite } as unknown as Knex.StaticConnectionConfig,
  });
}

export function databaseTargetFrom(config: { DATABASE_URL?: string; DATA_DIR: string; PGLITE_SHARED_BUFFERS?: string }): DatabaseTarget {
  return config.DATABASE_URL
    ? { kind: 'postgres', url: config.DATABASE_URL }
    : { kind: 'pglite', dataDir: path.join(config.DATA_DIR, 'pg'), sharedBuffers: config.PGLITE_SHARED_BUFFERS };
}
