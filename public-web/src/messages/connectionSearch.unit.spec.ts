import { describe, expect, it } from 'vitest';
import { connectionSearch, matchesSearch } from './connectionSearch';

const priya = { firstName: 'Priya', lastName: 'Nair', username: 'priya_codes' };
const rahul = { firstName: 'Rahul', lastName: 'Verma', username: 'rahul_builds' };

describe('the Messages search of connected users', () => {
  it('starts only at 2 characters', () => {
    expect(matchesSearch(priya, 'p')).toBe(false);
    expect(matchesSearch(priya, ' p ')).toBe(false);
    expect(matchesSearch(priya, 'pr')).toBe(true);
  });

  it('matches first name, last name or username, case-insensitively', () => {
    expect(matchesSearch(priya, 'PRIY')).toBe(true);
    expect(matchesSearch(priya, 'nai')).toBe(true);
    expect(matchesSearch(priya, '_codes')).toBe(true);
    expect(matchesSearch(priya, 'verma')).toBe(false);
    expect(connectionSearch([priya, rahul], 'ra').map((u) => u.firstName)).toEqual(['Rahul']);
  });
});
