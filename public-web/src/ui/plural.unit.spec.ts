import { describe, expect, it } from 'vitest';
import { plural } from './plural';

describe('plural', () => {
  it('uses the singular for exactly one', () => {
    expect(`1 ${plural(1, 'follower', 'followers')}`).toBe('1 follower');
    expect(`0 ${plural(0, 'follower', 'followers')}`).toBe('0 followers');
    expect(`2 ${plural(2, 'connection', 'connections')}`).toBe('2 connections');
  });
});
