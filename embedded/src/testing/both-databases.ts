import { afterAll, beforeAll, describe } from 'vitest';
import { createTestSchema, testDatabaseUrl, type TestSchema } from '@circuit/shared/testkit/postgres';
import { describeWhen } from '@circuit/shared/testkit/skip';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app';

/**
 * Declares `suite` twice: as `<title> on PGlite`, on the in-memory database every run has, and as
 * `<title> on Postgres`, on a schema of TEST_DATABASE_URL where simultaneous appends truly race
 * (skipped, saying why, without one; docs/decisions.md#d22-tests-by-level-suites-that-need-a-service-say-why-they-skipped).
 * Each builds its own app; `app()` answers it inside the suite's tests.
 */
export function describeOnBothDatabases(
  title: string,
  options: { schemaLabel: string; app?: Omit<TestAppOptions, 'knex'> },
  suite: (app: () => TestApp) => void,
): void {
  describe(`${title} on PGlite`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(options.app);
    });
    afterAll(async () => t?.stop());
    suite(() => t);
  });

  describeWhen(`${title} on Postgres`, testDatabaseUrl(), (url) => {
    let db: TestSchema;
    let t: TestApp;
    beforeAll(async () => {
      db = await createTestSchema({ url, label: options.schemaLabel, poolMax: 10 });
      t = await createTestApp({ ...options.app, knex: db.knex });
    });
    afterAll(async () => {
      await t?.stop();
      await db?.cleanup();
    });
    suite(() => t);
  });
}
