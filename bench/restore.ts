/**
 * `npm run bench:restore -- [--events 100000] [--pglite] [--url postgres://...]`
 *
 * Writes a mixed feed (as bench:rebuild does, through crypto-shredding) to a private schema of the
 * Postgres at --url (default BENCH_DATABASE_URL, TEST_DATABASE_URL, DATABASE_URL, then the local
 * test database), or to an in-memory PGlite with --pglite; then times the three steps of moving a
 * site to a new database: `npm run backup`'s writeBackup into a file, `npm run restore`'s
 * restoreBackup into a second empty schema (or PGlite), and the rebuild of every read model there.
 * Prints each step's time and events per second, and the file's size. Both schemas and the file
 * are removed at the end.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import knexLib, { type Knex } from 'knex';
import { z } from 'zod';
import { createKnex } from '@circuit/shared/db/knex';
import { createLogger } from '@circuit/shared/logger';
import { PostgresEventStore } from '@circuit/shared/adapters/event-store/postgres-event-store';
import { createTestSchema } from '@circuit/shared/testkit/postgres';
import { masterKeyFrom } from '@circuit/shared/personal-data/master-key';
import { withPersonalData } from '@circuit/shared/personal-data/personal-data';
import { writeBackup } from '@circuit/command-service/backup/write-backup';
import { restoreBackup } from '@circuit/command-service/backup/restore-backup';
import { rebuildReadModels } from '@circuit/embedded/backup/rebuild-read-models';
import { appendFeed, mixedFeed } from '@circuit/projection-service/runner/mixed-feed.testkit';

const { values } = parseArgs({ options: { events: { type: 'string', default: '100000' }, pglite: { type: 'boolean', default: false }, url: { type: 'string' } } });
const EVENTS = z.coerce.number().int().positive().parse(values.events);
const url = values.url ?? process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const target = values.pglite ? 'PGlite' : 'Postgres';

const cleanups: (() => Promise<void>)[] = [];
/** A new empty database: an in-memory PGlite, or a schema of its own on the Postgres. */
async function database(label: string): Promise<Knex> {
  if (values.pglite) {
    const knex = await createKnex({ kind: 'pglite' });
    cleanups.push(() => knex.destroy());
    return knex;
  }
  const schema = await createTestSchema({ url, label, poolMax: 10 });
  cleanups.push(() => schema.cleanup());
  return schema.knex;
}

/** Writes the feed; on Postgres without waiting for the disk at each commit (it is only the set-up). */
async function writeFeed(knex: Knex): Promise<void> {
  let writer = knex;
  if (!values.pglite) {
    const [{ schema }] = (await knex.raw('select current_schema() as schema')).rows as [{ schema: string }];
    writer = knexLib({ client: 'pg', connection: { connectionString: url, options: `-c search_path=${schema} -c synchronous_commit=off` }, pool: { min: 0, max: 16 } });
  }
  const store = await withPersonalData(await PostgresEventStore.create(writer, { listen: false }), writer, {});
  await appendFeed(store, mixedFeed({ events: EVENTS, seed: 42 }), { parallel: values.pglite ? 1 : 16 });
  await store.close();
  if (writer !== knex) await writer.destroy();
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'circuit-bench-restore-'));
const file = path.join(dir, 'bench.backup.gz');
const step = async <T>(name: string, events: number, work: () => Promise<T>): Promise<T> => {
  const started = performance.now();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  console.log(`  ${name.padEnd(8)} ${seconds.toFixed(1).padStart(7)} s = ${Math.round(events / seconds).toString().padStart(7)} events/s`);
  return result;
};

try {
  const source = await database('bench_backup');
  const started = performance.now();
  await writeFeed(source);
  const [{ events }] = (await source.raw('select count(*)::int as events from event_store_events')).rows as [{ events: number }];
  console.log(`${target}: wrote ${events} events in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const { bytes } = await step('backup', events, () => writeBackup(source, { file, uploadsDir: path.join(dir, 'uploads') }));
  console.log(`  file     ${(bytes / 1024 / 1024).toFixed(1)} MiB (${Math.round(bytes / events)} bytes/event)`);
  const restored = await database('bench_restore');
  await step('restore', events, () => restoreBackup(restored, { file, uploadsDir: path.join(dir, 'restored-uploads'), master: masterKeyFrom({}) }));
  const store = await withPersonalData(await PostgresEventStore.create(restored, { listen: false }), restored, {});
  await step('rebuild', events, () => rebuildReadModels(restored, store, createLogger('bench', 'warn')));
  await store.close();
} finally {
  for (const cleanup of cleanups) await cleanup();
  fs.rmSync(dir, { recursive: true, force: true });
}
