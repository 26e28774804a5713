import { afterAll, beforeAll } from 'vitest';
import type { Knex } from 'knex';
import { PostgresEventStore } from '@circuit/shared/adapters/event-store/postgres-event-store';
import { toNewEvents } from '@circuit/shared/commands/decider';
import { createKnex } from '@circuit/shared/db/knex';
import { migrateProcessManagers } from './checkpoints';

/**
 * An in-memory PGlite with the event store, the process managers' checkpoints and the given tables
 * of the command side, made before the spec's tests and closed after them:
 *
 *   const db = commandSideDatabase([migrateUploadUses]);
 *   await db.append('user-u1', [{ type: 'ProfilePictureChanged', data: { ... } }]);
 */
export function commandSideDatabase(migrations: ((knex: Knex) => Promise<void>)[] = []) {
  const db = {
    knex: undefined as unknown as Knex,
    store: undefined as unknown as PostgresEventStore,
    /** Appends the events (checked against the catalogue) to the stream, whatever it holds. */
    append: (stream: string, events: { type: string; data: unknown }[], at = '2026-11-28T10:00:00.000Z') => db.store.append(stream, toNewEvents(events, {}, at), 'any'),
  };
  beforeAll(async () => {
    db.knex = await createKnex({ kind: 'pglite' });
    db.store = await PostgresEventStore.create(db.knex);
    await migrateProcessManagers(db.knex);
    for (const migrate of migrations) await migrate(db.knex);
  });
  afterAll(async () => {
    await db.store?.close();
    await db.knex?.destroy();
  });
  return db;
}
