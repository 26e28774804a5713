import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestSchema, testDatabaseUrl, type TestSchema } from '../testkit/postgres';
import { describeWhen } from '../testkit/skip';
import { migrate } from './migrations';

// Services of a cluster start together on one fresh database and migrate what they share at once.
describeWhen('migrations started by several processes at the same moment', testDatabaseUrl(), (url) => {
  let db: TestSchema;
  beforeAll(async () => {
    db = await createTestSchema({ url, label: 'migrate_race' });
  });
  afterAll(async () => {
    await db?.cleanup();
  });

  it('all succeed, and each migration runs once', async () => {
    const processes = Array.from({ length: 4 }, () => db.connect({ poolMax: 2 }));
    const migration = { name: '001_things', up: (k: typeof db.knex) => k.schema.createTable('things', (t) => t.text('id').primary()) };
    await Promise.all(processes.map((knex) => migrate(knex, 'race', [migration])));
    expect(await db.knex('knex_migrations_race').select('name')).toEqual([{ name: '001_things' }]);
    expect(await db.knex.schema.hasTable('things')).toBe(true);
    // knex's lock table keeps a single row (two rows read as "already locked" for ever after).
    expect(await db.knex('knex_migrations_race_lock').select('is_locked')).toEqual([{ is_locked: 0 }]);
  });

  it('gets past the second lock row an earlier race left behind', async () => {
    const knex = db.connect({ poolMax: 2 });
    await knex.schema.createTable('knex_migrations_scarred_lock', (t) => {
      t.increments('index').primary();
      t.integer('is_locked');
    });
    await knex('knex_migrations_scarred_lock').insert([{ is_locked: 0 }, { is_locked: 0 }]);
    await migrate(knex, 'scarred', [{ name: '001_other_things', up: (k) => k.schema.createTable('other_things', (t) => t.text('id').primary()) }]);
    expect(await knex.schema.hasTable('other_things')).toBe(true);
  });
});
