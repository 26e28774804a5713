import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { describe, expect, it } from 'vitest';
import { createKnex } from '../../db/knex';
import { ConcurrencyError, type AppendResult, type EventStore, type NewEvent, type RecordedEvent } from '../../ports/event-store';
import { newEvent } from '../../ports/event-store.contract';
import { createTestSchema, testDatabaseUrl } from '../../testkit/postgres';
import { describeWhen } from '../../testkit/skip';
import { waitFor } from '../../testkit/wait';
import { PostgresEventStore } from './postgres-event-store';

/**
 * Group commit (docs/decisions.md#d6-the-postgres-event-store-never-skips-a-late-commit): appends
 * that arrive together share a statement and a commit, and each still gets the outcome it would
 * have had alone. `open` gives a knex on a fresh store; `second` another knex on the same store
 * (a second process on a real Postgres, the same connection on PGlite).
 */
interface Target {
  knex: Knex;
  second(): Knex;
  close(): Promise<void>;
}

const byPosition = (a: RecordedEvent, b: RecordedEvent) => (a.position < b.position ? -1 : a.position > b.position ? 1 : 0);

async function feedAfter(store: EventStore, head: bigint): Promise<RecordedEvent[]> {
  const feed: RecordedEvent[] = [];
  for (let after = head; ; ) {
    const page = await store.readAll(after, 500);
    if (page.length === 0) return feed;
    feed.push(...page);
    after = page.at(-1)!.position;
  }
}

function expectStrictlyIncreasing(events: RecordedEvent[]): void {
  for (let i = 1; i < events.length; i++) expect(events[i]!.position > events[i - 1]!.position, `position ${i}`).toBe(true);
}

/** Appends to `stream` with an expected revision, reading the stream again after each conflict, as a command does. */
async function appendOptimistically(store: EventStore, stream: string, event: NewEvent): Promise<AppendResult> {
  for (;;) {
    const current = (await store.readStream(stream)).at(-1)?.revision;
    try {
      return await store.append(stream, [event], current ?? 'no_stream');
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error;
    }
  }
}

