import type { Knex } from 'knex';
import { migrate } from '@circuit/shared/db/migrations';

/**
 * Typo-tolerant user search runs on pg_trgm (PGlite loads it in shared/src/db/knex.ts). The
 * extension is installed in `public` and every use of it is qualified with the schema it lives
 * in, so it also works for connections whose search_path leaves `public` out (the per-run test
 * schemas on a shared Postgres).
 */

const schemas = new WeakMap<Knex, Promise<string>>();

async function extensionSchema(knex: Knex): Promise<string | undefined> {
  const result = (await knex.raw(
    `select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`,
  )) as { rows: { schema: string }[] };
  return result.rows[0]?.schema;
}

function quoteIdent(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_$]*$/.test(name)) throw new Error(`Unexpected schema name for pg_trgm: ${name}`);
  return `"${name}"`;
}

/** Installs pg_trgm when missing (two processes racing to install it is fine) and returns its quoted schema. */
export function trigramSchema(knex: Knex): Promise<string> {
  let schema = schemas.get(knex);
  if (!schema) {
    schema = (async () => {
      let found = await extensionSchema(knex);
      if (!found) {
        try {
          await knex.raw('create extension if not exists pg_trgm with schema public');
        } catch (error) {
          // Another process installed it in the meantime (a unique violation on pg_extension).
          if (!(await extensionSchema(knex))) throw error;
        }
        found = await extensionSchema(knex);
      }
      if (!found) throw new Error('pg_trgm could not be installed');
      return quoteIdent(found);
    })();
    schema.catch(() => schemas.delete(knex));
    schemas.set(knex, schema);
  }
  return schema;
}

/** The text a user search matches: name, username and tagline (each with its own trigram index). */
export const SEARCH_NAME = `(u.first_name || ' ' || u.last_name)`;

export async function migrateSearchReadModels(knex: Knex): Promise<void> {
  const trgm = await trigramSchema(knex);
  await migrate(knex, 'read_models_search', [
    {
      name: '001_users_trigram_indexes',
      up: async (k) => {
        await k.raw(`create index if not exists users_name_trgm on users using gin ((first_name || ' ' || last_name) ${trgm}.gin_trgm_ops)`);
        await k.raw(`create index if not exists users_username_trgm on users using gin (username ${trgm}.gin_trgm_ops)`);
        await k.raw(`create index if not exists users_tagline_trgm on users using gin (tagline ${trgm}.gin_trgm_ops)`);
      },
    },
  ]);
}
