import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { createKnex } from '@circuit/shared/db/knex';
import { PostgresEventStore } from '@circuit/shared/adapters/event-store/postgres-event-store';
import { createLogger } from '@circuit/shared/logger';
import { waitFor } from '@circuit/shared/testkit/wait';
import { createTestSchema, testDatabaseUrl, type TestSchema } from '@circuit/shared/testkit/postgres';
import { describeWhen } from '@circuit/shared/testkit/skip';
import { createProjectionService, migrateAllReadModels } from '../projection-service';
import { allProjections } from '../projections';
import { ProjectionRunner } from './projection-runner';
import { appendFeed, diffReadModels, dumpReadModels, mixedFeed, referencesAhead } from './mixed-feed.testkit';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const log = createLogger('test', 'silent');


describe('read models from a mixed feed', () => {
  let knex: Knex;
  let store: PostgresEventStore;

  beforeAll(async () => {
    knex = await createKnex({ kind: 'pglite' });
    store = await PostgresEventStore.create(knex, { pollIntervalMs: 20 });
    await migrateAllReadModels(knex);
    await appendFeed(store, mixedFeed({ events: 400, seed: 11, users: 25 }), { parallel: 1 });
  }, 120_000);
  afterAll(async () => {
    await store.close();
    await knex.destroy();
  });

  // The set-based batch apply folds many events into a few statements; it must mean the same.
  it('applying it in batches yields the rows of applying it one event at a time', async () => {
    const indexes = async () =>
      ((await knex.raw(`select tablename, indexname, indexdef from pg_indexes where schemaname = current_schema() order by tablename, indexname`)) as { rows: unknown[] }).rows;
    const indexesBefore = await indexes();
    await new ProjectionRunner(knex, store, allProjections, undefined, log, { pageSize: 1 }).rebuild();
    const oneByOne = await dumpReadModels(knex);
    expect(oneByOne.users!.length).toBe(25);
    expect(oneByOne.user_follows!.length).toBeGreaterThan(10);
    expect(oneByOne.chat_messages!.length).toBeGreaterThan(10);
    await new ProjectionRunner(knex, store, allProjections, undefined, log, { pageSize: 1000 }).rebuild();
    expect(diffReadModels(await dumpReadModels(knex), oneByOne)).toEqual({});
    // The swapped-in tables have the indexes and names of the ones they replaced.
    expect(await indexes()).toEqual(indexesBefore);
  }, 120_000);
});

describeWhen('read models on Postgres', testDatabaseUrl(), (url) => {
  let db: TestSchema;

  beforeAll(async () => {
    db = await createTestSchema({ url, label: 'read_models_rebuild' });
    await migrateAllReadModels(db.knex);
  });
  afterAll(async () => {
    await db?.cleanup();
  });

  /** `npm run projections:rebuild` in a process of its own, on the test schema. */
  function rebuildProcess(): Promise<{ code: number | null; output: string }> {
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: `${url}?options=${encodeURIComponent(`-c search_path=${db.schema}`)}`, LOG_LEVEL: 'warn' };
    delete env.EVENTSTORE_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', 'projection-service/src/rebuild.ts'], { cwd: ROOT, env });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
  }

  it('a live projection service and projections:rebuild in two processes, with writes going on: every read model equals a rebuild from scratch', async () => {
    const knex = db.connect();
    const store = await PostgresEventStore.create(knex, { pollIntervalMs: 50 });
    const feed = mixedFeed({ events: 20_000, seed: 5, users: 150 });
    let written = 0;
    await appendFeed(store, feed, { until: () => (written += 1) >= 150 });
    const service = await createProjectionService({ knex, store, log });
    await service.start();

    let rebuilding = true;
    // Keeps writing (a few streams at a time) until the rebuild process is done.
    const writer = appendFeed(store, feed, { parallel: 4, until: () => !rebuilding });
    const emptySeen: string[] = [];
    const reader = (async () => {
      while (rebuilding) {
        for (const table of ['users', 'projects', 'user_follows', 'chat_messages', 'notifications']) {
          const rows = await db.knex(table).count<{ count: string }[]>('* as count');
          if (Number(rows[0]?.count) === 0) emptySeen.push(table);
        }
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    const headBefore = await store.headPosition();
    const result = await rebuildProcess();
    rebuilding = false;
    await Promise.all([writer, reader]);
    expect(result.output).toMatch(/Rebuilt every projection from \d+ events/);
    expect(result.code).toBe(0);
    expect(emptySeen).toEqual([]);
    // The parallel writes kept the feed one the commands could have written: the counts a follow or a like adds
    // then do not depend on where a batch ends.
    expect(await referencesAhead(db.knex)).toEqual([]);

    const head = await store.headPosition();
    expect(head).toBeGreaterThan(headBefore); // writes went on while it rebuilt
    await waitFor(async () => (await service.runner.checkpoint()) === head, { message: 'the live service to apply the last writes', timeoutMs: 20_000 });
    const live = await dumpReadModels(db.knex);
    await service.stop();
    await store.close();

    // A rebuild from scratch (this process, nothing else running) gives the same rows: the bulk
    // load (unlogged copies with their key indexes only, pages of 50,000) by default, then the
    // plain one (logged, fully indexed copies), then the bulk load in small pages.
    const tables = async () =>
      (
        (await db.knex.raw(
          `select c.relname as table, c.relpersistence as persistence, (select array_agg(pg_get_indexdef(i.indexrelid) order by i.indexrelid::regclass::text) from pg_index i where i.indrelid = c.oid) as indexes
             from pg_class c where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r' order by c.relname`,
        )) as { rows: { table: string; persistence: string; indexes: string[] | null }[] }
      ).rows;
    const tablesBefore = await tables();
    const other = db.connect();
    const otherStore = await PostgresEventStore.create(other, { listen: false });
    await new ProjectionRunner(other, otherStore, allProjections, undefined, log).rebuild();
    expect(diffReadModels(await dumpReadModels(db.knex), live), 'the bulk rebuild (actual) against the live service (expected)').toEqual({});
    expect(live.users!.length).toBeGreaterThan(100);
    // The bulk-loaded copies were swapped in logged, with every index of the tables they replaced.
    expect(await tables()).toEqual(tablesBefore);
    expect(tablesBefore.filter((t) => t.persistence !== 'p')).toEqual([]);
    await new ProjectionRunner(other, otherStore, allProjections, undefined, log, { bulkRebuild: false }).rebuild();
    expect(diffReadModels(await dumpReadModels(db.knex), live), 'the plain rebuild (actual) against the live service (expected)').toEqual({});
    await new ProjectionRunner(other, otherStore, allProjections, undefined, log, { rebuildPageSize: 777 }).rebuild();
    expect(diffReadModels(await dumpReadModels(db.knex), live), 'the bulk rebuild in small pages (actual) against the live service (expected)').toEqual({});
    expect(await tables()).toEqual(tablesBefore);
    await otherStore.close();
  }, 300_000);
});