function groupCommitContract(label: string, open: () => Promise<Target>) {
  describe(label, () => {
    const withStores = async (body: (a: PostgresEventStore, b: PostgresEventStore, statements: () => number) => Promise<void>) => {
      const target = await open();
      const a = await PostgresEventStore.create(target.knex, { pollIntervalMs: 100 });
      const secondKnex = target.second();
      const b = await PostgresEventStore.create(secondKnex, { pollIntervalMs: 100, listen: false });
      let statements = 0;
      const count = (q: { sql: string }) => void (/insert into event_store_events/.test(q.sql) && statements++);
      target.knex.on('query', count);
      try {
        await body(a, b, () => statements);
      } finally {
        target.knex.off('query', count);
        await b.close();
        await a.close();
        await target.close();
      }
    };

    it('many concurrent appends to distinct streams all land: each with its revision and position, the feed in that order, a live subscriber sees the same', async () => {
      await withStores(async (store, _b, statements) => {
        const tag = randomBytes(4).toString('hex');
        const head = await store.headPosition();
        const live: RecordedEvent[] = [];
        const subscription = store.subscribe({ after: head, onEvent: async (e) => void live.push(e) });
        try {
          const streams = Array.from({ length: 120 }, (_, i) => `many-${tag}-${i}`);
          const first = streams.map((_, i) => Array.from({ length: 1 + (i % 3) }, () => newEvent('First', { i })));
          const firstResults = await Promise.all(streams.map((s, i) => store.append(s, first[i]!, 'no_stream')));
          const second = streams.map((_, i) => [newEvent('Second', { i })]);
          const secondResults = await Promise.all(streams.map((s, i) => store.append(s, second[i]!, firstResults[i]!.nextRevision)));
          // Grouped: far fewer statements than the 240 appends.
          expect(statements()).toBeLessThan(60);

          expect(firstResults.map((r) => r.nextRevision)).toEqual(first.map((events) => events.length - 1));
          expect(secondResults.map((r) => r.nextRevision)).toEqual(first.map((events) => events.length));
          const feed = await feedAfter(store, head);
          expect(feed).toHaveLength(first.flat().length + second.flat().length);
          expectStrictlyIncreasing(feed);
          const positionOf = new Map(feed.map((e) => [e.id, e.position]));
          streams.forEach((stream, i) => {
            expect(feed.filter((e) => e.streamId === stream).map((e) => [e.id, e.revision])).toEqual(
              [...first[i]!, ...second[i]!].map((e, revision) => [e.id, revision]),
            );
            // Each append's answer is the position of its own last event, and its second append lies after its first.
            expect(firstResults[i]!.position).toBe(positionOf.get(first[i]!.at(-1)!.id));
            expect(secondResults[i]!.position).toBe(positionOf.get(second[i]![0]!.id));
            expect(secondResults[i]!.position > firstResults[i]!.position).toBe(true);
          });
          await waitFor(() => live.length >= feed.length, { timeoutMs: 10_000, message: () => `the subscriber: ${live.length} of ${feed.length}` });
          expect(live.map((e) => e.id)).toEqual(feed.map((e) => e.id));
        } finally {
          await subscription.stop();
        }
      });
    }, 120_000);

    it('concurrent conflicting appends to one stream: exactly one wins each revision, the others get a ConcurrencyError naming it', async () => {
      await withStores(async (a, b) => {
        const stream = `conflict-${randomBytes(4).toString('hex')}`;
        const winners: string[] = [];
        for (let revision = 0; revision < 8; revision++) {
          const expected = revision === 0 ? 'no_stream' : revision - 1;
          const contenders = Array.from({ length: 6 }, (_, i) => newEvent('Contender', { revision, i }));
          // Both stores, so the group of each meets the other's commit as well as its own neighbours.
          const outcomes = await Promise.allSettled(contenders.map((e, i) => (i % 2 ? b : a).append(stream, [e], expected)));
          const won = outcomes.flatMap((o, i) => (o.status === 'fulfilled' ? [{ result: o.value, event: contenders[i]! }] : []));
          expect(won, `revision ${revision}`).toHaveLength(1);
          expect(won[0]!.result.nextRevision).toBe(revision);
          for (const o of outcomes) {
            if (o.status === 'rejected') {
              expect(o.reason).toBeInstanceOf(ConcurrencyError);
              expect((o.reason as ConcurrencyError).actual).toBe(revision);
            }
          }
          winners.push(won[0]!.event.id);
        }
        expect((await a.readStream(stream)).map((e) => e.id)).toEqual(winners);
        expect((await b.readStream(stream)).map((e) => e.revision)).toEqual(winners.map((_, i) => i));
      });
    }, 120_000);

    it('a failing append in a group does not fail its neighbours: a stale revision and an event Postgres refuses fail alone, a repeat is recognised', async () => {
      await withStores(async (store, _b, statements) => {
        const tag = randomBytes(4).toString('hex');
        await store.append(`stale-${tag}`, [newEvent('First'), newEvent('Second')], 'no_stream');
        const repeated = newEvent('Repeated');
        const stored = await store.append(`repeat-${tag}`, [repeated], 'no_stream');
        const before = statements();
        const good = Array.from({ length: 30 }, (_, i) => store.append(`good-${tag}-${i}`, [newEvent('Good', { i })], 'no_stream'));
        const stale = store.append(`stale-${tag}`, [newEvent('Late')], 0);
        const refused = store.append(`refused-${tag}`, [{ ...newEvent('Refused'), occurredAt: 'not a time' }], 'no_stream');
        const repeat = store.append(`repeat-${tag}`, [repeated], 'no_stream');
        const more = Array.from({ length: 30 }, (_, i) => store.append(`good-${tag}-${30 + i}`, [newEvent('Good', { i })], 'no_stream'));
        const [goodResults, staleOutcome, refusedOutcome, repeatResult, moreResults] = await Promise.all([
          Promise.all(good),
          stale.then(() => 'appended', (e: unknown) => e),
          refused.then(() => 'appended', (e: unknown) => e),
          repeat,
          Promise.all(more),
        ]);
        expect([...goodResults, ...moreResults].every((r) => r.nextRevision === 0 && !r.alreadyStored)).toBe(true);
        expect(staleOutcome).toBeInstanceOf(ConcurrencyError);
        expect((staleOutcome as ConcurrencyError).actual).toBe(1);
        expect(refusedOutcome).toBeInstanceOf(Error);
        expect(refusedOutcome).not.toBeInstanceOf(ConcurrencyError);
        expect(repeatResult).toEqual({ nextRevision: 0, position: stored.position, alreadyStored: true });
        // They went in groups (63 appends), and the group that failed went again in halves down to the bad append
        // (one by one it took 64 statements in all; halved, 61 appends in a group take 1 + 2 x 6 at most).
        expect(statements() - before).toBeLessThanOrEqual(2 + 1 + 2 * 6 + 2);

        expect(await store.readStream(`refused-${tag}`)).toEqual([]);
        expect((await store.readStream(`stale-${tag}`)).map((e) => e.type)).toEqual(['First', 'Second']);
        expect(await store.readStream(`repeat-${tag}`)).toHaveLength(1);
        for (let i = 0; i < 60; i++) expect(await store.readStream(`good-${tag}-${i}`), `good-${i}`).toHaveLength(1);
      });
    }, 120_000);

    it('appends across two store instances on one schema: both commit, a shared stream keeps every event once in revision order, both feeds agree', async () => {
      await withStores(async (a, b) => {
        const tag = randomBytes(4).toString('hex');
        const head = await a.headPosition();
        const hot = `hot-${tag}`;
        const ids = new Set<string>();
        const writer = (store: EventStore, name: string) =>
          Promise.all(
            Array.from({ length: 6 }, async (_, w) => {
              for (let i = 0; i < 12; i++) {
                // Own streams with expected revisions, a shared one with 'any', and one read-then-append stream both contend for.
                const own = newEvent('Own', { name, w, i });
                const shared = newEvent('Shared', { name, w, i });
                const contended = newEvent('Contended', { name, w, i });
                [own, shared, ...(i % 3 === 0 ? [contended] : [])].forEach((e) => ids.add(e.id));
                await Promise.all([
                  store.append(`own-${tag}-${name}-${w}`, [own], i === 0 ? 'no_stream' : i - 1),
                  store.append(hot, [shared], 'any'),
                  // Every third round: 12 writers reading and retrying on one stream is quadratic work.
                  i % 3 === 0 ? appendOptimistically(store, `contended-${tag}`, contended) : undefined,
                ]);
              }
            }),
          );
        // The same event offered by both at once is stored once, and both hear where.
        const twice = newEvent('Twice');
        ids.add(twice.id);
        const [both] = await Promise.all([Promise.all([a.append(`twice-${tag}`, [twice], 'any'), b.append(`twice-${tag}`, [twice], 'any')]), writer(a, 'a'), writer(b, 'b')]);
        expect(both.map((r) => r.alreadyStored ?? false).sort()).toEqual([false, true]);
        expect(both[0]!.position).toBe(both[1]!.position);

        const feedA = await feedAfter(a, head);
        const feedB = await feedAfter(b, head);
        expect(feedA.map((e) => e.id)).toEqual(feedB.map((e) => e.id));
        expectStrictlyIncreasing(feedA);
        expect(new Set(feedA.map((e) => e.id))).toEqual(ids);
        expect(feedA).toHaveLength(ids.size);
        for (const stream of new Set(feedA.map((e) => e.streamId))) {
          const revisions = feedA.filter((e) => e.streamId === stream).map((e) => e.revision);
          expect(revisions, stream).toEqual(revisions.map((_, i) => i));
        }
        expect(feedA.filter((e) => e.streamId === hot)).toHaveLength(2 * 6 * 12);
        expect(feedA.filter((e) => e.streamId === `contended-${tag}`)).toHaveLength(2 * 6 * 4);
        expect([...feedA].sort(byPosition).map((e) => e.id)).toEqual(feedA.map((e) => e.id));
      });
    }, 120_000);
  });
}

groupCommitContract('Postgres adapter on PGlite: group commit contract', async () => {
  const knex = await createKnex({ kind: 'pglite' });
  return { knex, second: () => knex, close: () => knex.destroy() };
});

describeWhen('Postgres adapter on a real Postgres: group commit contract', testDatabaseUrl(), (url) => {
  groupCommitContract('Postgres adapter on a real Postgres: group commit contract', async () => {
    const db = await createTestSchema({ url, label: 'event_store_group_contract', poolMax: 6 });
    return { knex: db.knex, second: () => db.connect({ poolMax: 6 }), close: () => db.cleanup() };
  });
});
