import type { Knex } from 'knex';

/**
 * Columns of the read-model tables, declared several to a call in the order the table has them.
 * The migrations made with these build exactly what knex's builder calls they stand for build
 * (`text('a', 'b')` is `t.text('a').notNullable(); t.text('b').notNullable()`), so a migration
 * written this way after it ran somewhere means the same there and on a new database.
 */
export type Columns = (t: Knex.CreateTableBuilder) => void;

const each =
  (add: (t: Knex.CreateTableBuilder, name: string) => unknown) =>
  (...names: string[]): Columns =>
  (t) => {
    for (const name of names) add(t, name);
  };

const instant = (t: Knex.CreateTableBuilder, name: string) => t.timestamp(name, { useTz: true });

/** The table's key: one text column. */
export const textKey = (name: string): Columns => (t) => void t.text(name).primary();
/** The table's key: several columns, in the order given. */
export const primaryKey = (...names: string[]): Columns => (t) => void t.primary(names);
/** Text that every row has. */
export const text = each((t, name) => t.text(name).notNullable());
/** Text that every row has, with an index of its own (knex's `<table>_<column>_index`). */
export const indexedText = each((t, name) => t.text(name).notNullable().index());
export const optionalText = each((t, name) => t.text(name));
export const textArrays = each((t, name) => t.specificType(name, 'text[]').notNullable());
/** Instants (timestamptz) that every row has. */
export const instants = each((t, name) => instant(t, name).notNullable());
export const optionalInstants = each((t, name) => instant(t, name));
export const jsonb = each((t, name) => t.jsonb(name).notNullable());
/** JSON objects that start empty. */
export const jsonbObjects = each((t, name) => t.jsonb(name).notNullable().defaultTo('{}'));
/** Whole numbers that every row has. */
export const integers = each((t, name) => t.integer(name).notNullable());
/** Counts kept on a row, from 0. */
export const counters = each((t, name) => t.integer(name).notNullable().defaultTo(0));
/** Flags that start unset. */
export const flags = each((t, name) => t.boolean(name).notNullable().defaultTo(false));
/** A feed position: the strict order of rows written at the same instant. */
export const positions = each((t, name) => t.bigInteger(name).notNullable());
export const tsvector = each((t, name) => t.specificType(name, 'tsvector').notNullable());

export async function createTable(k: Knex, table: string, ...columns: Columns[]): Promise<void> {
  await k.schema.createTable(table, (t) => {
    for (const add of columns) add(t);
  });
}

/** Runs index statements in order (raw SQL: expressions and partial indexes say more than knex's builder). */
export async function createIndexes(k: Knex, statements: readonly string[]): Promise<void> {
  for (const statement of statements) await k.raw(statement);
}
