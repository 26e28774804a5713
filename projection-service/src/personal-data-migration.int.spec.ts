import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { createKnex } from '@circuit/shared/db/knex';
import { PostgresEventStore } from '@circuit/shared/adapters/event-store/postgres-event-store';
import { createLogger } from '@circuit/shared/logger';
import { reservationStream, reservationStreamOf, userStream } from '@circuit/shared/events/accounts';
import type { NewEvent } from '@circuit/shared/ports/event-store';
import { LocalMasterKey } from '@circuit/shared/personal-data/master-key';
import { withPersonalData } from '@circuit/shared/personal-data/personal-data';
import { migratePersonalData, type MigrationReport } from '@circuit/shared/personal-data/personal-data-migration';
import { isSealedField } from '@circuit/shared/personal-data/field-cipher';
import { migrateAllReadModels } from './projection-service';
import { allProjections } from './projections';
import { ProjectionRunner } from './runner/projection-runner';
import { appendFeed, mixedFeed, type Append } from './runner/mixed-feed.testkit';

const log = createLogger('test', 'silent');
const master = new LocalMasterKey(randomBytes(32));
/** Tables the migration changes by design (the events, sealed; the people's keys, and their schema's migrations); every other table is a read model's or the runner's own. */
const notReadModel = (table: string) => table === 'event_store_events' || table.startsWith('personal_data_keys') || table.startsWith('knex_migrations_personal_data');

/**
 * A history as the platform stored it before crypto-shredding: the mixed feed (accounts, profiles, projects,
 * comments, chat, follows, notifications), each account with its username and e-mail reservations, and profiles
 * with mobile numbers, colleges and pictures.
 */
function* plainHistory(seed: number): Generator<Append> {
  const ev = (type: string, data: unknown): NewEvent => ({ id: randomUUID(), type, data, metadata: {}, occurredAt: '2025-01-01T00:00:00.000Z' });
  for (const append of mixedFeed({ events: 600, seed, users: 20, prefix: `m${seed}` })) {
    yield append;
    const registered = append.events.find((e) => e.type === 'UserRegistered');
    if (!registered) continue;
    const { userId, username, email } = registered.data as { userId: string; username: string; email: string };
    yield { streamId: reservationStream('username', username), events: [ev('NameReserved', { kind: 'username', value: username, userId })] };
    yield { streamId: `email-${email}`, events: [ev('NameReserved', { kind: 'email', value: email, userId })] };
    yield {
      streamId: userStream(userId),
      events: [
        ev('ProfileUpdated', { changes: { mobile: '9876501234', college: `College of ${username}`, address: `${username} street 1` }, at: '2025-01-01T00:00:00.000Z' }),
        ev('ProfilePictureChanged', { url: `/uploads/${username}.png`, at: '2025-01-01T00:00:00.000Z' }),
      ],
    };
  }
}

async function plainStore(seed: number) {
  const knex = await createKnex({ kind: 'pglite' });
  const bare = await PostgresEventStore.create(knex, { pollIntervalMs: 20 });
  await appendFeed(bare, plainHistory(seed), { parallel: 1 });
  return { knex, bare };
}

/** Every table but the event store's and the keys': rows in a stable order, timestamps as ISO strings. */
async function dumpTables(knex: Knex): Promise<Record<string, unknown[]>> {
  const { rows } = (await knex.raw(`select tablename from pg_tables where schemaname = current_schema() order by tablename`)) as { rows: { tablename: string }[] };
  const dump: Record<string, unknown[]> = {};
  for (const { tablename } of rows) {
    if (notReadModel(tablename)) continue;
    const table: Record<string, unknown>[] = await knex(tablename).select('*');
    dump[tablename] = table
      .map((row) => JSON.stringify(Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]))))
      .sort();
  }
  return dump;
}

async function rawEvents(knex: Knex) {
  return knex('event_store_events').orderBy('position').select<{ position: string; stream_id: string; revision: number; type: string; data: Record<string, unknown> }[]>('position', 'stream_id', 'revision', 'type', 'data');
}

/** The stored events with every sealed box replaced by its subject: what two migrations of one history must agree on. */
async function sealedShape(knex: Knex) {
  const shape = (value: unknown): unknown =>
    isSealedField(value) ? { sealedFor: value.s } : Array.isArray(value) ? value.map(shape) : typeof value === 'object' && value !== null ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)])) : value;
  return (await rawEvents(knex)).map((row) => ({ ...row, position: undefined, data: shape(row.data) }));
}

