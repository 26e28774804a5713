import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { deferredWrite } from '@circuit/shared/db/one-trip-transaction';
import type { Projection } from './projection';

type Db = Knex | Knex.Transaction;

function quote(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

async function schemaOf(db: Db, table: string): Promise<string> {
  const result = (await db.raw('select n.nspname as schema from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.oid = to_regclass(?)', [
    table,
  ])) as { rows: { schema: string }[] };
  const schema = result.rows[0]?.schema;
  if (!schema) throw new Error(`Table ${table} of a projection does not exist: run the read-model migrations first`);
  return schema;
}

interface LiveIndex {
  name: string;
  def: string;
  method: string;
  unique: boolean;
  constraint: string | null;
  constraintDef: string | null;
}

interface LiveTable {
  schema: string;
  indexes: LiveIndex[];
}

/**
 * Where each of the tables lives and its indexes, with the constraint (primary key, unique) each
 * one backs, and the session's search_path and schema: one round trip for a projection's tables.
 */
async function liveTables(db: Db, tables: readonly string[]): Promise<{ tables: Map<string, LiveTable>; searchPath: string; current: string }> {
  const { rows } = (await db.raw(
    `select t.name as "table", n.nspname as schema, i.relname as name, pg_get_indexdef(i.oid) as def, am.amname as method, x.indisunique as unique,
            c.conname as constraint, pg_get_constraintdef(c.oid) as "constraintDef",
            current_setting('search_path') as "searchPath", current_schema() as current
       from unnest(?::text[]) with ordinality as t(name, ord)
       left join pg_class r on r.oid = to_regclass(t.name)
       left join pg_namespace n on n.oid = r.relnamespace
       left join pg_index x on x.indrelid = r.oid
       left join pg_class i on i.oid = x.indexrelid
       left join pg_am am on am.oid = i.relam
       left join pg_constraint c on c.conindid = x.indexrelid and c.conrelid = x.indrelid and c.contype in ('p', 'u', 'x')
      order by t.ord, i.relname`,
    [[...tables]],
  )) as { rows: (Partial<LiveIndex> & { table: string; schema: string | null; searchPath: string; current: string })[] };
  const found = new Map<string, LiveTable>();
  for (const row of rows) {
    if (!row.schema) throw new Error(`Table ${row.table} of a projection does not exist: run the read-model migrations first`);
    let table = found.get(row.table);
    if (!table) found.set(row.table, (table = { schema: row.schema, indexes: [] }));
    if (row.name) table.indexes.push(row as LiveIndex);
  }
  const [first] = rows;
  if (first) return { tables: found, searchPath: first.searchPath, current: first.current };
  const session = ((await db.raw(`select current_setting('search_path') as "searchPath", current_schema() as current`)) as { rows: { searchPath: string; current: string }[] }).rows[0]!;
  return { tables: found, ...session };
}

/**
 * Runs DDL statements in order: on Postgres as one message (one round trip, and one implicit
 * transaction unless the caller's), elsewhere one by one. A `?` in them is written `\\?` (a knex binding otherwise).
 */
async function runAll(db: Db, statements: string[]): Promise<void> {
  if (statements.length === 0) return;
  if (db.client.config.client === 'pg') {
    // No values: the simple protocol, which takes several statements.
    await db.raw(statements.join(';\n'), []);
    return;
  }
  for (const statement of statements) await db.raw(statement, []);
}

/**
 * Fresh, empty copies of a projection's tables in a scratch schema of their own, for a rebuild
 * that leaves the live tables to the readers until it has caught up. The projection's code runs
 * unchanged against them: its transactions put the scratch schema first on the search_path.
 * `swap` then replaces each live table by its copy in the transaction that moves the checkpoint.
 *
 * On Postgres the copies are bulk-loaded: created UNLOGGED (their rows are worth nothing until
 * swapped in, and a crashed rebuild starts again, so writing them to the WAL row by row is
 * wasted) with only the indexes that decide what a write does (primary keys, unique indexes and
 * constraints: `on conflict` and the key lookups of patches need them). `finishLoad` makes them
 * logged in one pass and builds the other indexes over the finished rows, before the swap.
 */
export class ScratchTables {
  private constructor(
    readonly projection: Projection,
    readonly schema: string,
    private readonly liveSchemas: Map<string, string>,
    private readonly searchPath: string,
    /** Indexes built once the rows are in, not row by row. */
    private deferred: string[],
    /** Copies created unlogged, to be made logged before the swap. */
    private unlogged: string[],
  ) {}

  /** The key of this projection's rebuild lock: per live schema, so test schemas never collide. */
  static lockKey(liveSchema: string, projection: Projection): string {
    return `${liveSchema}.${projection.name}`;
  }

  static async liveSchema(knex: Knex, projection: Projection): Promise<string> {
    const table = projection.tables[0];
    return table ? schemaOf(knex, table) : ((await knex.raw('select current_schema() as schema')) as { rows: { schema: string }[] }).rows[0]!.schema;
  }

  static async create(knex: Knex, projection: Projection, options: { bulk?: boolean } = {}): Promise<ScratchTables> {
    const live = await liveTables(knex, projection.tables);
    const liveSchemas = new Map([...live.tables].map(([table, t]) => [table, t.schema]));
    const home = projection.tables[0] ? live.tables.get(projection.tables[0])!.schema : live.current;
    const hash = createHash('sha1').update(`${home}.${projection.name}`).digest('hex').slice(0, 10);
    const schema = `rebuild_${projection.name.toLowerCase().replace(/[^a-z0-9_]/g, '_').slice(0, 30)}_${hash}`;
    // PGlite has no WAL shipping and no second connection to gain from it: its copies stay as they were.
    const bulk = (options.bulk ?? true) && knex.client.config.client === 'pg';
    const deferred: string[] = [];
    const unlogged: string[] = [];
    // Left over by a rebuild that died: its rows are worth nothing without its position.
    const ddl = [`drop schema if exists ${quote(schema)} cascade`, `create schema ${quote(schema)}`];
    for (const [table, { schema: liveSchema, indexes }] of live.tables) {
      const copy = `${quote(schema)}.${quote(table)}`;
      ddl.push(`create ${bulk ? 'unlogged ' : ''}table ${copy} (like ${quote(liveSchema)}.${quote(table)} including all excluding indexes)`);
      if (bulk) unlogged.push(copy);
      // Indexes and key constraints under the live names (a schema of their own: no clash), so
      // the swapped-in table looks like the old one.
      for (const index of indexes) {
        if (index.constraint && index.constraintDef) {
          ddl.push(`alter table ${copy} add constraint ${quote(index.constraint)} ${index.constraintDef.replace(/\?/g, '\\?')}`);
          continue;
        }
        // (A literal ? would read as a knex binding.)
        const def = index.def.replace(/ ON (ONLY )?\S+ USING /, ` ON ${copy} USING `).replace(/\?/g, '\\?');
        // Search indexes (GIN, GiST) always wait for the rows; in a bulk load every index that
        // does not decide a write does.
        if (index.method === 'gin' || index.method === 'gist' || (bulk && !index.unique)) deferred.push(def);
        else ddl.push(def);
      }
    }
    await knex.transaction((trx) => runAll(trx, ddl));
    return new ScratchTables(projection, schema, liveSchemas, live.searchPath, deferred, unlogged);
  }

  /**
   * Makes the bulk-loaded copies durable and complete before the swap (which needs both): logged
   * (one sequential pass that writes them to the WAL), then the deferred indexes, each built from
   * the finished rows in one sort. Indexes are built after the copies turn logged, or that pass
   * would rebuild them once more.
   */
  async finishLoad(knex: Knex): Promise<void> {
    await runAll(knex, [...this.unlogged.splice(0).map((copy) => `alter table ${copy} set logged`), ...this.deferred.splice(0)]);
  }

  /** Makes the projection's unqualified table names mean the copies for the rest of `trx` (deferred: it travels with the batch's first statement). */
  async enter(trx: Knex.Transaction): Promise<void> {
    await deferredWrite(trx, `select set_config('search_path', ?, true)`, [`${quote(this.schema)}, ${this.searchPath}`]);
  }

  /** Replaces every live table by its copy; the caller holds the checkpoint row in the same `trx`. */
  async swap(trx: Knex.Transaction): Promise<void> {
    const ddl: string[] = [];
    for (const [table, live] of this.liveSchemas) {
      ddl.push(`drop table ${quote(live)}.${quote(table)}`, `alter table ${quote(this.schema)}.${quote(table)} set schema ${quote(live)}`);
    }
    ddl.push(`drop schema ${quote(this.schema)} cascade`);
    await runAll(trx, ddl);
  }

  async drop(knex: Knex): Promise<void> {
    await knex.raw(`drop schema if exists ${quote(this.schema)} cascade`);
  }
}
