import { describe, expect, it } from 'vitest';
import { EdgeMessages, unstorableText } from './reject-nul';

describe('text the database cannot store', () => {
  it('finds a NUL or an unpaired surrogate at any depth, in values and keys', () => {
    expect(unstorableText({ a: ['ok', { b: 'x\u0000y' }] })).toBe(EdgeMessages.nul);
    expect(unstorableText({ ['k\u0000']: 1 })).toBe(EdgeMessages.nul);
    expect(unstorableText(['\ud800'])).toBe(EdgeMessages.malformedText);
    expect(unstorableText('lone low \udc00 half')).toBe(EdgeMessages.malformedText);
    let deep: unknown = '\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(unstorableText(deep)).toBe(EdgeMessages.nul);
  });

  it('passes ordinary text, emoji (paired surrogates) and other types', () => {
    expect(unstorableText({ name: 'Aarav 😀 नमस्ते', n: 1, ok: true, none: null, list: ['a', 2] })).toBeUndefined();
    expect(unstorableText(undefined)).toBeUndefined();
  });
});
