import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { Projection } from './projection';

type Db = Knex | Knex.Transaction;

function quote(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** The index definition without its name and table, to pair an index with its copy. */
function shape(indexdef: string): string {
  return indexdef.replace(/^CREATE (UNIQUE )?INDEX \S+ ON \S+ /, 'CREATE $1INDEX ON ');
}

async function schemaOf(db: Db, table: string): Promise<string> {
  const result = (await db.raw('select n.nspname as schema from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.oid = to_regclass(?)', [
    table,
  ])) as { rows: { schema: string }[] };
  const schema = result.rows[0]?.schema;
  if (!schema) throw new Error(`Table ${table} of a projection does not exist: run the read-model migrations first`);
  return schema;
}

async function indexes(db: Db, schema: string, table: string): Promise<{ indexname: string; indexdef: string }[]> {
  return ((await db.raw('select indexname, indexdef from pg_indexes where schemaname = ? and tablename = ? order by indexname', [schema, table])) as {
    rows: { indexname: string; indexdef: string }[];
  }).rows;
}

/**
 * Fresh, empty copies of a projection's tables in a scratch schema of their own, for a rebuild
 * that leaves the live tables to the readers until it has caught up. The projection's code runs
 * unchanged against them: its transactions put the scratch schema first on the search_path.
 * `swap` then replaces each live table by its copy in the transaction that moves the checkpoint.
 */
export class ScratchTables {
  private constructor(
    readonly projection: Projection,
    readonly schema: string,
    private readonly liveSchemas: Map<string, string>,
    private readonly searchPath: string,
  ) {}

  /** The key of this projection's rebuild lock: per live schema, so test schemas never collide. */
  static lockKey(liveSchema: string, projection: Projection): string {
    return `${liveSchema}.${projection.name}`;
  }

  static async liveSchema(knex: Knex, projection: Projection): Promise<string> {
    const table = projection.tables[0];
    return table ? schemaOf(knex, table) : ((await knex.raw('select current_schema() as schema')) as { rows: { schema: string }[] }).rows[0]!.schema;
  }

  static async create(knex: Knex, projection: Projection): Promise<ScratchTables> {
    const liveSchemas = new Map<string, string>();
    for (const table of projection.tables) liveSchemas.set(table, await schemaOf(knex, table));
    const home = await ScratchTables.liveSchema(knex, projection);
    const hash = createHash('sha1').update(`${home}.${projection.name}`).digest('hex').slice(0, 10);
    const schema = `rebuild_${projection.name.toLowerCase().replace(/[^a-z0-9_]/g, '_').slice(0, 30)}_${hash}`;
    const searchPath = ((await knex.raw(`select current_setting('search_path') as path`)) as { rows: { path: string }[] }).rows[0]!.path;
    await knex.transaction(async (trx) => {
      // Left over by a rebuild that died: its rows are worth nothing without its position.
      await trx.raw(`drop schema if exists ${quote(schema)} cascade`);
      await trx.raw(`create schema ${quote(schema)}`);
      for (const [table, live] of liveSchemas) {
        await trx.raw(`create table ${quote(schema)}.${quote(table)} (like ${quote(live)}.${quote(table)} including all)`);
        // The copies get the live indexes' names, so the swapped-in table looks like the old one.
        const originals = await indexes(trx, live, table);
        for (const copy of await indexes(trx, schema, table)) {
          const match = originals.findIndex((o) => shape(o.indexdef) === shape(copy.indexdef));
          if (match < 0) continue;
          const [original] = originals.splice(match, 1);
          if (original!.indexname !== copy.indexname) {
            await trx.raw(`alter index ${quote(schema)}.${quote(copy.indexname)} rename to ${quote(original!.indexname)}`);
          }
        }
      }
    });
    return new ScratchTables(projection, schema, liveSchemas, searchPath);
  }

  /** Makes the projection's unqualified table names mean the copies for the rest of `trx`. */
  async enter(trx: Knex.Transaction): Promise<void> {
    await trx.raw(`select set_config('search_path', ?, true)`, [`${quote(this.schema)}, ${this.searchPath}`]);
  }

  /** Replaces every live table by its copy; the caller holds the checkpoint row in the same `trx`. */
  async swap(trx: Knex.Transaction): Promise<void> {
    for (const [table, live] of this.liveSchemas) {
      await trx.raw(`drop table ${quote(live)}.${quote(table)}`);
      await trx.raw(`alter table ${quote(this.schema)}.${quote(table)} set schema ${quote(live)}`);
    }
    await trx.raw(`drop schema ${quote(this.schema)} cascade`);
  }

  async drop(knex: Knex): Promise<void> {
    await knex.raw(`drop schema if exists ${quote(this.schema)} cascade`);
  }
}
