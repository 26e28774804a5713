import { describe, expect, it } from 'vitest';
import { PersistentMap } from './persistent-map';

describe('PersistentMap', () => {
  it('sets, overwrites and finds keys, counting each once', () => {
    const a = PersistentMap.empty<number>().set('x', 1).set('y', 2).set('x', 3);
    expect(a.get('x')).toBe(3);
    expect(a.get('y')).toBe(2);
    expect(a.get('z')).toBeUndefined();
    expect(a.has('y') && !a.has('z')).toBe(true);
    expect(a.size).toBe(2);
    // Keys an object literal would confuse with its prototype are plain keys here.
    expect(PersistentMap.empty<number>().has('__proto__')).toBe(false);
    expect(PersistentMap.empty<number>().set('__proto__', 1).get('__proto__')).toBe(1);
  });

  it('never changes a map it was given: every version keeps its own entries', () => {
    const versions = [PersistentMap.empty<number>()];
    for (let i = 0; i < 20_000; i++) versions.push(versions.at(-1)!.set(`n-${i}`, i));
    const changed = versions[10_000]!.set('n-5', -5);
    expect(versions[10_000]!.get('n-5')).toBe(5);
    expect(changed.get('n-5')).toBe(-5);
    expect(versions[10_000]!.get('n-10000')).toBeUndefined();
    expect(versions[10_001]!.get('n-10000')).toBe(10_000);
    expect(versions[20_000]!.size).toBe(20_000);
  });

  it('iterates every entry once', () => {
    const map = PersistentMap.from(Array.from({ length: 5_000 }, (_, i) => [`k${i}`, i] as const));
    const seen = [...map.entries()].map(([, v]) => v).sort((a, b) => a - b);
    expect(seen).toEqual(Array.from({ length: 5_000 }, (_, i) => i));
    expect([...map.values()].length).toBe(5_000);
  });
});
