import { afterAll, describe, expect, it } from 'vitest';
import { createKnex, type Knex } from './knex';

describe('in-memory PGlite databases', () => {
  const opened: Knex[] = [];
  const open = async () => {
    const knex = await createKnex({ kind: 'pglite' });
    opened.push(knex);
    return knex;
  };

  afterAll(async () => {
    for (const knex of opened) await knex.destroy();
  });

  // Later databases start from a copy of the process's first one: it must be the copy of a new database,
  // never of what was written to one since.
  it('each starts empty and on its own, whatever earlier ones hold', async () => {
    const first = await open();
    await first.raw('create table notes (body text)');
    await first.raw("insert into notes values ('kept in the first only')");

    const second = await open();
    const third = await open();
    for (const knex of [second, third]) {
      const { rows } = await knex.raw<{ rows: { tables: number }[] }>("select count(*)::int as tables from pg_tables where schemaname = 'public'");
      expect(rows[0]?.tables).toBe(0);
    }
    await second.raw('create table notes (body text)');
    expect((await first('notes').select('body')).map((r: { body: string }) => r.body)).toEqual(['kept in the first only']);
    expect(await second('notes').select('body')).toEqual([]);
  });

  // Their WebAssembly memory holds all of shared_buffers from the start: the stock 128 MB would be most of
  // the embedded process's memory (docs/operations.md#settings).
  it('run with small shared buffers, or those asked for', async () => {
    const show = async (knex: Knex) => (await knex.raw<{ rows: { shared_buffers: string }[] }>('show shared_buffers')).rows[0]?.shared_buffers;
    expect(await show(await open())).toBe('16MB');
    const asked = await createKnex({ kind: 'pglite', sharedBuffers: '24MB' });
    opened.push(asked);
    expect(await show(asked)).toBe('24MB');
  });

  it('offer pg_trgm, which the search read models use', async () => {
    const knex = await open();
    await knex.raw('create extension if not exists pg_trgm');
    const { rows } = await knex.raw<{ rows: { s: number }[] }>("select similarity('circuit', 'circuits') as s");
    expect(rows[0]?.s).toBeGreaterThan(0.5);
  });
});
