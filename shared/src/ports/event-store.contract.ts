import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConcurrencyError, type EventStore, type ExpectedRevision, type NewEvent, type RecordedEvent, type Subscription } from './event-store';
import { sleep, waitFor } from '../testkit/wait';

/**
 * The contract every EventStore adapter passes (docs/decisions.md#d9-one-codebase-three-runtime-modes-adapters-behind-ports).
 *
 * The store made by `factory` is shared by the tests of one suite (as a real one is shared by
 * every feature), so each test works on streams of its own and reads the global feed from the
 * head position it saw first. Only "headPosition of an empty store" asks the factory for a fresh one.
 */
export interface EventStoreHarness {
  store: EventStore;
  cleanup(): Promise<void>;
  /** Another store over the same storage with connections of its own (a second process). */
  openWriter?(): Promise<{ store: EventStore; close(): Promise<void> }>;
}

export interface EventStoreContractOptions {
  /**
   * Parallel writers, each a store from the harness's `openWriter` (separate connections). When
   * given, the suite checks the no-skip guarantee: a subscriber receives every event of many
   * parallel appends exactly once, in strictly increasing positions.
   */
  concurrency?: { writers: number; appendsPerWriter: number };
  /** How long a live event may take to reach a subscriber. */
  deliveryTimeoutMs?: number;
  setupTimeoutMs?: number;
}

let sequence = 0;
export function newEvent(type = 'SomethingHappened', data: unknown = {}, metadata?: NewEvent['metadata']): NewEvent {
  sequence += 1;
  return { id: randomUUID(), type, data, metadata, occurredAt: new Date(Date.UTC(2025, 0, 1, 12, 0, 0, sequence % 1000)).toISOString() };
}

function streamName(label: string): string {
  return `${label}-${randomUUID()}`;
}

function expectStrictlyIncreasing(positions: bigint[]): void {
  for (let i = 1; i < positions.length; i++) {
    if (!(positions[i]! > positions[i - 1]!)) {
      throw new Error(`positions not strictly increasing at index ${i}: ${positions[i - 1]} then ${positions[i]}`);
    }
  }
}

async function expectConcurrencyError(promise: Promise<unknown>, streamId: string, actual: number | 'no_stream'): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'the append should have failed with a ConcurrencyError').toBeInstanceOf(ConcurrencyError);
  const concurrency = error as ConcurrencyError;
  expect(concurrency.streamId).toBe(streamId);
  expect(concurrency.actual).toBe(actual);
}

interface Collector {
  events: RecordedEvent[];
  errors: unknown[];
  subscription: Subscription;
  of(streams: Set<string> | string): RecordedEvent[];
}

function collect(store: EventStore, after: bigint | undefined, onEvent?: (event: RecordedEvent) => Promise<void>): Collector {
  const events: RecordedEvent[] = [];
  const errors: unknown[] = [];
  const subscription = store.subscribe({
    after,
    onEvent: async (event) => {
      await onEvent?.(event);
      events.push(event);
    },
    onError: (error) => errors.push(error),
  });
  return {
    events,
    errors,
    subscription,
    of: (streams) => events.filter((e) => (typeof streams === 'string' ? e.streamId === streams : streams.has(e.streamId))),
  };
}

