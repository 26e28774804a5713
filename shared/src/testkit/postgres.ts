import { randomBytes } from 'node:crypto';
import knexLib, { type Knex } from 'knex';
import { createKnex } from '../db/knex';
import { fromEnv, type Requirement } from './skip';

/**
 * A private schema on the shared test database (TEST_DATABASE_URL): every suite run gets its own,
 * so suites running at the same time, or a run that crashed before, never see each other's rows.
 */
export interface TestSchema {
  /** Name of the schema (already created). */
  schema: string;
  url: string;
  /** A knex whose connections use only this schema (search_path). */
  knex: Knex;
  /** Another knex on the same schema with a pool of its own: a second process, for concurrency tests. */
  connect(options?: { poolMax?: number }): Knex;
  /** Destroys every knex made here and drops the schema with everything in it. */
  cleanup(): Promise<void>;
}

const SCHEMA_PREFIX = 'circuit_test_';
/** Schemas of crashed runs older than this are dropped when a new one is made. */
const STALE_AFTER_SECONDS = 6 * 60 * 60;

export function testDatabaseUrl(env: NodeJS.ProcessEnv = process.env): Requirement<string> {
  return fromEnv('TEST_DATABASE_URL', env);
}

function schemaName(label: string): string {
  const clean = label.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 20) || 'run';
  const seconds = Math.floor(Date.now() / 1000).toString(36);
  return `${SCHEMA_PREFIX}${clean}_${seconds}_${randomBytes(4).toString('hex')}`;
}

function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Unsafe schema name: ${name}`);
  return `"${name}"`;
}

async function dropStaleSchemas(admin: Knex): Promise<void> {
  const rows: { nspname: string }[] = (
    await admin.raw(`select nspname from pg_namespace where nspname like ?`, [`${SCHEMA_PREFIX.replace(/_/g, '\\_')}%`])
  ).rows;
  const now = Math.floor(Date.now() / 1000);
  for (const { nspname } of rows) {
    const stamp = /_([0-9a-z]+)_[0-9a-f]{8}$/.exec(nspname)?.[1];
    if (!stamp || now - parseInt(stamp, 36) < STALE_AFTER_SECONDS) continue;
    await admin.raw(`drop schema if exists ${quoteIdent(nspname)} cascade`).catch(() => undefined);
  }
}

/** Creates a fresh schema on `url` (default TEST_DATABASE_URL) and a knex bound to it. */
export async function createTestSchema(options: { url?: string; label?: string; poolMax?: number } = {}): Promise<TestSchema> {
  const url = options.url ?? process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('createTestSchema needs TEST_DATABASE_URL (or options.url)');
  const schema = schemaName(options.label ?? 'run');
  const admin = await createKnex({ kind: 'postgres', url, poolMax: 1 });
  await dropStaleSchemas(admin);
  await admin.raw(`create schema ${quoteIdent(schema)}`);

  const made: Knex[] = [];
  const connect = ({ poolMax = 5 }: { poolMax?: number } = {}): Knex => {
    const knex = knexLib({ client: 'pg', connection: url, searchPath: [schema], pool: { min: 0, max: poolMax } });
    made.push(knex);
    return knex;
  };
  const knex = connect({ poolMax: options.poolMax ?? 5 });
  let cleaned = false;
  return {
    schema,
    url,
    knex,
    connect,
    cleanup: async () => {
      if (cleaned) return;
      cleaned = true;
      await Promise.all(made.map((k) => k.destroy().catch(() => undefined)));
      try {
        await admin.raw(`drop schema if exists ${quoteIdent(schema)} cascade`);
      } finally {
        await admin.destroy();
      }
    },
  };
}
