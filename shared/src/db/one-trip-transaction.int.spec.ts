import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import pg from 'pg';
import { createTestSchema, testDatabaseUrl, type TestSchema } from '../testkit/postgres';
import { describeWhen } from '../testkit/skip';
import { deferredWrite, oneTripTransaction } from './one-trip-transaction';

describeWhen('a one-trip transaction', testDatabaseUrl(), (url) => {
  let db: TestSchema;
  const sent: string[] = [];
  const query = pg.Client.prototype.query;

  beforeAll(async () => {
    // One connection: a transaction that left it aborted would fail every statement after it.
    db = await createTestSchema({ url, label: 'one_trip', poolMax: 1 });
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
  beforeEach(() => {
    sent.length = 0;
  });

  const ids = async () => (await db.knex('things').orderBy('id').select('id')).map((r: { id: string }) => r.id);
  const insert = (id: string) => ['insert into ?? (id) values (?)', ['things', id]] as const;

  it('sends the BEGIN with a first statement without parameters, in one round trip, and commits both', async () => {
    await oneTripTransaction(db.knex, async (trx) => {
      await trx.raw(`insert into things (id) values ('a')`);
      await trx('things').insert({ id: 'b' });
    });
    expect(sent).toEqual([`BEGIN; insert into things (id) values ('a')`, 'insert into "things" ("id") values ($1)', 'COMMIT;']);
    expect(await ids()).toEqual(['a', 'b']);
  });

  it('a rollback undoes the first statement too: it ran inside the transaction', async () => {
    await expect(
      oneTripTransaction(db.knex, async (trx) => {
        await trx.raw(`insert into things (id) values ('c')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await ids()).toEqual(['a', 'b']);
  });

  it('a first statement with parameters goes after a BEGIN of its own, still inside the transaction', async () => {
    await expect(
      oneTripTransaction(db.knex, async (trx) => {
        await trx('things').insert({ id: 'd' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(sent.slice(0, 2)).toEqual(['BEGIN;', 'insert into "things" ("id") values ($1)']);
    expect(await ids()).toEqual(['a', 'b']);
  });

  it('deferred writes travel with the COMMIT: the whole transaction is one message, values inlined as literals', async () => {
    await oneTripTransaction(db.knex, async (trx) => {
      await deferredWrite(trx, ...insert('e'));
      await deferredWrite(trx, ...insert(`f's \\ "g"`));
    });
    expect(sent).toEqual([`BEGIN; insert into "things" (id) values ('e'); insert into "things" (id) values ( E'f''s \\\\ "g"'); COMMIT;`]);
    expect(await ids()).toEqual(['a', 'b', 'e', `f's \\ "g"`]);
  });

  it('a read carries the writes waiting before it and sees them', async () => {
    const counted = await oneTripTransaction(db.knex, async (trx) => {
      await deferredWrite(trx, ...insert('h'));
      return Number((await trx.raw(`select count(*) as n from things`)).rows[0].n);
    });
    expect(counted).toBe(5);
    expect(sent).toEqual([`BEGIN; insert into "things" (id) values ('h'); select count(*) as n from things`, 'COMMIT;']);
  });

  it('a statement with parameters goes after the waiting writes, which it needs to see', async () => {
    const found = await oneTripTransaction(db.knex, async (trx) => {
      await deferredWrite(trx, ...insert('i'));
      return trx('things').where({ id: 'i' }).first('id');
    });
    expect(found).toEqual({ id: 'i' });
    expect(sent).toEqual([`BEGIN; insert into "things" (id) values ('i');`, 'select "id" from "things" where "id" = $1 limit $2', 'COMMIT;']);
  });

  it('a failing deferred write fails the transaction: nothing of it stays, and the connection is rolled back for the next user', async () => {
    await expect(
      oneTripTransaction(db.knex, async (trx) => {
        await deferredWrite(trx, ...insert('j'));
        await deferredWrite(trx, ...insert('a'));
      }),
    ).rejects.toThrow(/duplicate key/);
    expect(sent.at(-1)).toBe('ROLLBACK');
    expect(await ids()).toEqual(['a', 'b', 'e', `f's \\ "g"`, 'h', 'i']);
  });

  it('a failing deferred write fails the read that carried it, and a statement with parameters after it', async () => {
    await expect(
      oneTripTransaction(db.knex, async (trx) => {
        await deferredWrite(trx, ...insert('a'));
        await trx.raw('select 1');
      }),
    ).rejects.toThrow(/duplicate key/);
    await expect(
      oneTripTransaction(db.knex, async (trx) => {
        await deferredWrite(trx, ...insert('a'));
        await trx('things').insert({ id: 'k' });
      }),
    ).rejects.toThrow(/duplicate key/);
    expect(await ids()).not.toContain('k');
  });

  it('outside a one-trip transaction a deferred write runs at once', async () => {
    await db.knex.transaction(async (trx) => {
      await deferredWrite(trx, ...insert('l'));
      expect(sent.at(-1)).toBe('insert into "things" (id) values ($1)');
    });
    expect(await ids()).toContain('l');
  });

  it('a transaction that fails before sending anything sends nothing', async () => {
    await expect(
      oneTripTransaction(db.knex, async () => {
        throw new Error('nothing to do');
      }),
    ).rejects.toThrow('nothing to do');
    expect(sent).toEqual([]);
  });
});
