import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnex } from '../db/knex';
import { createLogger } from '../logger';
import { createTestSchema, testDatabaseUrl, type TestSchema } from '../testkit/postgres';
import { describeWhen } from '../testkit/skip';
import { waitFor } from '../testkit/wait';
import { runAsLeader } from './leadership';

const log = createLogger('leadership-test', 'silent');

function counter() {
  const state = { running: 0, starts: 0 };
  return {
    state,
    work: {
      start: async () => {
        state.running++;
        state.starts++;
      },
      stop: async () => {
        state.running--;
      },
    },
  };
}

describe('leadership on PGlite (one process owns the database)', () => {
  it('runs the work at once and stops it', async () => {
    const knex = await createKnex({ kind: 'pglite' });
    const { state, work } = counter();
    const leader = await runAsLeader(knex, 'workers', work, log);
    expect(state.running).toBe(1);
    await leader.stop();
    expect(state.running).toBe(0);
    await knex.destroy();
  });
});

describeWhen('leadership on Postgres (several processes)', testDatabaseUrl(), () => {
  let db: TestSchema;
  beforeAll(async () => {
    db = await createTestSchema({ label: 'leadership' });
  });
  afterAll(async () => {
    await db?.cleanup();
  });

  it('runs the work in exactly one of two instances, and the other takes over when the leader stops', async () => {
    const [a, b] = [counter(), counter()];
    const knexA = db.connect();
    const knexB = db.connect();
    const first = await runAsLeader(knexA, 'workers', a.work, log, 50);
    const second = await runAsLeader(knexB, 'workers', b.work, log, 50);
    expect(a.state.running + b.state.running).toBe(1);
    expect(a.state.running).toBe(1);

    await first.stop();
    expect(a.state.running).toBe(0);
    await waitFor(async () => b.state.running === 1, { message: 'the second instance takes over' });

    await second.stop();
    expect(b.state.running).toBe(0);
    await Promise.all([knexA.destroy(), knexB.destroy()]);
  });

  it('hands the work over when the leader\'s connection dies, and the old leader waits as a standby on a new one', async () => {
    const [a, b] = [counter(), counter()];
    const knexA = db.connect();
    const knexB = db.connect();
    const first = await runAsLeader(knexA, 'workers', a.work, log, 50);
    const second = await runAsLeader(knexB, 'workers', b.work, log, 50);
    expect(a.state.running).toBe(1);

    // As when the leader's process is killed: the server ends the session that holds the lock.
    const holders = async () =>
      (
        await db.knex.raw<{ rows: { pid: number }[] }>(
          `select pid from pg_locks where locktype = 'advisory' and granted and objsubid = 1
             and ((classid::bigint << 32) | objid::bigint) = hashtext(current_database() || ':' || current_schema() || ':workers')::bigint`,
        )
      ).rows;
    const [holder] = await holders();
    expect(holder).toBeDefined();
    await db.knex.raw('select pg_terminate_backend(?)', [holder!.pid]);
    await waitFor(async () => a.state.running === 0 && b.state.running === 1, { message: 'the standby takes over from the lost leader' });
    expect((await holders()).map((h) => h.pid)).not.toContain(holder!.pid);

    // The old leader asks again on a connection of its own, and leads once the other stops.
    await second.stop();
    await waitFor(async () => a.state.running === 1, { message: 'the old leader leads again' });
    expect(a.state.starts).toBe(2);
    await first.stop();
    await Promise.all([knexA.destroy(), knexB.destroy()]);
  });

  it('keys the lock by schema, so separate schemas (separate deployments) do not contend', async () => {
    const other = await createTestSchema({ label: 'leadership-other' });
    try {
      const [a, b] = [counter(), counter()];
      const knexA = db.connect();
      const knexB = other.connect();
      const first = await runAsLeader(knexA, 'workers', a.work, log, 50);
      const second = await runAsLeader(knexB, 'workers', b.work, log, 50);
      expect([a.state.running, b.state.running]).toEqual([1, 1]);
      await first.stop();
      await second.stop();
      await Promise.all([knexA.destroy(), knexB.destroy()]);
    } finally {
      await other.cleanup();
    }
  });
});
