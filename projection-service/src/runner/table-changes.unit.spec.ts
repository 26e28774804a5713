import { describe, expect, it } from 'vitest';
import { toJson } from './table-changes';

describe('toJson, the rows a batch sends to Postgres', () => {
  it('writes rows without bigints as JSON.stringify does', () => {
    const rows = [{ id: 'a', count: 2, at: new Date(0), tags: ['x'] }];
    expect(toJson(rows)).toBe(JSON.stringify(rows));
  });

  it('writes bigints (event positions) as strings, wherever they are', () => {
    expect(toJson([{ id: 'a', position: 9007199254740993n }, { id: 'b', meta: { position: 1n } }])).toBe(
      '[{"id":"a","position":"9007199254740993"},{"id":"b","meta":{"position":"1"}}]',
    );
  });

  it('still refuses what JSON cannot hold', () => {
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(() => toJson([loop])).toThrow(TypeError);
  });
});
