import { afterAll, beforeAll } from 'vitest';
import { createKnex, type Knex } from '@circuit/shared/db/knex';
import { PostgresEventStore } from '@circuit/shared/adapters/event-store/postgres-event-store';
import { toNewEvents } from '@circuit/shared/commands/decider';
import { createLogger, type Logger } from '@circuit/shared/logger';
import { migrateReadModels } from '../migrations';
import type { Projection } from './projection';
import { ProjectionRunner } from './projection-runner';

export interface ProjectionHarness {
  readonly knex: Knex;
  readonly store: PostgresEventStore;
  /** Not started: a spec starts it, or applies what was appended with `rebuild()`. */
  readonly runner: ProjectionRunner;
  /** Appends `events` to `stream` whatever its revision, each occurring at `occurredAt`. */
  append(stream: string, events: readonly { type: string; data: unknown }[], occurredAt: string): Promise<unknown>;
}

/**
 * The setup projection specs share: events in, rows out over an in-memory Postgres (PGlite) with
 * the event store, the shared read-model tables and those `migrations` add, and a runner of
 * `projections`. Registers the suite's beforeAll and afterAll; its fields are there from beforeAll on.
 */
export function projectionHarness(migrations: readonly ((knex: Knex) => Promise<void>)[], projections: Projection[], options: { log?: Logger } = {}): ProjectionHarness {
  let started: { knex: Knex; store: PostgresEventStore; runner: ProjectionRunner } | undefined;
  beforeAll(async () => {
    const knex = await createKnex({ kind: 'pglite' });
    const store = await PostgresEventStore.create(knex, { pollIntervalMs: 20 });
    await migrateReadModels(knex);
    for (const migrate of migrations) await migrate(knex);
    started = { knex, store, runner: new ProjectionRunner(knex, store, projections, undefined, options.log ?? createLogger('test')) };
  });
  afterAll(async () => {
    await started?.runner.stop();
    await started?.store.close();
    await started?.knex.destroy();
  });
  const get = () => {
    if (!started) throw new Error('The projection harness is set up in beforeAll: use it inside a hook or a test');
    return started;
  };
  return {
    get knex() {
      return get().knex;
    },
    get store() {
      return get().store;
    },
    get runner() {
      return get().runner;
    },
    append: (stream, events, occurredAt) => get().store.append(stream, toNewEvents([...events], {}, occurredAt), 'any'),
  };
}

/** A sign-up as the accounts decider records it: e-mail verified, role user, no password (`email`: the username's at example.com). */
export const userRegistered = (user: { userId: string; username: string; firstName: string; lastName: string; email?: string }, registeredAt: string) => ({
  type: 'UserRegistered' as const,
  data: { ...user, email: user.email ?? `${user.username}@example.com`, passwordHash: null, role: 'user' as const, emailVerified: true, registeredAt },
});
