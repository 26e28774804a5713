import { describe, expect, it } from 'vitest';
import { ChangesAt, ReadCache } from './read-cache';

/** A read model whose checkpoints the test moves, and a query that counts how often it really ran. */
function setup(options: { ttlMs?: number; maxEntries?: number; maxBytes?: number; enabled?: boolean } = {}) {
  const positions = new Map<string, number>([
    ['users', 1],
    ['social', 1],
  ]);
  let clock = 0;
  let runs = 0;
  let value = 'first';
  const cache = new ReadCache({ versionOf: (names) => names.map((n) => positions.get(n) ?? 0).join(',') }, { ...options, now: () => clock });
  const read = async (key = 'k', projections = ['users']) =>
    (
      await cache.json(key, projections, async () => {
        runs++;
        return { value };
      })
    ).body.toString();
  return {
    read,
    move: (name: string) => positions.set(name, (positions.get(name) ?? 0) + 1),
    change: (v: string) => (value = v),
    tick: (ms: number) => (clock += ms),
    runs: () => runs,
    cache,
  };
}

describe('ReadCache', () => {
  it('forgets every answer at clear (tables swapped at an unchanged checkpoint), also one being computed then', async () => {
    const c = setup({ ttlMs: 60_000 });
    expect(await c.read()).toBe('{"value":"first"}');
    c.change('rebuilt');
    expect(await c.read()).toBe('{"value":"first"}');
    c.cache.clear();
    expect(await c.read()).toBe('{"value":"rebuilt"}');
    expect(c.runs()).toBe(2);

    let release: () => void = () => undefined;
    const slow = c.cache.json('slow', ['users'], () => new Promise((resolve) => (release = () => resolve({ value: 'old tables' }))));
    c.cache.clear();
    release();
    await slow;
    expect((await c.cache.json('slow', ['users'], async () => ({ value: 'new tables' }))).body.toString()).toBe('{"value":"new tables"}');
  });

  it('answers a hit at once when the versions are at hand (no promise), and a miss or an awaited version with a promise', async () => {
    const sync = new ReadCache({ versionOf: () => '1' });
    const compute = async () => ({ a: 1 });
    const miss = sync.json('k', ['users'], compute);
    expect(miss).toBeInstanceOf(Promise);
    const computed = await miss;
    const hit = sync.json('k', ['users'], compute);
    expect(hit).not.toBeInstanceOf(Promise);
    expect(hit).toMatchObject(computed);
    const awaited = new ReadCache({ versionOf: async () => '1' });
    await awaited.json('k', ['users'], compute);
    expect(awaited.json('k', ['users'], compute)).toBeInstanceOf(Promise);
  });

  it('serves the same bytes while the projections stand still, and recomputes once one of them moves', async () => {
    const t = setup();
    expect(await t.read('k', ['users', 'social'])).toBe('{"value":"first"}');
    t.change('second');
    expect(await t.read('k', ['users', 'social'])).toBe('{"value":"first"}');
    expect(t.runs()).toBe(1);
    t.move('social');
    expect(await t.read('k', ['users', 'social'])).toBe('{"value":"second"}');
    expect(t.runs()).toBe(2);
  });

  it('forgets an answer after its time to live (answers that depend on the clock)', async () => {
    const t = setup({ ttlMs: 1000 });
    await t.read();
    t.change('later');
    t.tick(999);
    expect(await t.read()).toBe('{"value":"first"}');
    t.tick(1);
    expect(await t.read()).toBe('{"value":"later"}');
  });

  it('renews an answer read late in its life in the background, serving the old one meanwhile', async () => {
    const t = setup({ ttlMs: 1000 });
    await t.read();
    t.change('later');
    t.tick(700);
    expect(await t.read()).toBe('{"value":"first"}');
    expect(t.runs()).toBe(1);
    t.tick(100);
    // Past three quarters of its life: this hit still answers the old bytes and starts the renewal.
    expect(await t.read()).toBe('{"value":"first"}');
    await new Promise((resolve) => setImmediate(resolve));
    expect(t.runs()).toBe(2);
    t.tick(600);
    // 1,400 ms after the first computation, 600 after the renewal began: served, not recomputed.
    expect(await t.read()).toBe('{"value":"later"}');
    expect(t.runs()).toBe(2);
  });

  it('keeps answers apart by key', async () => {
    const t = setup();
    await t.read('a');
    t.change('b');
    expect(await t.read('b')).toBe('{"value":"b"}');
    expect(await t.read('a')).toBe('{"value":"first"}');
  });

  it('runs one computation for simultaneous misses of one key', async () => {
    const t = setup();
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.read()));
    expect(new Set(answers).size).toBe(1);
    expect(t.runs()).toBe(1);
  });

  it('keeps at most maxEntries answers, dropping the least recently used', async () => {
    const t = setup({ maxEntries: 2 });
    await t.read('a');
    await t.read('b');
    await t.read('a');
    await t.read('c');
    expect(t.runs()).toBe(3);
    await t.read('a');
    expect(t.runs()).toBe(3);
    await t.read('b');
    expect(t.runs()).toBe(4);
  });

  it('keeps at most maxBytes of answers, dropping the least recently used', async () => {
    // Each answer is {"value":"first"}: 17 bytes; two fit in 40, three do not.
    const t = setup({ maxBytes: 40 });
    await t.read('a');
    await t.read('b');
    await t.read('a');
    await t.read('c');
    expect(t.cache.size).toBe(2);
    await t.read('a');
    expect(t.runs()).toBe(3);
    await t.read('b');
    expect(t.runs()).toBe(4);
  });

  it('lets go of expired answers as new ones come, not only once maxEntries are held', async () => {
    const t = setup({ ttlMs: 1000 });
    await t.read('a');
    await t.read('b');
    t.tick(1500);
    await t.read('c');
    expect(t.cache.size).toBe(1);
    t.tick(500);
    await t.read('d');
    expect(t.cache.size).toBe(2);
  });

  it('does not keep a failure: the next read computes again', async () => {
    const cache = new ReadCache({ versionOf: () => '1' });
    await expect(cache.json('k', ['users'], () => Promise.reject(new Error('not found')))).rejects.toThrow('not found');
    const answer = await cache.json('k', ['users'], async () => 42);
    expect(answer.body.toString()).toBe('42');
    expect(answer.etag).toMatch(/^W\/"2-/);
  });

  it('tags an answer as express does, so a client holding it gets 304', async () => {
    const cache = new ReadCache({ versionOf: () => '1' });
    const { etag } = await cache.json('k', ['users'], async () => ({ a: 1 }));
    const express = (await import('express')).default;
    const app = express();
    expect(etag).toBe((app.get('etag fn') as (body: string, encoding: string) => string)('{"a":1}', 'utf8'));
  });

  it('computes every read when disabled', async () => {
    const t = setup({ enabled: false });
    await t.read();
    await t.read();
    expect(t.runs()).toBe(2);
  });

  it('keeps an answer that names when the clock changes it until then (at most maxAgeMs), not for the short time to live', async () => {
    let clock = 0;
    let runs = 0;
    const cache = new ReadCache({ versionOf: () => '1' }, { ttlMs: 1000, maxAgeMs: 60_000, now: () => clock });
    const read = async (changesAt: number) =>
      (await cache.json('k', ['users'], async () => new ChangesAt({ run: ++runs }, changesAt))).body.toString();
    expect(await read(10_000)).toBe('{"run":1}');
    clock = 9_999;
    expect(await read(10_000)).toBe('{"run":1}');
    await new Promise((resolve) => setImmediate(resolve));
    // Renewed in the background past three quarters of its life (7.5 s), not at 1 s.
    expect(runs).toBe(2);
    clock = 200_000;
    expect(await read(Infinity)).toBe('{"run":3}');
    clock = 200_000 + 44_999;
    expect(await read(Infinity)).toBe('{"run":3}');
    expect(runs).toBe(3);
    clock = 200_000 + 60_000;
    // Never older than maxAgeMs, even when the clock would never change it.
    expect(await read(Infinity)).toBe('{"run":4}');
  });
});
