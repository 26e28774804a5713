import { afterAll, describe, expect, it } from 'vitest';
import { createKnex, type Knex } from '@circuit/shared/db/knex';
import { composeAndStop, composedPglite } from './composed-database';

/** Tables with their columns, and the rows of those with any, as the app's queries would find them. */
async function contents(knex: Knex): Promise<Record<string, unknown>> {
  const { rows: columns } = await knex.raw<{ rows: { table_name: string; column_name: string }[] }>(
    "select table_name, column_name from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position",
  );
  const tables: Record<string, unknown> = {};
  for (const { table_name, column_name } of columns) ((tables[table_name] ??= { columns: [] as string[] }) as { columns: string[] }).columns.push(column_name);
  for (const name of Object.keys(tables)) {
    // knex's bookkeeping records when each migration ran.
    const rows = name.startsWith('knex_migrations') && !name.endsWith('_lock') ? await knex(name).select('name').orderBy('name') : await knex(name).select('*');
    if (rows.length > 0) (tables[name] as { rows?: unknown[] }).rows = rows.map((row) => JSON.stringify(row)).sort();
  }
  return tables;
}

describe('the composed database test apps and journeys start on', () => {
  const opened: Knex[] = [];
  afterAll(async () => {
    for (const knex of opened) await knex.destroy();
  });

  it('holds what composing the app on a new database leaves, and none of what an earlier copy was given', async () => {
    const fresh = await createKnex({ kind: 'pglite' });
    opened.push(fresh);
    await composeAndStop(fresh);

    const first = await composedPglite();
    opened.push(first);
    await first('event_store_xid_offset').update({ xid_offset: 42 });
    await first.raw('create table written_by_a_test (id int)');

    const second = await composedPglite();
    opened.push(second);
    expect(await contents(second)).toEqual(await contents(fresh));
  });
});
