import { randomUUID } from 'node:crypto';
import express from 'express';
import request from 'supertest';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnex } from '@circuit/shared/db/knex';
import { PostgresEventStore } from '@circuit/shared/adapters/event-store/postgres-event-store';
import { userStream } from '@circuit/shared/events/accounts';
import { createLogger } from '@circuit/shared/logger';
import type { NewEvent } from '@circuit/shared/ports/event-store';
import { waitFor } from '@circuit/shared/testkit/wait';
import { createProjectionService, type ProjectionService } from './projection-service';

const log = createLogger('test', 'silent');
const ev = (type: string, data: unknown): NewEvent => ({ id: randomUUID(), type, data, metadata: {}, occurredAt: new Date().toISOString() });

/**
 * In a cluster, the instance answering a query is often not the one whose runner applied the
 * change: its cached answers must still never be older than the read model.
 */
describe('cached query answers across projection services', () => {
  let knex: Knex;
  let store: PostgresEventStore;
  let writer: ProjectionService;
  let reader: ProjectionService;
  const app = express();

  beforeAll(async () => {
    knex = await createKnex({ kind: 'pglite' });
    store = await PostgresEventStore.create(knex, { pollIntervalMs: 20 });
    // Only the writer runs projections; the reader answers queries, as a second instance would.
    writer = await createProjectionService({ knex, store, log });
    await writer.start();
    reader = await createProjectionService({ knex, store, log });
    app.use(reader.router);
  });
  afterAll(async () => {
    await writer?.stop();
    await store?.close();
    await knex?.destroy();
  });

  it('a profile changed by another instance’s runner is answered changed at once', async () => {
    const id = randomUUID();
    const at = new Date().toISOString();
    await store.append(
      userStream(id),
      [
        ev('UserRegistered', { userId: id, username: 'cached_asha', email: 'asha@example.com', firstName: 'Asha', lastName: 'Rao', passwordHash: null, role: 'user', emailVerified: true, registeredAt: at }),
      ],
      'no_stream',
    );
    await waitFor(async () => (await knex('users').where({ id }).first()) !== undefined);
    const before = await request(app).get('/api/users/username/cached_asha').expect(200);
    expect(before.body.data.firstName).toBe('Asha');
    // A second read is a cache hit; it must not survive the next change.
    await request(app).get('/api/users/username/cached_asha').expect(200);

    await store.append(userStream(id), [ev('ProfileUpdated', { changes: { firstName: 'Ashwini' }, at })], 'any');
    await waitFor(async () => (await knex('users').where({ id }).first())?.first_name === 'Ashwini');
    const after = await request(app).get('/api/users/username/cached_asha').expect(200);
    expect(after.body.data.firstName).toBe('Ashwini');
  });
});
