import type { Knex } from 'knex';
import { describe } from 'vitest';
import { createKnex } from '../db/knex';
import { createTestSchema, testDatabaseUrl } from './postgres';
import { describeWhen } from './skip';

/** Opens a database for a suite; `close` drops what it made. */
export type OpenDatabase = () => Promise<{ knex: Knex; close(): Promise<void> }>;

/**
 * The same suite on PGlite, and on Postgres when TEST_DATABASE_URL names one (in a schema of its own, named
 * after `label`): what the embedded mode and a deployment each run.
 */
export function describeOnBothDatabases(title: string, label: string, suite: (open: OpenDatabase) => void): void {
  describe(`${title} on PGlite`, () => {
    suite(async () => {
      const knex = await createKnex({ kind: 'pglite' });
      return { knex, close: () => knex.destroy() };
    });
  });
  describeWhen(`${title} on Postgres`, testDatabaseUrl(), (url) => {
    suite(async () => {
      const db = await createTestSchema({ url, label });
      return { knex: db.knex, close: () => db.cleanup() };
    });
  });
}
