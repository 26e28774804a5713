import type { Knex } from 'knex';
import { deferredWrite } from '@circuit/shared/db/one-trip-transaction';

export type Row = Record<string, unknown>;

/**
 * The net effect of a batch of events on one table, written back with a few set-based statements:
 * deletes, then inserts (`on conflict do nothing`, like an insert that ignores a row already
 * there), then column patches. A projection folds its events into it in feed order; the order of
 * the statements reproduces applying them one at a time:
 *  - delete(k) drops earlier inserts and patches of k (they happened before the delete);
 *  - insert(k) after a delete(k) replaces the row; a second insert(k) is ignored, as in SQL;
 *  - patch(k) merges into the row's pending patch (later values win) and applies to whatever row
 *    exists after the inserts.
 * Rows and patches travel as one jsonb value each, typed by the table's own row type, so a
 * statement's text grows with its rows but not its number of values. The statements are deferred
 * writes: in a one-trip transaction they go with its COMMIT (or its next read), not one by one.
 */
export class TableChanges {
  private readonly deletes = new Map<string, Row>();
  private readonly inserts = new Map<string, Row>();
  private readonly patches = new Map<string, Row>();

  constructor(
    readonly table: string,
    private readonly keyColumns: readonly string[],
  ) {}

  private keyOf(row: Row): string {
    // One key column (most tables): no array per call. A string key gets a prefix (') that the
    // JSON of an array never starts with, so it is never taken for another value's key.
    if (this.keyColumns.length === 1) {
      const value = row[this.keyColumns[0]!];
      return typeof value === 'string' ? `'${value}` : JSON.stringify([value]);
    }
    return JSON.stringify(this.keyColumns.map((c) => row[c]));
  }

  private keyRow(row: Row): Row {
    return Object.fromEntries(this.keyColumns.map((c) => [c, row[c]]));
  }

  /** The pending insert of this key in this batch, if any (to fold later events into it). */
  inserted(key: Row): Row | undefined {
    return this.inserts.get(this.keyOf(key));
  }

  insert(row: Row): void {
    const key = this.keyOf(row);
    if (!this.inserts.has(key)) this.inserts.set(key, row);
  }

  delete(key: Row): void {
    const k = this.keyOf(key);
    this.inserts.delete(k);
    this.patches.delete(k);
    this.deletes.set(k, this.keyRow(key));
  }

  patch(key: Row, fields: Row): void {
    const k = this.keyOf(key);
    this.patches.set(k, { ...this.patches.get(k), ...fields, ...this.keyRow(key) });
  }

  /** Every pending insert, e.g. to mark rows of this batch that a later set-based event touches. */
  pendingInserts(): Row[] {
    return [...this.inserts.values()];
  }

  get isEmpty(): boolean {
    return this.deletes.size === 0 && this.inserts.size === 0 && this.patches.size === 0;
  }

  async flushDeletes(trx: Knex.Transaction): Promise<void> {
    if (this.deletes.size === 0) return;
    const match = this.keyColumns.map((c) => `t.${ident(c)} = k.${ident(c)}`).join(' and ');
    await deferredWrite(trx, `delete from ?? as t using ${sizedRows('jsonb_populate_recordset(null::??, ?::jsonb)', 'k', this.deletes.size)} where ${match}`, [
      this.table,
      this.table,
      toJson([...this.deletes.values()]),
    ]);
    this.deletes.clear();
  }

  async flushInserts(trx: Knex.Transaction): Promise<void> {
    for (const { sql, bindings } of this.insertStatements()) await deferredWrite(trx, sql, bindings);
    this.inserts.clear();
  }

  /** The pending inserts, one statement per shape: a column a row leaves out gets its default, not null. */
  private insertStatements(): { sql: string; bindings: string[] }[] {
    const byShape = new Map<string, Row[]>();
    // Rows made by the same code list their columns in the same order: the sorted shape is worked
    // out once per order, not once per row.
    const shapeOf = new Map<string, string>();
    for (const row of this.inserts.values()) {
      const order = Object.keys(row).join(',');
      let shape = shapeOf.get(order);
      if (shape === undefined) shapeOf.set(order, (shape = order.split(',').sort().join(',')));
      const same = byShape.get(shape);
      if (same) same.push(row);
      else byShape.set(shape, [row]);
    }
    return [...byShape].map(([shape, rows]) => {
      const columns = shape.split(',').map(ident).join(', ');
      return {
        sql: `insert into ?? (${columns}) select ${columns} from jsonb_populate_recordset(null::??, ?::jsonb) on conflict do nothing`,
        bindings: [this.table, this.table, toJson(rows)],
      };
    });
  }

