import type { Knex } from 'knex';
import type { Logger } from '../logger';

export interface Work {
  start(): Promise<void>;
  stop(): Promise<void>;
}

interface RawConnection {
  query(sql: string, values?: unknown[]): Promise<{ rows: { leader: boolean }[] }>;
  on(event: 'error' | 'end', listener: () => void): void;
}

/**
 * Runs `work` in one process at a time among all processes on the same Postgres database and
 * schema (several command-service instances): the holder of a session advisory lock, kept on a
 * connection of its own, does it; the others ask again every `retryMs` on a connection they keep
 * for it, and take over when the holder's connection ends (its process died or stopped). The
 * asking is one cheap statement, so a standby takes over within about a second.
 * PGlite belongs to a single process, so there the work simply runs.
 */
export async function runAsLeader(knex: Knex, name: string, work: Work, log: Logger, retryMs = 1000): Promise<{ stop(): Promise<void> }> {
  if (knex.client.config.client !== 'pg') {
    await work.start();
    return { stop: () => work.stop() };
  }

  let stopped = false;
  let leading = false;
  let connection: RawConnection | undefined;
  let retry: NodeJS.Timeout | undefined;

  const release = async () => {
    const held = connection;
    connection = undefined;
    if (held) await knex.client.destroyRawConnection(held).catch(() => undefined);
  };

  /** The connection ended or failed: a standby asks on a new one next time; a leader stops its work first. */
  const lose = async (lost: RawConnection) => {
    if (connection !== lost) return;
    if (!leading) {
      await release();
      return;
    }
    leading = false;
    log.warn({ name }, 'lost leadership; stopping until it is regained');
    await work.stop().catch((err: unknown) => log.error({ err, name }, 'stopping after lost leadership failed'));
    await release();
    schedule();
  };

  const schedule = () => {
    if (!stopped) retry = setTimeout(() => void attempt(), retryMs);
  };

  const candidate = async (): Promise<RawConnection> => {
    if (connection) return connection;
    const fresh = (await knex.client.acquireRawConnection()) as RawConnection;
    connection = fresh;
    fresh.on('error', () => void lose(fresh));
    fresh.on('end', () => void lose(fresh));
    return fresh;
  };

  async function attempt(): Promise<void> {
    try {
      const { rows } = await (await candidate()).query(
        "select pg_try_advisory_lock(hashtext(current_database() || ':' || current_schema() || ':' || $1)) as leader",
        [name],
      );
      if (stopped) {
        await release();
        return;
      }
      if (!rows[0]?.leader) {
        schedule();
        return;
      }
      leading = true;
      log.info({ name }, 'leading');
      await work.start();
    } catch (err) {
      log.warn({ err, name }, 'leadership attempt failed; retrying');
      await release();
      schedule();
    }
  }

  await attempt();
  return {
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      if (leading) {
        leading = false;
        await work.stop();
      }
      await release();
    },
  };
}
