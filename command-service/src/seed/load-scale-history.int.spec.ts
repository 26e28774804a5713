import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PostgresEventStore } from '@circuit/shared/adapters/event-store/postgres-event-store';
import { withPersonalData } from '@circuit/shared/personal-data/personal-data';
import type { RecordedEvent } from '@circuit/shared/ports/event-store';
import { createTestSchema, testDatabaseUrl, type TestSchema } from '@circuit/shared/testkit/postgres';
import { describeWhen } from '@circuit/shared/testkit/skip';
import { loadHistory } from './load-scale-history';
import { scaleHistory } from './scale-history';

describeWhen('loading a scale history by the bulk path (bench:scale)', testDatabaseUrl(), (url) => {
  let db: TestSchema;
  let written: number;
  let feed: RecordedEvent[];
  const generated = [...scaleHistory({ events: 3000, seed: 3 })];

  beforeAll(async () => {
    db = await createTestSchema({ url, label: 'scale_history' });
    written = await loadHistory(url, db.schema, generated);
    const store = await withPersonalData(await PostgresEventStore.create(db.knex, { listen: false }), db.knex, {});
    feed = await store.readAll(0n, 10_000);
    await store.close();
  }, 60_000);
  afterAll(() => db?.cleanup());

  it('stores every event once, in feed order, each stream numbered from 0 without a gap', () => {
    expect(written).toBe(generated.reduce((n, a) => n + a.events.length, 0));
    expect(feed.map((e) => e.id)).toEqual(generated.flatMap((a) => a.events.map((e) => e.id)));
    const next = new Map<string, number>();
    for (const e of feed) {
      expect(e.revision).toBe(next.get(e.streamId) ?? 0);
      next.set(e.streamId, e.revision + 1);
    }
  });

  it('seals personal data in the store, and the services read it back in clear', async () => {
    const registered = feed.find((e) => e.type === 'UserRegistered')!;
    expect((registered.data as { email: string }).email).toMatch(/@example\.com$/);
    const [raw] = (await db.knex('event_store_events').where({ event_id: registered.id }).select('data')) as [{ data: Record<string, unknown> }];
    expect(JSON.stringify(raw.data)).not.toContain('@example.com');
  });

  it('leaves the store appending above the loaded history, with its revisions', async () => {
    const store = await PostgresEventStore.create(db.knex, { listen: false });
    const last = feed.at(-1)!;
    const result = await store.append(last.streamId, [{ id: randomUUID(), type: 'EmailVerified', data: { at: new Date().toISOString() }, occurredAt: new Date().toISOString() }], last.revision);
    expect(result.position > last.position).toBe(true);
    expect(result.nextRevision).toBe(last.revision + 1);
    expect((await store.readAll(last.position, 10)).map((e) => e.position)).toEqual([result.position]);
    await store.close();
  });
});