export function eventStoreContract(name: string, factory: () => Promise<EventStoreHarness>, options: EventStoreContractOptions = {}): void {
  const deliveryTimeoutMs = options.deliveryTimeoutMs ?? 10_000;

  describe(`EventStore contract: ${name}`, () => {
    let h: EventStoreHarness;
    let store: EventStore;
    beforeAll(async () => {
      h = await factory();
      store = h.store;
    }, options.setupTimeoutMs ?? 120_000);
    afterAll(async () => {
      await h?.cleanup();
    });

    describe('append and readStream', () => {
      it("appends to a new stream with 'no_stream' and reads back every field", async () => {
        const stream = streamName('user');
        const events = [
          newEvent('UserRegistered', { username: 'asha', skills: ['ts', 'sql'], nested: { ok: true, n: 1.5 } }, { userId: 'u-1', correlationId: 'c-1' }),
          newEvent('EmailVerified', { email: 'asha@example.test' }, { userId: 'u-1', correlationId: 'c-1', causationId: 'x-9' }),
        ];
        const result = await store.append(stream, events, 'no_stream');
        expect(result.nextRevision).toBe(1);
        expect(typeof result.position).toBe('bigint');

        const read = await store.readStream(stream);
        expect(read).toHaveLength(2);
        read.forEach((e, i) => {
          const sent = events[i]!;
          expect(e).toMatchObject({ id: sent.id, type: sent.type, data: sent.data, streamId: stream, revision: i, occurredAt: sent.occurredAt });
          expect(e.metadata).toMatchObject(sent.metadata ?? {});
          expect(typeof e.position).toBe('bigint');
        });
        expect(read[1]!.position).toBe(result.position);
        expect(read[1]!.position > read[0]!.position).toBe(true);
      });

      it('stores metadata as an object even when none is given', async () => {
        const stream = streamName('bare');
        await store.append(stream, [{ id: randomUUID(), type: 'Bare', data: { a: 1 }, occurredAt: '2025-03-04T05:06:07.089Z' }], 'no_stream');
        const [event] = await store.readStream(stream);
        expect(event?.metadata).toEqual(expect.any(Object));
        expect(event?.occurredAt).toBe('2025-03-04T05:06:07.089Z');
      });

      it('accepts any string as an event id, not only UUIDs', async () => {
        const stream = streamName('ids');
        const id = `otp-mail:${randomUUID()}:attempt-1`;
        await store.append(stream, [{ ...newEvent('OtpMailed'), id }], 'no_stream');
        const [event] = await store.readStream(stream);
        expect(event?.id).toBe(id);
      });

      it("refuses a second 'no_stream' append with a ConcurrencyError and appends nothing", async () => {
        const stream = streamName('reservation-username');
        await store.append(stream, [newEvent('UsernameReserved', { userId: 'a' })], 'no_stream');
        await expectConcurrencyError(store.append(stream, [newEvent('UsernameReserved', { userId: 'b' })], 'no_stream'), stream, 0);
        const read = await store.readStream(stream);
        expect(read.map((e) => e.data)).toEqual([{ userId: 'a' }]);
      });

      it("lets exactly one of two simultaneous 'no_stream' appends win (reservations)", async () => {
        const stream = streamName('reservation-slug');
        const outcomes = await Promise.allSettled([
          store.append(stream, [newEvent('SlugReserved', { by: 'a' })], 'no_stream'),
          store.append(stream, [newEvent('SlugReserved', { by: 'b' })], 'no_stream'),
        ]);
        expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
        const rejected = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
        expect(rejected).toHaveLength(1);
        expect(rejected[0]!.reason).toBeInstanceOf(ConcurrencyError);
        expect(await store.readStream(stream)).toHaveLength(1);
      });

      it('appends when the expected revision matches the last revision', async () => {
        const stream = streamName('team');
        const first = await store.append(stream, [newEvent('TeamCreated'), newEvent('MemberJoined')], 'no_stream');
        expect(first.nextRevision).toBe(1);
        const second = await store.append(stream, [newEvent('MemberJoined'), newEvent('TeamSubmitted')], 1);
        expect(second.nextRevision).toBe(3);
        expect(second.position > first.position).toBe(true);
        const third = await store.append(stream, [newEvent('TeamRenamed')], 3);
        expect(third.nextRevision).toBe(4);
        expect((await store.readStream(stream)).map((e) => [e.revision, e.type])).toEqual([
          [0, 'TeamCreated'],
          [1, 'MemberJoined'],
          [2, 'MemberJoined'],
          [3, 'TeamSubmitted'],
          [4, 'TeamRenamed'],
        ]);
      });

      it('refuses a stale or future expected revision, and an expected revision on a missing stream', async () => {
        const stream = streamName('hackathon');
        await store.append(stream, [newEvent('HackathonCreated'), newEvent('HackathonSubmitted')], 'no_stream');
        await expectConcurrencyError(store.append(stream, [newEvent('HackathonApproved')], 0), stream, 1);
        await expectConcurrencyError(store.append(stream, [newEvent('HackathonApproved')], 5), stream, 1);
        const missing = streamName('missing');
        await expectConcurrencyError(store.append(missing, [newEvent('X')], 0), missing, 'no_stream');
        expect(await store.readStream(stream)).toHaveLength(2);
        expect(await store.readStream(missing)).toEqual([]);
      });

      it("appends with 'any' whether or not the stream exists", async () => {
        const stream = streamName('notifications');
        const a = await store.append(stream, [newEvent('NotificationCreated', { n: 1 })], 'any');
        expect(a.nextRevision).toBe(0);
        const b = await store.append(stream, [newEvent('NotificationCreated', { n: 2 }), newEvent('NotificationCreated', { n: 3 })], 'any');
        expect(b.nextRevision).toBe(2);
        expect((await store.readStream(stream)).map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
      });

      it('reads a stream from a revision, at most maxCount events (a command reads only what it has not folded yet)', async () => {
        const stream = streamName('long-lived');
        await store.append(stream, [newEvent('R0'), newEvent('R1'), newEvent('R2'), newEvent('R3'), newEvent('R4')], 'no_stream');
        expect((await store.readStream(stream, { fromRevision: 3 })).map((e) => [e.revision, e.type])).toEqual([
          [3, 'R3'],
          [4, 'R4'],
        ]);
        expect((await store.readStream(stream, { fromRevision: 1, maxCount: 2 })).map((e) => e.type)).toEqual(['R1', 'R2']);
        expect((await store.readStream(stream, { fromRevision: 0 })).map((e) => e.type)).toEqual(['R0', 'R1', 'R2', 'R3', 'R4']);
        expect(await store.readStream(stream, { fromRevision: 5 })).toEqual([]);
        expect(await store.readStream(streamName('nothing-here'), { fromRevision: 2 })).toEqual([]);
      });

      it('returns [] for a stream that does not exist', async () => {
        expect(await store.readStream(streamName('nothing-here'))).toEqual([]);
      });

      it('reads a stream in revision order while other streams are written in between', async () => {
        const stream = streamName('conversation');
        const other = streamName('conversation');
        let expected: ExpectedRevision = 'no_stream';
        for (let i = 0; i < 6; i++) {
          const r = await store.append(stream, [newEvent('MessageSent', { i })], expected);
          expected = r.nextRevision;
          await store.append(other, [newEvent('MessageSent', { other: i })], 'any');
        }
        const read = await store.readStream(stream);
        expect(read.map((e) => e.revision)).toEqual([0, 1, 2, 3, 4, 5]);
        expect(read.map((e) => e.data)).toEqual([0, 1, 2, 3, 4, 5].map((i) => ({ i })));
        expectStrictlyIncreasing(read.map((e) => e.position));
      });
    });

    describe('idempotent appends (retried requests)', () => {
      it("a repeated 'no_stream' append of the same event ids succeeds without duplicating", async () => {
        const stream = streamName('registration');
        const events = [newEvent('RegistrationStarted'), newEvent('PaymentRequested')];
        const first = await store.append(stream, events, 'no_stream');
        const again = await store.append(stream, events, 'no_stream');
        expect(again.position).toBe(first.position);
        expect(again.nextRevision).toBe(first.nextRevision);
        expect((await store.readStream(stream)).map((e) => e.id)).toEqual(events.map((e) => e.id));
      });

      it('a repeated append with the same expected revision succeeds without duplicating', async () => {
        const stream = streamName('quiz');
        await store.append(stream, [newEvent('QuizCreated')], 'no_stream');
        const events = [newEvent('QuestionAdded')];
        const first = await store.append(stream, events, 0);
        const again = await store.append(stream, events, 0);
        expect(again.position).toBe(first.position);
        expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['QuizCreated', 'QuestionAdded']);
      });

      it('a repeated append after the stream moved on still succeeds without duplicating', async () => {
        const stream = streamName('payment');
        const events = [newEvent('OrderCreated')];
        const first = await store.append(stream, events, 'no_stream');
        await store.append(stream, [newEvent('PaymentVerified')], 0);
        const again = await store.append(stream, events, 'no_stream');
        expect(again.position).toBe(first.position);
        expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['OrderCreated', 'PaymentVerified']);
      });

      it("a repeated 'any' append succeeds without duplicating, in the stream or in the feed", async () => {
        const stream = streamName('any-retry');
        const head = await store.headPosition();
        const events = [newEvent('A'), newEvent('B')];
        const first = await store.append(stream, events, 'any');
        const again = await store.append(stream, events, 'any');
        expect(again.position).toBe(first.position);
        expect(first.alreadyStored).not.toBe(true);
        if (again.alreadyStored !== undefined) expect(again.alreadyStored).toBe(true);
        expect(await store.readStream(stream)).toHaveLength(2);
        const feed = (await store.readAll(head, 100)).filter((e) => e.streamId === stream);
        expect(feed.map((e) => e.id)).toEqual(events.map((e) => e.id));
      });
    });

    describe('readAll and headPosition', () => {
      it('pages through the global feed in strictly increasing position order', async () => {
        const head = await store.headPosition();
        const streams = [streamName('page-a'), streamName('page-b'), streamName('page-c')];
        const appended: string[] = [];
        for (let i = 0; i < 8; i++) {
          const batch = i % 3 === 0 ? [newEvent('Paged', { i }), newEvent('Paged', { i, second: true })] : [newEvent('Paged', { i })];
          await store.append(streams[i % 3]!, batch, 'any');
          appended.push(...batch.map((e) => e.id));
        }
        const seen: RecordedEvent[] = [];
        let after = head;
        for (let pages = 0; pages < 50; pages++) {
          const page = await store.readAll(after, 4);
          expect(page.length).toBeLessThanOrEqual(4);
          if (page.length === 0) break;
          for (const e of page) expect(e.position > after).toBe(true);
          seen.push(...page);
          after = page[page.length - 1]!.position;
        }
        expect(seen.map((e) => e.id)).toEqual(appended);
        expectStrictlyIncreasing(seen.map((e) => e.position));
        expect(seen.every((e) => typeof e.position === 'bigint')).toBe(true);
        expect(await store.readAll(after, 10)).toEqual([]);
      });

      it('readAll takes any page size, up to all of the feed', async () => {
        const stream = streamName('everything');
        const { position } = await store.append(stream, [newEvent('A'), newEvent('B')], 'no_stream');
        const all = await store.readAll(0n, Number.MAX_SAFE_INTEGER);
        expect(all.filter((e) => e.streamId === stream).map((e) => e.type)).toEqual(['A', 'B']);
        expect(all.at(-1)!.position).toBe(position);
      });

      it('readAll after a position starts strictly after it', async () => {
        const stream = streamName('after');
        await store.append(stream, [newEvent('One'), newEvent('Two'), newEvent('Three')], 'no_stream');
        const [one, two, three] = await store.readStream(stream);
        const page = await store.readAll(one!.position, 2);
        expect(page.map((e) => e.id)).toEqual([two!.id, three!.id]);
      });

      it('headPosition is the position of the last appended event', async () => {
        const result = await store.append(streamName('head'), [newEvent('H1'), newEvent('H2')], 'no_stream');
        expect(await store.headPosition()).toBe(result.position);
        const tail = await store.readAll(result.position, 10);
        expect(tail).toEqual([]);
      });

      it('headPosition is 0n on an empty store and readAll(0n) starts at the first event', async () => {
        const fresh = await factory();
        try {
          expect(await fresh.store.headPosition()).toBe(0n);
          expect(await fresh.store.readAll(0n, 10)).toEqual([]);
          const e = newEvent('First');
          const result = await fresh.store.append(streamName('first'), [e], 'no_stream');
          const all = await fresh.store.readAll(0n, 10);
          expect(all.map((x) => x.id)).toEqual([e.id]);
          expect(all[0]!.position).toBe(result.position);
          expect(result.position > 0n).toBe(true);
          expect(await fresh.store.headPosition()).toBe(result.position);
        } finally {
          await fresh.cleanup();
        }
      }, options.setupTimeoutMs ?? 120_000);
    });

    describe('subscribe', () => {
      it('delivers history, then live events, in order, with no gaps and no repeats', async () => {
        const head = await store.headPosition();
        const streams = new Set([streamName('sub-a'), streamName('sub-b')]);
        const [a, b] = [...streams] as [string, string];
        const ids: string[] = [];
        const add = async (s: string, events: NewEvent[]) => {
          await store.append(s, events, 'any');
          ids.push(...events.map((e) => e.id));
        };
        await add(a, [newEvent('Past', { n: 1 }), newEvent('Past', { n: 2 })]);
        await add(b, [newEvent('Past', { n: 3 })]);

        const c = collect(store, head);
        try {
          await waitFor(() => c.of(streams).length >= 3, { timeoutMs: deliveryTimeoutMs, message: 'the history' });
          await add(a, [newEvent('Live', { n: 4 })]);
          await add(b, [newEvent('Live', { n: 5 }), newEvent('Live', { n: 6 })]);
          await Promise.all([add(a, [newEvent('Live', { n: 7 })]), add(b, [newEvent('Live', { n: 8 })])]);
          await waitFor(() => c.of(streams).length >= 8, { timeoutMs: deliveryTimeoutMs, message: () => `8 events, got ${c.of(streams).length}` });
          await sleep(150);
          const mine = c.of(streams);
          expect(mine.map((e) => e.id).sort()).toEqual([...ids].sort());
          expect(new Set(c.events.map((e) => e.id)).size).toBe(c.events.length);
          expectStrictlyIncreasing(c.events.map((e) => e.position));
          expect(c.events.every((e) => e.position > head)).toBe(true);
          // Feed order is the store's order: the same as readAll's.
          const feed = (await store.readAll(head, 100)).filter((e) => streams.has(e.streamId));
          expect(mine.map((e) => e.id)).toEqual(feed.map((e) => e.id));
          expect(mine.slice(0, 3).map((e) => e.type)).toEqual(['Past', 'Past', 'Past']);
          expect(c.errors).toEqual([]);
        } finally {
          await c.subscription.stop();
        }
      });

      it('resumes strictly after the given position', async () => {
        const stream = streamName('resume');
        await store.append(stream, [newEvent('E1'), newEvent('E2'), newEvent('E3'), newEvent('E4')], 'no_stream');
        const read = await store.readStream(stream);
        const c = collect(store, read[1]!.position);
        try {
          await waitFor(() => c.of(stream).length >= 2, { timeoutMs: deliveryTimeoutMs, message: 'E3 and E4' });
          await store.append(stream, [newEvent('E5')], 3);
          await waitFor(() => c.of(stream).length >= 3, { timeoutMs: deliveryTimeoutMs, message: 'E5' });
          await sleep(100);
          expect(c.of(stream).map((e) => e.type)).toEqual(['E3', 'E4', 'E5']);
          expect(c.events[0]!.id).toBe(read[2]!.id);
        } finally {
          await c.subscription.stop();
        }
      });

      it('without `after` starts from the first event of the feed', async () => {
        const stream = streamName('from-start');
        await store.append(stream, [newEvent('Mine')], 'no_stream');
        const [first] = await store.readAll(0n, 1);
        const c = collect(store, undefined);
        try {
          await waitFor(() => c.of(stream).length >= 1, { timeoutMs: deliveryTimeoutMs, message: 'the event of this test' });
          expect(c.events[0]!.id).toBe(first!.id);
          expectStrictlyIncreasing(c.events.map((e) => e.position));
        } finally {
          await c.subscription.stop();
        }
      });

      it('waits for onEvent before delivering the next event', async () => {
        const head = await store.headPosition();
        const stream = streamName('slow');
        let running = 0;
        let overlapped = false;
        const c = collect(store, head, async () => {
          running += 1;
          if (running > 1) overlapped = true;
          await sleep(15);
          running -= 1;
        });
        try {
          await store.append(stream, [newEvent('S1'), newEvent('S2'), newEvent('S3')], 'no_stream');
          await store.append(stream, [newEvent('S4')], 2);
          await waitFor(() => c.of(stream).length >= 4, { timeoutMs: deliveryTimeoutMs, message: 'four slow events' });
          expect(overlapped).toBe(false);
          expect(c.of(stream).map((e) => e.type)).toEqual(['S1', 'S2', 'S3', 'S4']);
        } finally {
          await c.subscription.stop();
        }
      });

      it('reports a failing onEvent to onError and delivers that event again: it is never skipped', async () => {
        const head = await store.headPosition();
        const stream = streamName('failing');
        let failures = 0;
        const c = collect(store, head, async (event) => {
          if (event.type === 'Flaky' && failures < 2) {
            failures += 1;
            throw new Error('projection failed');
          }
        });
        try {
          await store.append(stream, [newEvent('Before'), newEvent('Flaky'), newEvent('After')], 'no_stream');
          await waitFor(() => c.of(stream).length >= 3, { timeoutMs: deliveryTimeoutMs, message: 'the three events' });
          await sleep(100);
          expect(c.of(stream).map((e) => e.type)).toEqual(['Before', 'Flaky', 'After']);
          expect(c.errors.length).toBeGreaterThanOrEqual(2);
          expect(String(c.errors[0])).toMatch(/projection failed/);
        } finally {
          await c.subscription.stop();
        }
      });

      it('stop() ends the subscription: later events are not delivered', async () => {
        const head = await store.headPosition();
        const stream = streamName('stopped');
        const c = collect(store, head);
        await store.append(stream, [newEvent('Before')], 'no_stream');
        await waitFor(() => c.of(stream).length >= 1, { timeoutMs: deliveryTimeoutMs, message: 'the first event' });
        await c.subscription.stop();
        await store.append(stream, [newEvent('After')], 0);
        // A second subscription sees the event, so the first one had every chance to.
        const witness = collect(store, head);
        try {
          await waitFor(() => witness.of(stream).length >= 2, { timeoutMs: deliveryTimeoutMs, message: 'the witness' });
          await sleep(200);
          expect(c.of(stream).map((e) => e.type)).toEqual(['Before']);
        } finally {
          await witness.subscription.stop();
        }
      });

      it('several subscriptions each receive every event', async () => {
        const head = await store.headPosition();
        const stream = streamName('fanout');
        const subs = [collect(store, head), collect(store, head), collect(store, head)];
        try {
          await store.append(stream, [newEvent('F1'), newEvent('F2')], 'no_stream');
          for (const s of subs) await waitFor(() => s.of(stream).length >= 2, { timeoutMs: deliveryTimeoutMs, message: 'each subscription' });
          for (const s of subs) expect(s.of(stream).map((e) => e.type)).toEqual(['F1', 'F2']);
        } finally {
          await Promise.all(subs.map((s) => s.subscription.stop()));
        }
      });
    });

    const concurrency = options.concurrency;
    if (concurrency) {
      describe('under concurrent appends from several connections', () => {
        const total = `${concurrency.writers} writers x ${concurrency.appendsPerWriter} appends`;
        it(`a live subscriber receives every event of ${total} exactly once, in strictly increasing positions`, async () => {
          const head = await store.headPosition();
          const run = randomUUID().slice(0, 8);
          const c = collect(store, head);
          const openWriter = h.openWriter?.bind(h);
          if (!openWriter) throw new Error('options.concurrency needs a harness with openWriter()');
          const writers = await Promise.all(Array.from({ length: concurrency.writers }, () => openWriter()));
          const expectedIds = new Set<string>();
          const streams = new Set<string>();
          let maxPosition = head;
          try {
            await Promise.all(
              writers.map(async (writer, w) => {
                const revisions = new Map<string, number>();
                for (let i = 0; i < concurrency.appendsPerWriter; i++) {
                  // Each writer owns 4 streams (optimistic appends) and shares one hot stream ('any').
                  const shared = i % 5 === 4;
                  const stream = shared ? `conc-${run}-shared` : `conc-${run}-w${w}-s${i % 4}`;
                  streams.add(stream);
                  const events = i % 7 === 0 ? [newEvent('Conc', { w, i }), newEvent('Conc', { w, i, b: 2 })] : [newEvent('Conc', { w, i })];
                  const expected: ExpectedRevision = shared ? 'any' : (revisions.get(stream) ?? 'no_stream');
                  const result = await writer.store.append(stream, events, expected);
                  if (!shared) revisions.set(stream, result.nextRevision);
                  for (const e of events) expectedIds.add(e.id);
                  if (result.position > maxPosition) maxPosition = result.position;
                }
              }),
            );
            const reached = () => c.events.length > 0 && c.events[c.events.length - 1]!.position >= maxPosition;
            await waitFor(reached, { timeoutMs: deliveryTimeoutMs * 2, message: () => `the subscriber to reach ${maxPosition}` });
            await sleep(200);

            const mine = c.of(streams);
            const received = new Set(mine.map((e) => e.id));
            const missing = [...expectedIds].filter((id) => !received.has(id));
            expect(missing.length, `events the subscriber skipped: ${missing.length} of ${expectedIds.size}`).toBe(0);
            expect(mine.length, 'events delivered more than once').toBe(expectedIds.size);
            expectStrictlyIncreasing(c.events.map((e) => e.position));

            // Each stream's events arrive in revision order, without holes.
            const byStream = new Map<string, number[]>();
            for (const e of mine) byStream.set(e.streamId, [...(byStream.get(e.streamId) ?? []), e.revision]);
            for (const [stream, revisions] of byStream) {
              expect(revisions, stream).toEqual(revisions.map((_, i) => i));
            }
            // And the feed read afterwards agrees with what was delivered live.
            const feed: RecordedEvent[] = [];
            for (let after = head; ; ) {
              const page = await store.readAll(after, 500);
              if (page.length === 0) break;
              feed.push(...page);
              after = page[page.length - 1]!.position;
            }
            expect(feed.filter((e) => streams.has(e.streamId)).map((e) => e.id)).toEqual(mine.map((e) => e.id));
            expect(c.errors).toEqual([]);
          } finally {
            await c.subscription.stop();
            await Promise.all(writers.map((w) => w.close()));
          }
        }, 120_000);
      });
    }
  });
}
