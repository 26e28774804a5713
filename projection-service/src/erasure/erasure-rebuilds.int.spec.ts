import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnex, type Knex } from '@circuit/shared/db/knex';
import { createLogger } from '@circuit/shared/logger';
import { PostgresEventStore } from '@circuit/shared/adapters/event-store/postgres-event-store';
import { waitFor } from '@circuit/shared/testkit/wait';
import { ErasureRebuilds } from './erasure-rebuilds';

/** A runner whose rebuilds the test holds, fails and counts. */
function fakeRunner() {
  const runner = {
    calls: 0,
    active: 0,
    mostAtOnce: 0,
    failing: 0,
    held: Promise.resolve(),
    release: () => undefined as void,
    hold() {
      runner.held = new Promise<void>((resolve) => (runner.release = resolve));
    },
    async rebuild() {
      runner.calls += 1;
      runner.active += 1;
      runner.mostAtOnce = Math.max(runner.mostAtOnce, runner.active);
      try {
        await runner.held;
        if (runner.failing > 0) {
          runner.failing -= 1;
          throw new Error('rebuild failed');
        }
        return 0;
      } finally {
        runner.active -= 1;
      }
    },
  };
  return runner;
}

describe('rebuilds after erasures', () => {
  let knex: Knex;
  let store: PostgresEventStore;
  const log = createLogger('erasure-rebuilds', 'silent');
  beforeAll(async () => {
    knex = await createKnex({ kind: 'pglite' });
    store = await PostgresEventStore.create(knex, { pollIntervalMs: 20 });
  });
  afterAll(async () => {
    await store.close();
    await knex.destroy();
  });

  async function erase(): Promise<bigint> {
    const at = new Date().toISOString();
    const result = await store.append(`user-${randomUUID()}`, [{ id: randomUUID(), type: 'AccountErased', data: { reason: 'requested', at }, occurredAt: at }], 'any');
    return result.position;
  }

  it('coalesces erasures seen during a rebuild into one more, never runs two at once, retries a failure, and picks up after a restart', async () => {
    const runner = fakeRunner();
    const rebuilds = new ErasureRebuilds({ knex, store, runner, log, retryFirstMs: 20 });
    await rebuilds.start();
    runner.hold();
    await erase();
    await waitFor(() => runner.calls === 1, { message: 'the first rebuild' });
    await erase();
    const last = await erase();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(runner.calls).toBe(1);
    runner.release();
    await waitFor(() => rebuilds.rebuiltThrough(last), { message: 'the erasures seen during the rebuild' });
    expect([runner.calls, runner.mostAtOnce]).toEqual([2, 1]);

    runner.failing = 1;
    const failedOnce = await erase();
    await waitFor(() => rebuilds.rebuiltThrough(failedOnce), { message: 'the retried rebuild' });
    expect(runner.calls).toBe(4);

    // Stopped while a rebuild is owed (it keeps failing): the next start rebuilds it, and nothing before it.
    runner.failing = 1_000;
    const owed = await erase();
    await waitFor(() => runner.calls > 4, { message: 'the failing rebuild' });
    await rebuilds.stop();
    const after = fakeRunner();
    const restarted = new ErasureRebuilds({ knex, store, runner: after, log, retryFirstMs: 20 });
    await restarted.start();
    await waitFor(() => restarted.rebuiltThrough(owed), { message: 'the owed rebuild after the restart' });
    expect(after.calls).toBe(1);
    await restarted.stop();
  });
});
