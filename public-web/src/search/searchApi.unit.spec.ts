import { describe, expect, it } from 'vitest';
import { addCustomSkill, canSearch, nextSearchPage } from './searchApi';

const users = (n: number) => Array.from({ length: n }, (_, i) => ({ _id: `${i}`, id: `${i}`, username: `u${i}`, firstName: '', lastName: '', profilePicture: null, tagline: '', skills: [] }));

describe('user search rules', () => {
  it('needs text or a skill', () => {
    expect(canSearch({ q: '  ', skills: [] })).toBe(false);
    expect(canSearch({ q: 'asha', skills: [] })).toBe(true);
    expect(canSearch({ q: '', skills: ['React'] })).toBe(true);
  });

  it('offers more only after a full page below the total', () => {
    expect(nextSearchPage({ users: users(20), total: 45, page: 1 })).toBe(2);
    expect(nextSearchPage({ users: users(20), total: 40, page: 2 })).toBeUndefined();
    expect(nextSearchPage({ users: users(5), total: 45, page: 3 })).toBeUndefined();
  });

  it('adds a custom skill only when new and not preset', () => {
    const presets = ['React', 'Python'];
    expect(addCustomSkill([], presets, '  Elixir ')).toEqual(['Elixir']);
    expect(addCustomSkill(['Elixir'], presets, 'elixir')).toEqual(['Elixir']);
    expect(addCustomSkill([], presets, 'react')).toEqual([]);
    expect(addCustomSkill([], presets, '   ')).toEqual([]);
  });
});
