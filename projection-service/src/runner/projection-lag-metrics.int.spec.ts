import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { createKnex } from '@circuit/shared/db/knex';
import { PostgresEventStore } from '@circuit/shared/adapters/event-store/postgres-event-store';
import { createLogger } from '@circuit/shared/logger';
import { createMetrics, metricsRoute } from '@circuit/shared/metrics/metrics';
import type { NewEvent } from '@circuit/shared/ports/event-store';
import { waitFor } from '@circuit/shared/testkit/wait';
import type { Projection } from './projection';
import { ProjectionRunner } from './projection-runner';
import { registerProjectionLag } from './projection-lag-metrics';
import { migrateReadModels } from '../migrations';

const event = (occurredAt: string): NewEvent => ({ id: randomUUID(), type: 'SomethingHappened', data: {}, metadata: {}, occurredAt });

/** A projection stuck on the feed while `stuck` (it fails each batch, as a bug or a full disk would), until released. */
function heldBack() {
  let stuck = true;
  const projection: Projection = {
    name: 'held-back',
    tables: [],
    async applyBatch() {
      if (stuck) throw new Error('held back');
    },
  };
  return { projection, release: () => void (stuck = false) };
}

const following: Projection = { name: 'following', tables: [], async applyBatch() {} };

describe('projection lag at /metrics', () => {
  let knex: Knex;
  let store: PostgresEventStore;
  let runner: ProjectionRunner;
  let server: http.Server;
  let url: string;
  const held = heldBack();
  const now = Date.parse('2026-03-01T10:01:00.000Z');

  beforeAll(async () => {
    knex = await createKnex({ kind: 'pglite' });
    await migrateReadModels(knex);
    store = await PostgresEventStore.create(knex, { pollIntervalMs: 50 });
    const metrics = createMetrics('test');
    runner = new ProjectionRunner(knex, store, [following, held.projection], undefined, createLogger('test', 'silent'));
    registerProjectionLag(metrics, store, runner, ['following', 'held-back'], () => now);
    const app = express();
    app.get('/metrics', metricsRoute(metrics));
    server = app.listen(0);
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
    await runner.start();
  });
  afterAll(async () => {
    held.release();
    server?.close();
    await runner?.stop();
    await store?.close();
    await knex?.destroy();
  });

  const lag = async (projection: string) => {
    const text = await (await fetch(url)).text();
    const value = (name: string) => Number(text.split('\n').find((line) => line.startsWith(`${name}{`) && line.includes(`projection="${projection}"`))?.split(' ').at(-1));
    return { events: value('circuit_projection_lag_events'), seconds: value('circuit_projection_lag_seconds') };
  };

  it('moves when a projection is held back and returns to 0 once it catches up', async () => {
    await store.append(`s-${randomUUID()}`, [event('2026-03-01T10:00:00.000Z'), event('2026-03-01T10:00:30.000Z')], 'no_stream');
    await store.append(`s-${randomUUID()}`, [event('2026-03-01T10:00:40.000Z')], 'no_stream');
    // The oldest event it has not applied is a minute old by the clock of the scrape.
    expect(await lag('held-back')).toEqual({ events: 3, seconds: 60 });

    held.release();
    await waitFor(async () => (await lag('held-back')).events === 0);
    expect(await lag('held-back')).toEqual({ events: 0, seconds: 0 });
    expect(await lag('following')).toEqual({ events: 0, seconds: 0 });
  });
});
