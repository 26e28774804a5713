import type { Knex } from 'knex';
import { CHECKPOINT_TABLE } from '@circuit/shared/projections/progress';
import { deferredWrite, sqlLiteral } from '@circuit/shared/db/one-trip-transaction';
import type { Projection } from './projection';

type Db = Knex | Knex.Transaction;

const toPosition = (row: unknown) => BigInt((row as { position?: number | string } | undefined)?.position ?? 0);

/** The stored checkpoint of one projection; 0n when it has none (a projection new to the system). */
export async function readCheckpoint(db: Db, name: string): Promise<bigint> {
  return toPosition(await db(CHECKPOINT_TABLE).where({ name }).first('position'));
}

/** Every stored checkpoint of these projections, 0n for those without one. */
export async function readCheckpoints(db: Db, names: string[]): Promise<Map<string, bigint>> {
  const rows: { name: string; position: number | string }[] = await db(CHECKPOINT_TABLE).whereIn('name', names).select('name', 'position');
  const found = new Map(rows.map((r) => [r.name, BigInt(r.position)]));
  return new Map(names.map((n) => [n, found.get(n) ?? 0n]));
}

/**
 * Locks the projection's checkpoint row for the rest of the transaction and returns it. The row is
 * created first when missing, or two runners starting together would both pass an empty lock.
 */
export async function lockCheckpoint(trx: Knex.Transaction, name: string): Promise<bigint> {
  const lock = () => trx(CHECKPOINT_TABLE).where({ name }).forUpdate().first('position');
  let row = await lock();
  if (!row) {
    await trx(CHECKPOINT_TABLE).insert({ name, position: 0 }).onConflict('name').ignore();
    row = await lock();
  }
  return toPosition(row);
}

/** Moves the checkpoint forward to `position`, never backwards. */
export async function advanceCheckpoint(trx: Knex.Transaction, name: string, position: bigint): Promise<void> {
  await trx(CHECKPOINT_TABLE).where({ name }).andWhere('position', '<', position.toString()).update({ position: position.toString() });
}

/** Creates the rows of new projections and records which event types each reads (for read-your-writes). */
export async function declareProjections(knex: Knex, projections: Projection[]): Promise<void> {
  for (const p of projections) {
    const eventTypes = p.eventTypes ? JSON.stringify(p.eventTypes) : null;
    await knex(CHECKPOINT_TABLE)
      .insert({ name: p.name, position: 0, event_types: eventTypes })
      .onConflict('name')
      .merge({ event_types: eventTypes });
  }
}

/**
 * Locks the checkpoint rows of several projections and moves each forward to its target, never
 * backwards, in one statement (projection_checkpoints_advance, a function of the read-model
 * migrations; in name order, the order every runner locks them in, so two processes never
 * deadlock), and answers the positions they had before. The caller applies the events after those
 * positions in the same transaction: the checkpoint and the rows commit together or not at all,
 * and one round trip does what a lock and a later update did.
 *
 * The same statement makes the transaction's commit asynchronous (synchronous_commit off, for this
 * transaction only): its commit does not wait for the WAL to reach the disk, which on a busy disk is
 * most of a commit's time and sat twice in every read-your-writes answer. Nothing is lost by it: the
 * commit is visible at once, survives any restart of the app, and only a crash of the Postgres server
 * itself within a fraction of a second can undo it, and then it undoes the rows and the checkpoint
 * together, so the runner applies those events again from the event store (whose appends stay
 * synchronous, and each flushes every commit before it to the disk with its own).
 */
export async function lockAndAdvanceCheckpoints(trx: Knex.Transaction, targets: Map<string, bigint>): Promise<Map<string, bigint>> {
  const rows = [...targets].map(([name, position]) => ({ name, position: position.toString() })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  // Without bind parameters (the rows inlined as a literal): the statement can travel with its
  // transaction's BEGIN in one round trip (oneTripTransaction).
  const run = async () =>
    new Map(
      (
        (
          await trx.raw(`select * from projection_checkpoints_advance(${sqlLiteral(JSON.stringify(rows))}::jsonb)`)
        ).rows as { name: string; position: number | string }[]
      ).map((r) => [r.name, BigInt(r.position)]),
    );
  let before = await run();
  if (before.size < rows.length) {
    // Projections new to the system: their rows first (position 0), then the same statement again.
    await trx(CHECKPOINT_TABLE)
      .insert(rows.filter((r) => !before.has(r.name)).map(({ name }) => ({ name, position: 0 })))
      .onConflict('name')
      .ignore();
    const missing = new Map([...targets].filter(([name]) => !before.has(name)));
    before = new Map([...before, ...(await lockAndAdvanceCheckpoints(trx, missing))]);
  }
  return before;
}

/** Where a batch of one projection starts (its events after `from`) and ends. */
export interface CheckpointMove {
  name: string;
  from: bigint;
  to: bigint;
}

/**
 * Moves the checkpoints of a batch that the runner knows the stored positions of (at most
 * `from`: a position reached by skipping events of no concern may not be stored yet), without
 * waiting for an answer: in a one-trip transaction the statement travels with the batch's rows
 * and its COMMIT. When a checkpoint is past `from` (another process applied those events) the
 * statement fails, and with it the transaction: `isCheckpointMoved` tells that failure apart.
 * Locks the rows in name order like lockAndAdvanceCheckpoints, and commits asynchronously as it
 * does (see there).
 */
export async function expectAndAdvanceCheckpoints(trx: Knex.Transaction, moves: CheckpointMove[]): Promise<void> {
  // `position` is where 003's projection_checkpoints_advance moves it; `from_position` what it must have been at most.
  const targets = moves.map((m) => ({ name: m.name, position: m.to.toString(), from_position: m.from.toString() }));
  await deferredWrite(trx, 'select projection_checkpoints_advance_from(?::jsonb)', [JSON.stringify(targets)]);
}

export function isCheckpointMoved(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'CX001';
}
