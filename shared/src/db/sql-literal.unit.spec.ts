import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { sqlLiteral } from './one-trip-transaction';

describe('sqlLiteral', () => {
  it("makes the literal pg.escapeLiteral makes (quotes doubled, backslashes doubled with an E prefix)", () => {
    const values = ['', 'plain', "it's", "''", 'back\\slash', "both ' and \\", '{"a":"it\'s \\"q\\"\\n"}', 'ünïcødé ✓', '\u0000\u0001'.slice(1)];
    for (const value of values) expect(sqlLiteral(value)).toBe(pg.escapeLiteral(value));
  });
});
