import type { Knex } from 'knex';

type QueryCallback = (error: Error | null, result?: unknown) => void;

interface QueryConfig {
  text: string;
  values?: unknown[];
}

/** The part of a pg client that knex's Postgres dialect runs statements through. */
interface PgConnection {
  query(config: unknown, callback?: unknown): unknown;
}

const BEGIN = 'BEGIN;';

/** What knex reads from the answer to a statement that returns no rows (its BEGIN, its ROLLBACK). */
const answerOf = (command: 'BEGIN' | 'ROLLBACK') => ({ command, rowCount: null, rows: [], fields: [] });

function isPlainQuery(config: unknown, callback: unknown): config is QueryConfig {
  if (typeof callback !== 'function' || typeof config !== 'object' || config === null) return false;
  const { text, values } = config as Partial<QueryConfig>;
  return typeof text === 'string' && (values === undefined || Array.isArray(values));
}

const isCommit = (text: string) => /^\s*COMMIT\b/i.test(text);
const isRollback = (text: string) => /^\s*ROLLBACK\b/i.test(text);

/** The statements of one-trip transactions that have not gone to the server yet, by transaction. */
const unsent = new WeakMap<Knex.Transaction, string[]>();

/**
 * A knex transaction that sends as few query messages as it can: its BEGIN and the writes queued
 * with `deferredWrite` wait and travel with the next statement that has no bind parameters (its
 * first read, or the COMMIT), as one simple-protocol query; Postgres runs the statements of one
 * message in order and stops at the first that fails. A statement with bind parameters goes
 * right after the waiting ones (sent as one message of their own) and answers with their failure.
 * Only real Postgres (the pg driver); PGlite takes `knex.transaction` as it is.
 *
 * For the hot transactions (a projection's batch: lock its checkpoints, write its rows, commit):
 * each round trip wakes a Postgres backend, and on a machine whose cores the app shares with
 * Postgres every wake-up costs the app its turn on the CPU; a batch's transaction also sets how
 * long the next batch waits.
 */
export async function oneTripTransaction<T>(knex: Knex, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  if (knex.client.config.client !== 'pg') return knex.transaction(work);
  const connection = (await knex.client.acquireConnection()) as PgConnection;
  const query = connection.query;
  const waiting: string[] = [];
  let begun = false;
  // A failure of statements that went ahead of another: every answer after it carries it, so
  // neither the work nor its COMMIT can succeed past it.
  let failure: Error | null = null;
  const send = (config: unknown, done: QueryCallback) => query.call(connection, config, (error: Error | null, result?: unknown) => done(failure ?? error, result));
  // pg sends queued queries in order: the waiting statements go first, in one message of their own.
  const sendWaitingAhead = () => {
    if (waiting.length > 0) void query.call(connection, waiting.splice(0).join(' '), (error: Error | null) => (failure ??= error));
  };

  connection.query = function (config: unknown, callback?: unknown): unknown {
    if (!isPlainQuery(config, callback)) {
      sendWaitingAhead();
      return query.call(connection, config, callback);
    }
    const done = callback as QueryCallback;
    if (config.text === BEGIN && !begun) {
      begun = true;
      waiting.push(BEGIN);
      process.nextTick(() => done(null, answerOf('BEGIN')));
      return undefined;
    }
    if (isRollback(config.text)) {
      const reachedServer = waiting[0] !== BEGIN;
      waiting.length = 0;
      if (reachedServer) return query.call(connection, config, callback);
      // Nothing reached the server: there is nothing to roll back.
      process.nextTick(() => done(null, answerOf('ROLLBACK')));
      return undefined;
    }
    if (waiting.length === 0) return send(config, done);
    if ((config.values ?? []).length > 0) {
      sendWaitingAhead();
      return send(config, done);
    }
    const ahead = waiting.splice(0);
    return send({ ...config, text: `${ahead.join(' ')} ${config.text}` }, (error, results) => {
      // A failed statement stops the message before its COMMIT: the transaction is left aborted on
      // the server, and knex does not roll back after a failed COMMIT.
      if (error && isCommit(config.text)) return void query.call(connection, 'ROLLBACK', () => done(error));
      // Several statements in one simple query answer one result each: those of the ones ahead are dropped.
      done(error, Array.isArray(results) ? (results.length === ahead.length + 1 ? results[ahead.length] : results.slice(ahead.length)) : results);
    });
  };
  try {
    return await knex.transaction(
      (trx) => {
        unsent.set(trx, waiting);
        return work(trx);
      },
      { connection },
    );
  } finally {
    connection.query = query;
    await knex.client.releaseConnection(connection);
  }
}

/**
 * A write whose answer nobody reads: inside a one-trip transaction it waits and travels with the
 * transaction's next read or its COMMIT (its failure fails that statement, and the transaction),
 * elsewhere it runs at once. Bindings as for `knex.raw` (`??` identifiers, `?` values: strings,
 * numbers, booleans or null), inlined as literals.
 */
export async function deferredWrite(trx: Knex.Transaction, sql: string, bindings: readonly (string | number | boolean | null)[]): Promise<void> {
  const waiting = unsent.get(trx);
  if (!waiting) {
    await trx.raw(sql, bindings);
    return;
  }
  const native = trx.raw(sql, bindings).toSQL().toNative();
  const values = native.bindings as (string | number | boolean | null)[];
  const text = native.sql.replace(/\$(\d+)/g, (_, n: string) => sqlValue(values[Number(n) - 1]!));
  waiting.push(text.trimEnd().endsWith(';') ? text : `${text};`);
}

function sqlValue(value: string | number | boolean | null): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return sqlLiteral(value);
  if (typeof value === 'number' && !Number.isFinite(value)) throw new Error(`Cannot inline ${value}`);
  return String(value);
}

/**
 * A string as a SQL literal, for a statement meant to go without bind parameters (see above): what
 * pg.escapeLiteral makes, by two native replaces instead of its loop of one string concatenation
 * per character (a batch of a rebuild inlines megabytes of rows, where that loop cost seconds).
 */
export function sqlLiteral(value: string): string {
  const quoted = `'${value.replace(/'/g, "''").replace(/\\/g, '\\\\')}'`;
  return value.includes('\\') ? ` E${quoted}` : quoted;
}