describe('the personal data migration (npm run personal-data:migrate)', () => {
  it('seals a history written without encryption in place, checked by counts, checksum and every read model rebuilt; a second run does nothing', async () => {
    const { knex, bare } = await plainStore(3);
    try {
      await migrateAllReadModels(knex);
      await new ProjectionRunner(knex, bare, allProjections, undefined, log).rebuild();
      const before = await dumpTables(knex);
      expect(before.users!.length).toBe(20);
      const plain = await rawEvents(knex);
      const emails = plain.filter((e) => e.type === 'UserRegistered').map((e) => e.data.email as string);
      expect(plain.some((e) => e.stream_id === `email-${emails[0]}`)).toBe(true);

      const report = (await migratePersonalData(knex, master, { batchSize: 100 }))!;
      expect(report.sealed).toBeGreaterThan(100);
      expect(report.renamed).toBe(20);
      expect(report.after).toEqual(report.before);

      // Nothing personal in the clear: not in the data, not in a stream id.
      const stored = JSON.stringify(await rawEvents(knex));
      for (const email of emails) expect(stored).not.toContain(email);
      for (const secret of ['9876501234', 'College of', 'street 1', '/uploads/', 'hello 2025']) expect(stored).not.toContain(secret);
      // The account service finds each address's reservation where the blind index names it, revisions unchanged.
      const store = await withPersonalData(bare, knex, {}, { master });
      for (const email of emails) {
        const [reserved] = await store.readStream(await reservationStreamOf('email', email, master));
        expect(reserved).toMatchObject({ type: 'NameReserved', revision: 0, data: { kind: 'email', value: email } });
      }

      await new ProjectionRunner(knex, store, allProjections, undefined, log).rebuild();
      expect(await dumpTables(knex)).toEqual(before);

      const shape = await sealedShape(knex);
      const again = (await migratePersonalData(knex, master, { batchSize: 100 }))!;
      expect({ sealed: again.sealed, renamed: again.renamed }).toEqual({ sealed: 0, renamed: 0 });
      expect(again.after).toEqual(report.before);
      expect(await sealedShape(knex)).toEqual(shape);
    } finally {
      await bare.close();
      await knex.destroy();
    }
  }, 180_000);

  it('interrupted after a few batches, a second run completes it with the same result as one run', async () => {
    const whole = await plainStore(5);
    const broken = await plainStore(5);
    try {
      const once = (await migratePersonalData(whole.knex, master, { batchSize: 50 }))!;
      const crash = new Error('the process died');
      const interrupted = migratePersonalData(broken.knex, master, {
        batchSize: 50,
        afterBatch: ({ batch }) => {
          if (batch === 3) throw crash;
        },
      });
      await expect(interrupted).rejects.toBe(crash);
      const half = await rawEvents(broken.knex);
      expect(half.some((e) => e.stream_id.startsWith('email-') && e.stream_id.includes('@'))).toBe(true);
      const resumed: MigrationReport = (await migratePersonalData(broken.knex, master, { batchSize: 50 }))!;
      expect(resumed.after).toEqual(resumed.before);
      // The same history (ids aside) sealed the same way: the same counts, the same shape of every event.
      expect(resumed.after.counts).toEqual(once.after.counts);
      const shape = async (knex: Knex) => (await sealedShape(knex)).map(({ type, revision, data }) => ({ type, revision, sealed: JSON.stringify(data).match(/sealedFor/g)?.length ?? 0 }));
      expect(await shape(broken.knex)).toEqual(await shape(whole.knex));
      expect((await rawEvents(broken.knex)).filter((e) => e.stream_id.includes('@'))).toEqual([]);
    } finally {
      for (const { knex, bare } of [whole, broken]) {
        await bare.close();
        await knex.destroy();
      }
    }
  }, 180_000);

  it('does not call it done when what readers see changed under it (a service left running)', async () => {
    const { knex, bare } = await plainStore(7);
    try {
      const running = migratePersonalData(knex, master, {
        batchSize: 100,
        afterBatch: async ({ batch }) => {
          if (batch === 1) await bare.append(userStream('late'), [{ id: randomUUID(), type: 'UserSignedIn', data: { method: 'otp', at: '2025-01-02T00:00:00.000Z' }, metadata: {}, occurredAt: '2025-01-02T00:00:00.000Z' }], 'any');
        },
      });
      await expect(running).rejects.toThrow(/Personal data migration check failed/);
    } finally {
      await bare.close();
      await knex.destroy();
    }
  }, 180_000);

  it('refuses with a clear message when the new version reserved an address before the migration moved its old stream', async () => {
    const knex = await createKnex({ kind: 'pglite' });
    const bare = await PostgresEventStore.create(knex);
    try {
      const reserved = (userId: string): NewEvent[] => [{ id: randomUUID(), type: 'NameReserved', data: { kind: 'email', value: 'ann@example.test', userId }, metadata: {}, occurredAt: '2025-01-01T00:00:00.000Z' }];
      await bare.append('email-ann@example.test', reserved('u1'), 'no_stream');
      await bare.append(await reservationStreamOf('email', 'ann@example.test', master), reserved('u2'), 'no_stream');
      await expect(migratePersonalData(knex, master)).rejects.toThrow(/already has an event at the same revision.*migrate before starting it/);
      expect(await knex('event_store_events').pluck('stream_id')).toContain('email-ann@example.test');
    } finally {
      await bare.close();
      await knex.destroy();
    }
  });

  it('on a fresh database does nothing', async () => {
    const knex = await createKnex({ kind: 'pglite' });
    try {
      expect(await migratePersonalData(knex, master)).toBeNull();
      const bare = await PostgresEventStore.create(knex);
      const report = (await migratePersonalData(knex, master))!;
      expect({ batches: report.batches, sealed: report.sealed, renamed: report.renamed, counts: report.after.counts }).toEqual({ batches: 0, sealed: 0, renamed: 0, counts: {} });
      await bare.close();
    } finally {
      await knex.destroy();
    }
  });
});
