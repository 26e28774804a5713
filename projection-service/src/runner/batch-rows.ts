import type { Knex } from 'knex';
import type { RecordedEvent } from '@circuit/shared/ports/event-store';
import { ident, keyOf, sizedRows, TableChanges, toJson, type ComputedColumns, type Row } from './table-changes';

/**
 * The rows of one table that a batch's events read as well as write (a counter, a status an edit
 * depends on, a participant's answers): those the batch names are read once, up front, in one
 * statement per `load`; the events then read and change them in memory in feed order, exactly as
 * one at a time would; the net changes go back as TableChanges. Because the batch knows which
 * rows exist, an update of a row inserted in the batch folds into its insert and an update of a
 * missing row changes nothing, so the patches (which touch only rows there before the batch) are
 * written before the inserts: a row renamed away from a unique value frees it for a new row.
 */
export class BatchRows {
  readonly changes: TableChanges;
  /** Every loaded or written row by key; null where the batch knows there is none. */
  private readonly rows = new Map<string, Row | null>();
  /** Values of a column whose rows were all loaded (loadAll), as `column=value`. */
  private readonly complete = new Set<string>();

  constructor(
    readonly table: string,
    private readonly keyColumns: readonly string[],
    computed?: ComputedColumns,
  ) {
    this.changes = new TableChanges(table, keyColumns, computed);
  }

  /** Reads the rows of these keys (those not read yet), their key columns and `columns`. */
  async load(trx: Knex.Transaction, keys: Iterable<Row>, columns: readonly string[]): Promise<void> {
    const wanted = new Map<string, Row>();
    for (const key of keys) {
      const k = keyOf(this.keyColumns, key);
      if (!this.rows.has(k)) wanted.set(k, Object.fromEntries(this.keyColumns.map((c) => [c, key[c]])));
    }
    if (wanted.size === 0) return;
    for (const k of wanted.keys()) this.rows.set(k, null);
    for (const row of await this.select(trx, this.keyColumns, [...wanted.values()], columns)) this.rows.set(keyOf(this.keyColumns, row), row);
  }

  /**
   * Reads every row whose `column` has one of `values` (a quiz's participants), for `where`;
   * answers the rows read.
   */
  async loadAll(trx: Knex.Transaction, column: string, values: Iterable<string>, columns: readonly string[]): Promise<Readonly<Row>[]> {
    const wanted = [...new Set(values)].filter((v) => !this.complete.has(`${column}=${v}`));
    if (wanted.length === 0) return [];
    for (const v of wanted) this.complete.add(`${column}=${v}`);
    const read: Row[] = [];
    for (const row of await this.select(trx, [column], wanted.map((v) => ({ [column]: v })), columns)) {
      // A row loaded before is the same row: the batch has not changed anything yet.
      const k = keyOf(this.keyColumns, row);
      const known = this.rows.get(k);
      if (!known) this.rows.set(k, row);
      read.push(known ?? row);
    }
    return read;
  }

  private async select(trx: Knex.Transaction, by: readonly string[], matches: Row[], columns: readonly string[]): Promise<Row[]> {
    const list = [...new Set([...this.keyColumns, ...columns])].map((c) => `t.${ident(c)}`).join(', ');
    const match = by.map((c) => `t.${ident(c)} = k.${ident(c)}`).join(' and ');
    const result = (await trx.raw(`select ${list} from ?? as t join ${sizedRows('jsonb_populate_recordset(null::??, ?::jsonb)', 'k', matches.length)} on ${match}`, [
      this.table,
      this.table,
      toJson(matches),
    ])) as { rows: Row[] };
    return result.rows;
  }

  private known(key: Row): Row | null {
    const row = this.rows.get(keyOf(this.keyColumns, key));
    if (row === undefined) throw new Error(`${this.table}: ${JSON.stringify(key)} was not loaded for this batch`);
    return row;
  }

  /** The row of `key` as it stands at this point of the batch (its loaded columns), or undefined. */
  get(key: Row): Readonly<Row> | undefined {
    return this.known(key) ?? undefined;
  }

  /** The rows with this value of a column loaded with loadAll, as they stand at this point of the batch. */
  where(column: string, value: string): Readonly<Row>[] {
    if (!this.complete.has(`${column}=${value}`)) throw new Error(`${this.table}: the rows of ${column} ${value} were not loaded for this batch`);
    return [...this.rows.values()].filter((row): row is Row => row !== null && row[column] === value);
  }

  /** Inserts `row` unless its key has a row (as `on conflict do nothing`); answers whether it did. */
  insert(row: Row): boolean {
    if (this.known(row)) return false;
    const written = { ...row };
    this.rows.set(keyOf(this.keyColumns, row), written);
    this.changes.insert(written);
    return true;
  }

  /** Sets `fields` on the row of `key` where there is one; answers whether there was. */
  update(key: Row, fields: Row): boolean {
    const row = this.known(key);
    if (!row) return false;
    Object.assign(row, fields);
    // The pending insert is this very object: a row of the batch needs no patch.
    if (this.changes.inserted(key) !== row) this.changes.patch(key, fields);
    return true;
  }

  /** Deletes the row of `key`; answers whether there was one. */
  delete(key: Row): boolean {
    const row = this.known(key);
    this.rows.set(keyOf(this.keyColumns, key), null);
    this.changes.delete(key);
    return row !== null;
  }

  /** Deletes, then patches of the rows there before the batch, then the batch's new rows. */
  async flush(trx: Knex.Transaction, beforePatches?: (patches: Row[]) => Promise<void>): Promise<void> {
    await this.changes.flushDeletes(trx);
    await beforePatches?.(this.changes.pendingPatches());
    await this.changes.flushPatches(trx);
    await this.changes.flushInserts(trx);
  }
}

/**
 * The keys the events of `types` name in their data, column by field (`{ user_id: 'userId' }`),
 * for `load`; an event whose field is not a string is passed over (its own parse refuses it when
 * it is folded).
 */
export function keysInEvents(events: readonly RecordedEvent[], types: ReadonlySet<string>, fields: Readonly<Record<string, string>>): Row[] {
  const keys: Row[] = [];
  for (const event of events) {
    if (!types.has(event.type) || typeof event.data !== 'object' || event.data === null) continue;
    const key: Row = {};
    for (const [column, field] of Object.entries(fields)) key[column] = (event.data as Partial<Record<string, unknown>>)[field];
    if (Object.values(key).every((v) => typeof v === 'string')) keys.push(key);
  }
  return keys;
}
