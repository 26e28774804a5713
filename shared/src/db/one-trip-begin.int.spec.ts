import { afterAll, beforeAll, expect, it } from 'vitest';
import pg from 'pg';
import { createTestSchema, testDatabaseUrl, type TestSchema } from '../testkit/postgres';
import { describeWhen } from '../testkit/skip';
import { transactionBegunWithFirstStatement } from './one-trip-begin';

describeWhen('a transaction begun with its first statement', testDatabaseUrl(), (url) => {
  let db: TestSchema;
  const sent: string[] = [];
  const query = pg.Client.prototype.query;

  beforeAll(async () => {
    db = await createTestSchema({ url, label: 'one_trip_begin' });
    await db.knex.schema.createTable('things', (t) => {
      t.text('id').primary();
    });
    // Every query message the pg driver sends (one round trip each), by its text.
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const config = args[0];
      const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
      if (typeof text === 'string') sent.push(text.trim());
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
  });
  afterAll(async () => {
    pg.Client.prototype.query = query;
    await db?.cleanup();
  });

  const ids = async () => (await db.knex('things').orderBy('id').select('id')).map((r: { id: string }) => r.id);

  it('sends the BEGIN with a first statement without parameters, in one round trip, and commits both', async () => {
    sent.length = 0;
    await transactionBegunWithFirstStatement(db.knex, async (trx) => {
      await trx.raw(`insert into things (id) values ('a')`);
      await trx('things').insert({ id: 'b' });
    });
    expect(sent).toEqual([`BEGIN; insert into things (id) values ('a')`, 'insert into "things" ("id") values ($1)', 'COMMIT;']);
    expect(await ids()).toEqual(['a', 'b']);
  });

  it('a rollback undoes the first statement too: it ran inside the transaction', async () => {
    await expect(
      transactionBegunWithFirstStatement(db.knex, async (trx) => {
        await trx.raw(`insert into things (id) values ('c')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await ids()).toEqual(['a', 'b']);
  });

  it('a first statement with parameters goes after a BEGIN of its own, still inside the transaction', async () => {
    sent.length = 0;
    await expect(
      transactionBegunWithFirstStatement(db.knex, async (trx) => {
        await trx('things').insert({ id: 'd' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(sent.slice(0, 2)).toEqual(['BEGIN;', 'insert into "things" ("id") values ($1)']);
    expect(await ids()).toEqual(['a', 'b']);
  });
});
