import type { Knex } from 'knex';
import pg from 'pg';

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

/** What knex reads from the answer to its BEGIN. */
const BEGUN = { command: 'BEGIN', rowCount: null, rows: [], fields: [] };

function isPlainQuery(config: unknown, callback: unknown): config is QueryConfig {
  if (typeof callback !== 'function' || typeof config !== 'object' || config === null) return false;
  const { text, values } = config as Partial<QueryConfig>;
  return typeof text === 'string' && (values === undefined || Array.isArray(values));
}

/**
 * A knex transaction whose BEGIN travels with its first statement, one round trip instead of two,
 * when that statement has no bind parameters: both go as one simple-protocol query (Postgres runs
 * the statements of one query message in order; the BEGIN makes them part of the transaction).
 * A first statement with parameters goes right after a BEGIN of its own, as knex would send it.
 * Only real Postgres (the pg driver); PGlite takes `knex.transaction` as it is.
 *
 * For the hot transactions whose first statement is written without parameters (a projection
 * batch locks its checkpoints first): each round trip wakes a Postgres backend, and on a machine
 * whose cores the app shares with Postgres, every wake-up costs the app its turn on the CPU.
 */
export async function transactionBegunWithFirstStatement<T>(knex: Knex, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  if (knex.client.config.client !== 'pg') return knex.transaction(work);
  const connection = (await knex.client.acquireConnection()) as PgConnection;
  const query = connection.query;
  let beginPending = false;
  connection.query = function (config: unknown, callback?: unknown): unknown {
    if (isPlainQuery(config, callback) && config.text === BEGIN && !beginPending) {
      beginPending = true;
      process.nextTick(() => (callback as QueryCallback)(null, BEGUN));
      return undefined;
    }
    if (!beginPending) return query.call(connection, config, callback);
    beginPending = false;
    if (isPlainQuery(config, callback) && (config.values ?? []).length === 0) {
      const done = callback as QueryCallback;
      // Several statements in one simple query answer one result each: the BEGIN's is dropped.
      return query.call(connection, { ...config, text: `${BEGIN} ${config.text}` }, (error: Error | null, results?: unknown) =>
        done(error, Array.isArray(results) ? (results.length === 2 ? results[1] : results.slice(1)) : results),
      );
    }
    // pg sends queued queries in order: the BEGIN goes first, and its failure is the statement's.
    let beginError: Error | null = null;
    void query.call(connection, BEGIN, (error: Error | null) => (beginError = error));
    if (typeof callback !== 'function') return query.call(connection, config, callback);
    const done = callback as QueryCallback;
    return query.call(connection, config, (error: Error | null, result?: unknown) => done(beginError ?? error, result));
  };
  try {
    return await knex.transaction(work, { connection });
  } finally {
    connection.query = query;
    await knex.client.releaseConnection(connection);
  }
}

/** A string as a SQL literal, for a statement meant to go without bind parameters (see above). */
export function sqlLiteral(value: string): string {
  return pg.escapeLiteral(value);
}
