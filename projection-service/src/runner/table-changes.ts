import type { Knex } from 'knex';
import { deferredWrite } from '@circuit/shared/db/one-trip-transaction';

export type Row = Record<string, unknown>;

/**
 * A column whose value is computed in SQL from what its row carries under the column's name
 * (`search`: `to_tsvector('simple', text)`): `sql` takes the carried value as a text expression.
 */
export type ComputedColumns = Readonly<Record<string, (text: string) => string>>;

/** The key of `row` under `keyColumns`, as the maps of a batch's rows keep it. */
export function keyOf(keyColumns: readonly string[], row: Row): string {
  // One key column (most tables): no array per call. A string key gets a prefix (') that the
  // JSON of an array never starts with, so it is never taken for another value's key.
  if (keyColumns.length === 1) {
    const value = row[keyColumns[0]!];
    return typeof value === 'string' ? `'${value}` : JSON.stringify([value]);
  }
  return JSON.stringify(keyColumns.map((c) => row[c]));
}

/**
 * The net effect of a batch of events on one table, written back with a few set-based statements:
 * deletes, then column patches, then inserts (`on conflict do nothing`, like an insert that
 * ignores a row already there). A projection folds its events into it in feed order; the order of
 * the statements reproduces applying them one at a time:
 *  - delete(k) drops earlier inserts and patches of k (they happened before the delete);
 *  - insert(k) after a delete(k) replaces the row; a second insert(k) is ignored, as in SQL;
 *  - patch(k) merges into the row's pending patch (later values win), which reaches only a row
 *    there before the batch (it is written before the inserts); a patch after a pending insert of
 *    k is folded into that insert too, so a row new in the batch is written once, already
 *    patched, not inserted then updated (when a row of k was there, the insert is ignored and the
 *    patch reaches it);
 *  - deleteAll(match) deletes every row with those values of some key columns (a listing's
 *    registrations with the listing), and drops the earlier inserts and patches it matches.
 * Writing the patches first also frees a unique value that a row is patched away from for a new
 * row of the batch.
 * Rows and patches travel as one jsonb value each, typed by the table's own row type, so a
 * statement's text grows with its rows but not its number of values. The statements are deferred
 * writes: in a one-trip transaction they go with its COMMIT (or its next read), not one by one.
 */
export class TableChanges {
  private readonly deletes = new Map<string, Row>();
  private readonly inserts = new Map<string, Row>();
  private readonly patches = new Map<string, Row>();
  /** Deletes by some of the key columns: the matched values, by the columns' names joined. */
  private readonly deletesAll = new Map<string, Map<string, Row>>();

  constructor(
    readonly table: string,
    private readonly keyColumns: readonly string[],
    private readonly computed: ComputedColumns = {},
  ) {}

  private keyOf(row: Row): string {
    return keyOf(this.keyColumns, row);
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
    const inserted = this.inserts.get(k);
    // Into the very object given to insert(): callers tell a row still pending by identity (inserted(k) === row;
    // BatchRows, notifications' mark-all-read), so a copy would hide it from their later changes.
    if (inserted) Object.assign(inserted, fields, this.keyRow(key));
    this.patches.set(k, { ...this.patches.get(k), ...fields, ...this.keyRow(key) });
  }

  /** Deletes every row whose columns have the values of `match` (some of the key columns). */
  deleteAll(match: Row): void {
    const columns = Object.keys(match).sort();
    if (columns.length === 0 || columns.some((c) => !this.keyColumns.includes(c))) throw new Error(`${this.table}: deleteAll matches on key columns only, not ${columns.join(', ')}`);
    const matches = (row: Row) => columns.every((c) => row[c] === match[c]);
    for (const pending of [this.inserts, this.patches]) for (const [k, row] of pending) if (matches(row)) pending.delete(k);
    const name = columns.join(',');
    const same = this.deletesAll.get(name) ?? new Map<string, Row>();
    same.set(keyOf(columns, match), match);
    this.deletesAll.set(name, same);
  }

  /** Every pending insert, e.g. to mark rows of this batch that a later set-based event touches. */
  pendingInserts(): Row[] {
    return [...this.inserts.values()];
  }

  /** Every pending patch (with its key columns). */
  pendingPatches(): Row[] {
    return [...this.patches.values()];
  }

  get isEmpty(): boolean {
    return this.deletes.size === 0 && this.deletesAll.size === 0 && this.inserts.size === 0 && this.patches.size === 0;
  }

  async flushDeletes(trx: Knex.Transaction): Promise<void> {
    for (const [name, matches] of this.deletesAll) await this.deleteMatching(trx, name.split(','), [...matches.values()]);
    this.deletesAll.clear();
    if (this.deletes.size === 0) return;
    await this.deleteMatching(trx, this.keyColumns, [...this.deletes.values()]);
    this.deletes.clear();
  }

  private async deleteMatching(trx: Knex.Transaction, columns: readonly string[], rows: Row[]): Promise<void> {
    const match = columns.map((c) => `t.${ident(c)} = k.${ident(c)}`).join(' and ');
    await deferredWrite(trx, `delete from ?? as t using ${sizedRows('jsonb_populate_recordset(null::??, ?::jsonb)', 'k', rows.length)} where ${match}`, [this.table, this.table, toJson(rows)]);
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
      const names = shape.split(',');
      const columns = names.map(ident).join(', ');
      const computed = names.filter((c) => Object.hasOwn(this.computed, c));
      if (computed.length === 0) {
        return {
          sql: `insert into ?? (${columns}) select ${columns} from jsonb_populate_recordset(null::??, ?::jsonb) on conflict do nothing`,
          bindings: [this.table, this.table, toJson(rows)],
        };
      }
      // A computed column's carried value is taken out of the row before it is typed as one.
      const values = names.map((c) => (computed.includes(c) ? this.computed[c]!(`(e.j->>'${c}')`) : `r.${ident(c)}`)).join(', ');
      return {
        sql: `insert into ?? (${columns}) select ${values} from jsonb_array_elements(?::jsonb) as e(j), jsonb_populate_record(null::??, e.j - ?::text[]) as r on conflict do nothing`,
        bindings: [this.table, toJson(rows), this.table, `{${computed.join(',')}}`],
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
    // A computed column is set where its patch carries a value, from that value; the others keep theirs.
    const computed = [...columns].filter((c) => Object.hasOwn(this.computed, c));
    const values = [...columns].map((c) => (computed.includes(c) ? `case when p.j->'${c}' is null then t.${ident(c)} else ${this.computed[c]!(`(p.j->>'${c}')`)} end` : `r.${ident(c)}`)).join(', ');
    // Each row keeps the columns its own patch leaves out: the row itself is the base record.
    // A computed column's carried value is taken out of the patch before it is typed as one.
    const patch = computed.length === 0 ? 'p.j' : `p.j - '{${computed.join(',')}}'::text[]`;
    await deferredWrite(
      trx,
      `with p as (select j, ${keys} from ${sizedRows('jsonb_array_elements(?::jsonb) as e(j)', 'e', this.patches.size)})
       update ?? as t set (${list}) = (select ${values} from jsonb_populate_record(t, ${patch}) as r) from p where ${match}`,
      [...this.keyColumns.map(() => this.table), toJson([...this.patches.values()]), this.table],
    );
    this.patches.clear();
  }

  async flush(trx: Knex.Transaction): Promise<void> {
    await this.flushDeletes(trx);
    await this.flushPatches(trx);
    await this.flushInserts(trx);
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
