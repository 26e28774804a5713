import fs from 'node:fs';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { HACKATHON_LIMITS } from '@circuit/shared/hackathons/options';
import { filtersFromParams } from '../hackathons/filters';
import { hackathonListPath, hackathonPath } from '../hackathons/hackathonQueries';

/** Runs public/early.js as the browser would, on `url`, with a fetch that records what it was asked. */
function load(url: string) {
  const asked: string[] = [];
  const { pathname, search } = new URL(url, 'http://circuit.test');
  const window: Record<string, unknown> = {};
  const context = vm.createContext({
    window,
    location: { pathname, search },
    document: { createElement: () => ({ setAttribute: () => undefined }), head: { appendChild: () => undefined } },
    fetch: (path: string) => {
      asked.push(path);
      return new Promise(() => undefined);
    },
  });
  vm.runInContext(fs.readFileSync(new URL('../../public/early.js', import.meta.url), 'utf8'), context);
  return { asked, early: window.__circuitEarly as { path: string } | undefined };
}

describe('public/early.js', () => {
  it('asks with the HTML for exactly the paths the app asks for first on the list and a hackathon page', () => {
    const list = load('/hackathons');
    expect(list.asked).toEqual([hackathonListPath(filtersFromParams(new URLSearchParams()), HACKATHON_LIMITS.listFirstPage, null)]);
    expect(list.early?.path).toBe(list.asked[0]);
    expect(load('/hackathons/cyber-shield-ctf').asked).toEqual([hackathonPath('cyber-shield-ctf')]);
  });

  it('asks for nothing elsewhere, nor on a filtered list (its path is the app’s to make)', () => {
    for (const url of ['/', '/hackathons?status=registration_open', '/hackathons/x/team', '/events', '/login']) expect(load(url).asked).toEqual([]);
  });
});
