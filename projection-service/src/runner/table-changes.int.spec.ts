import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnex, type Knex } from '@circuit/shared/db/knex';
import { oneTripTransaction } from '@circuit/shared/db/one-trip-transaction';
import { TableChanges, type Row } from './table-changes';

type Op = ['insert', Row] | ['patch', Row, Row] | ['delete', Row];

/** Rows there before the batch: k1, k4 and k5 (which holds the unique value x). */
const BEFORE = [
  { id: 'k1', a: 'old', b: 0, u: null },
  { id: 'k4', a: 'old', b: 0, u: null },
  { id: 'k5', a: 'old', b: 0, u: 'x' },
];

/**
 * What a batch gets wrong most easily once a patch of a row inserted in the batch is folded into
 * its insert and the patches go before the inserts: an insert of a row that was there (ignored,
 * the patch reaches the old row), a patch before the insert of a new row (reaches nothing), a row
 * deleted and inserted again, a unique value a patch frees for a new row.
 */
const OPS: Op[] = [
  ['insert', { id: 'k1', a: 'new' }],
  ['patch', { id: 'k1' }, { b: 2 }],
  ['insert', { id: 'k2', a: 'new' }],
  ['patch', { id: 'k2' }, { b: 5 }],
  ['patch', { id: 'k2' }, { a: 'newer' }],
  ['patch', { id: 'k3' }, { b: 9 }],
  ['insert', { id: 'k3', a: 'new' }],
  ['delete', { id: 'k4' }],
  ['insert', { id: 'k4', a: 'again' }],
  ['patch', { id: 'k4' }, { b: 3 }],
  ['patch', { id: 'k5' }, { u: 'y' }],
  ['insert', { id: 'k6', a: 'new', u: 'x' }],
  ['insert', { id: 'k6', a: 'second' }],
  ['patch', { id: 'k6' }, { b: 7 }],
];

describe('TableChanges on PGlite', () => {
  let knex: Knex;
  beforeAll(async () => {
    knex = await createKnex({ kind: 'pglite' });
    await knex.schema.createTable('changed', (t) => {
      t.text('id').primary();
      t.text('a');
      t.integer('b').notNullable().defaultTo(-1);
      t.text('u').unique();
    });
  }, 60_000);
  afterAll(() => knex?.destroy());

  const applyInBatches = async (size: number) => {
    await knex('changed').del();
    await knex('changed').insert(BEFORE);
    for (let from = 0; from < OPS.length; from += size) {
      const changes = new TableChanges('changed', ['id']);
      for (const op of OPS.slice(from, from + size)) {
        if (op[0] === 'insert') changes.insert({ ...op[1] });
        else if (op[0] === 'patch') changes.patch(op[1], op[2]);
        else changes.delete(op[1]);
      }
      await oneTripTransaction(knex, (trx) => changes.flush(trx));
    }
    return knex('changed').orderBy('id').select('id', 'a', 'b', 'u');
  };

  it('gives the rows of one change at a time in one batch and in batches cut anywhere', async () => {
    const oneByOne = await applyInBatches(1);
    expect(oneByOne).toEqual([
      { id: 'k1', a: 'old', b: 2, u: null },
      { id: 'k2', a: 'newer', b: 5, u: null },
      { id: 'k3', a: 'new', b: -1, u: null },
      { id: 'k4', a: 'again', b: 3, u: null },
      { id: 'k5', a: 'old', b: 0, u: 'y' },
      { id: 'k6', a: 'new', b: 7, u: 'x' },
    ]);
    for (const size of [2, 3, 4, 5, OPS.length]) expect({ size, rows: await applyInBatches(size) }).toEqual({ size, rows: oneByOne });
  });
});
