import fs from 'node:fs';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { HACKATHON_LIMITS } from '@circuit/shared/hackathons/options';
import { filtersFromParams } from '../hackathons/filters';
import { hackathonListPath, hackathonPath } from '../hackathons/hackathonQueries';
import { ROUTE_CHUNKS_PLACEHOLDER } from '../../build/earlyRouteChunks';

const EARLY_JS = fs.readFileSync(new URL('../../public/early.js', import.meta.url), 'utf8');

/**
 * Runs public/early.js as the browser would, on `url`, with a fetch that records what it was asked and a head that
 * records the links added to it; `routeChunks` stands for what the build writes into it.
 */
function load(url: string, routeChunks?: Record<string, string[]>, appStarted = false, serverRendered = false) {
  const asked: string[] = [];
  const links: { rel?: string; href?: string; type?: string; src?: string }[] = [];
  const listeners: Record<string, (() => void)[]> = {};
  const { pathname, search } = new URL(url, 'http://circuit.test');
  const window: Record<string, unknown> = {
    ...(appStarted ? { __circuitAppStarted: true } : {}),
    addEventListener: (type: string, listener: () => void) => (listeners[type] ??= []).push(listener),
  };
  const context = vm.createContext({
    window,
    location: { pathname, search },
    document: {
      readyState: 'loading',
      documentElement: { hasAttribute: (name: string) => serverRendered && name === 'data-ssr' },
      // The list a server-rendered page's head carries (public-web/src/ssr/page-document.ts).
      querySelector: (selector: string) => (selector === 'meta[name="circuit-code"]' ? { getAttribute: () => '/assets/index-a.js /assets/react-b.js' } : null),
      createElement: () => ({ setAttribute: () => undefined }),
      head: { appendChild: (link: { rel?: string; href?: string }) => links.push(link) },
    },
    // The frame and the timer after the load come at once here.
    requestAnimationFrame: (callback: () => void) => callback(),
    setTimeout: (callback: () => void) => callback(),
    fetch: (path: string) => {
      asked.push(path);
      return new Promise(() => undefined);
    },
  });
  const source = routeChunks ? EARLY_JS.replace(ROUTE_CHUNKS_PLACEHOLDER, `var ROUTE_CHUNKS = ${JSON.stringify(routeChunks)};`) : EARLY_JS;
  vm.runInContext(source, context);
  /** What the browser does next: fires the page's load, or a first touch. */
  const fire = (type: string) => (listeners[type] ?? []).forEach((listener) => listener());
  return { asked, links, fire, early: window.__circuitEarly as { path: string } | undefined };
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

  it('on a page the server rendered (its data is in it) asks for no data, and for its code only once the page has loaded', () => {
    const rendered = load('/hackathons/cyber-shield-ctf', { detail: ['/assets/HackathonDetailPage-b.js'] }, false, true);
    expect(rendered.asked).toEqual([]);
    expect(rendered.early).toBeUndefined();
    expect(rendered.links).toEqual([]);
    rendered.fire('load');
    expect(rendered.links.filter((l) => l.rel === 'modulepreload').map((l) => l.href)).toEqual(['/assets/react-b.js', '/assets/HackathonDetailPage-b.js']);
    expect(rendered.links.filter((l) => l.type === 'module').map((l) => l.src)).toEqual(['/assets/index-a.js']);
  });

  it('on a page the server rendered, starts the code at the first touch before the load, and only once', () => {
    const rendered = load('/about', undefined, false, true);
    rendered.fire('pointerdown');
    rendered.fire('keydown');
    rendered.fire('load');
    expect(rendered.links.filter((l) => l.type === 'module').map((l) => l.src)).toEqual(['/assets/index-a.js']);
  });

  it('asks for nothing once the app has started (its code came from the cache first and asked itself)', () => {
    const late = load('/hackathons/cyber-shield-ctf', { detail: ['/assets/HackathonDetailPage-b.js'] }, true);
    expect(late.asked).toEqual([]);
    expect(late.links).toEqual([]);
    expect(late.early).toBeUndefined();
  });

  it('preloads the screen’s code the build wrote into it, for the screen of the page only', () => {
    expect(EARLY_JS).toContain(ROUTE_CHUNKS_PLACEHOLDER);
    const chunks = { home: ['/assets/HomePage-e.js'], list: ['/assets/HackathonsPage-a.js'], detail: ['/assets/HackathonDetailPage-b.js', '/assets/RegistrationCard-c.js'], login: ['/assets/LoginPage-d.js'] };
    const preloaded = (url: string) => load(url, chunks).links.filter((l) => l.rel === 'modulepreload').map((l) => l.href);
    expect(preloaded('/hackathons/cyber-shield-ctf')).toEqual(chunks.detail);
    expect(preloaded('/hackathons')).toEqual(chunks.list);
    expect(preloaded('/login')).toEqual(chunks.login);
    expect(preloaded('/')).toEqual(chunks.home);
    expect(load('/login', chunks).asked).toEqual([]);
    expect(preloaded('/events')).toEqual([]);
    expect(load('/hackathons').links).toEqual([]);
  });
});