  async flushPatches(trx: Knex.Transaction): Promise<void> {
    if (this.patches.size === 0) return;
    const columns = new Set<string>();
    for (const patch of this.patches.values()) for (const c of Object.keys(patch)) if (!this.keyColumns.includes(c)) columns.add(c);
    if (columns.size === 0) {
      this.patches.clear();
      return;
    }
    const list = [...columns].map(ident).join(', ');
    // The keys come out of the patches first, so the join is on plain columns (an index or hash
    // join), not on a function of each pair of rows.
    const keys = this.keyColumns.map((c) => `(jsonb_populate_record(null::??, j)).${ident(c)} as ${ident(c)}`).join(', ');
    const match = this.keyColumns.map((c) => `t.${ident(c)} = p.${ident(c)}`).join(' and ');
    // Each row keeps the columns its own patch leaves out: the row itself is the base record.
    await deferredWrite(
      trx,
      `with p as (select j, ${keys} from ${sizedRows('jsonb_array_elements(?::jsonb) as e(j)', 'e', this.patches.size)})
       update ?? as t set (${list}) = (select ${list} from jsonb_populate_record(t, p.j)) from p where ${match}`,
      [...this.keyColumns.map(() => this.table), toJson([...this.patches.values()]), this.table],
    );
    this.patches.clear();
  }

  async flush(trx: Knex.Transaction): Promise<void> {
    await this.flushDeletes(trx);
    await this.flushInserts(trx);
    await this.flushPatches(trx);
  }
}

/**
 * A JSON recordset (a function call with its alias) as a subquery the planner knows the size of.
 * It takes a set-returning function for a hundred rows, and against a table of up to some tens of
 * thousands of rows it then hashes a scan of the whole table rather than probe its index for the
 * few rows a batch holds (each follow's counts scanned every user). A limit of the actual count
 * gives it the size.
 */
export function sizedRows(recordset: string, alias: string, count: number): string {
  return `(select * from ${recordset} limit ${Math.max(1, Math.floor(count))}) as ${alias}`;
}

export function ident(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unexpected column name: ${name}`);
  return `"${name}"`;
}

export function toJson(value: unknown): string {
  // A replacer costs a call per value; JSON.stringify meets a bigint early (rows share their
  // columns) and throws, so the plain form is tried first.
  try {
    return JSON.stringify(value);
  } catch (err) {
    if (!(err instanceof TypeError)) throw err;
    return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
  }
}

/** Per-key integer deltas, written as `col = col + delta` in one statement. */
export class Counters {
  private readonly deltas = new Map<string, Record<string, number>>();

  constructor(
    readonly table: string,
    private readonly keyColumn: string,
  ) {}

  add(key: string, column: string, delta: number): void {
    const row = this.deltas.get(key) ?? {};
    row[column] = (row[column] ?? 0) + delta;
    this.deltas.set(key, row);
  }

  forget(key: string): void {
    this.deltas.delete(key);
  }

  async flush(trx: Knex.Transaction): Promise<void> {
    const rows = [...this.deltas].map(([key, d]) => ({ ...d, [this.keyColumn]: key })).filter((r) => Object.keys(r).length > 1);
    this.deltas.clear();
    if (rows.length === 0) return;
    const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((c) => c !== this.keyColumn);
    const set = columns.map((c) => `${ident(c)} = t.${ident(c)} + coalesce((d.j->>'${c}')::integer, 0)`).join(', ');
    await deferredWrite(trx, `update ?? as t set ${set} from ${sizedRows('jsonb_array_elements(?::jsonb) as d(j)', 'd', rows.length)} where t.${ident(this.keyColumn)} = d.j->>'${this.keyColumn}'`, [
      this.table,
      toJson(rows),
    ]);
  }
}
