import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';

/** Where a path-to-regexp pattern stops being literal: a parameter, a wildcard, an optional part, an escape. */
const PATTERN_SYNTAX = /[:*{}()[\]?+!\\]/;

/**
 * What every path a layer takes begins with, or undefined when its path is not a string. A
 * trailing slash is dropped: a router that is not strict takes `/a/` for `/a` and the reverse.
 */
function literalStart(path: unknown): string | undefined {
  if (typeof path !== 'string') return undefined;
  const end = path.search(PATTERN_SYNTAX);
  return (end < 0 ? path : path.slice(0, end)).replace(/\/+$/, '');
}

const escaped = (start: string) => start.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A path of literal segments and whole-segment parameters (`/api/hackathons/:id/projects`), the routes' usual form. */
const PLAIN_ROUTE = /^(?:\/(?:[\w.~-]+|:[A-Za-z_$][\w$]*))+\/?$/;

/**
 * The test of the paths a route layer takes, as a regular expression's source: the whole path when
 * it is made of literal segments and parameters (a parameter takes one non-empty segment, a
 * trailing slash is allowed, as path-to-regexp makes them for a router that is not strict);
 * otherwise only its literal start, which takes more paths than the route does, never fewer.
 */
function routeTestOf(path: string, start: string): string {
  if (!PLAIN_ROUTE.test(path)) return escaped(start);
  const segments = path
    .replace(/\/+$/, '')
    .split('/')
    .slice(1)
    .map((segment) => (segment.startsWith(':') ? '\\/[^/]+' : `\\/${escaped(segment)}`));
  return `${segments.join('')}\\/?$`;
}

/**
 * A test of the requests a router's layers (routes, and middleware mounted at a path) could take,
 * by method and path; a router with middleware on every path takes any request. A route's test is
 * its whole path where it can be (see routeTestOf): a request enters no router whose routes only
 * share a start with its path (`/api/hackathons/:id` for `/api/hackathons/{id}/projects`), each
 * such router being a walk through its layers and a turn of the event loop for nothing.
 */
function requestsOf(router: Router): (method: string, path: string) => boolean {
  /** Tests of the paths of layers that take any method (middleware, `all`), and by method of the routes. */
  const forAny: string[] = [];
  const byMethod = new Map<string, string[]>();
  for (const layer of router.stack as { rawPath?: unknown; route?: { methods?: Record<string, boolean> } }[]) {
    const methods = layer.route ? Object.keys(layer.route.methods ?? {}).filter((m) => layer.route!.methods![m]) : [];
    for (const path of Array.isArray(layer.rawPath) ? layer.rawPath : [layer.rawPath]) {
      const start = literalStart(path);
      // Middleware on every path (`router.use(fn)`), or a path given as a pattern: the router takes anything.
      if (!start) return () => true;
      // Middleware takes every path below its own: its start is its test.
      if (!layer.route || methods.includes('_all')) forAny.push(layer.route ? routeTestOf(path as string, start) : escaped(start));
      else for (const method of methods) byMethod.set(method, [...(byMethod.get(method) ?? []), routeTestOf(path as string, start)]);
    }
  }
  // Routers match case-insensitively unless told otherwise; a test that is too wide only enters more often.
  const testOf = (tests: string[]) => (tests.length === 0 ? null : new RegExp(`^(?:${tests.join('|')})`, 'i'));
  // By the method as the request gives it (GET), lowered only the first time it is seen.
  const tests = new Map<string, RegExp | null>();
  return (method, path) => {
    let test = tests.get(method);
    if (test === undefined) {
      const m = method.toLowerCase();
      // Express answers HEAD with a GET route that has no HEAD of its own, and OPTIONS on any route's path (its Allow header).
      const routes = m === 'options' ? [...byMethod.values()].flat() : [...(byMethod.get(m) ?? []), ...(m === 'head' ? (byMethod.get('get') ?? []) : [])];
      tests.set(method, (test = testOf([...forAny, ...routes])));
    }
    return test !== null && test.test(path);
  };
}

export interface RouterSequence extends RequestHandler {
  /** The layers of every router, in order, as a router's own `stack` lists them (for what reads an app's routes). */
  readonly stack: Router['stack'];
}

/**
 * The routers one after the other, as `router.use` of each would chain them, but a request enters
 * only those with a route for its method and path (or middleware that could take it). Express
 * walks every layer of every router it enters and leaves a router that answered nothing through
 * setImmediate, a turn of the event loop: the busiest reads went through a dozen routers that had
 * nothing for them, and under load a community post waited a dozen turns (tens of ms) before its
 * route ran. The routes are read from the routers at the first request.
 */
export function routersInOrder(routers: Router[]): RouterSequence {
  let takes: ((method: string, path: string) => boolean)[] | undefined;
  // No closure per request but the one each entered router is given (tsx names every named closure it makes).
  function enterFrom(from: number, req: Request, res: Response, next: NextFunction): void {
    takes ??= routers.map(requestsOf);
    for (let at = from; at < routers.length; at++) {
      if (takes[at]!(req.method, req.path)) {
        // An error skips the routers left, as express skips every handler that is not an error handler.
        routers[at]!(req, res, (err?: unknown) => (err ? next(err) : enterFrom(at + 1, req, res, next)));
        return;
      }
    }
    next();
  }
  const handler: RequestHandler = (req, res, next) => enterFrom(0, req, res, next);
  return Object.defineProperty(handler, 'stack', { get: () => routers.flatMap((r) => r.stack), enumerable: true }) as RouterSequence;
}
