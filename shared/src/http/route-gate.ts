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

/** A test of the paths a router's layers (routes, and middleware mounted at a path) could take; null: any path. */
function pathsOf(router: Router): RegExp | null {
  const starts: string[] = [];
  for (const layer of router.stack as { rawPath?: unknown }[]) {
    for (const path of Array.isArray(layer.rawPath) ? layer.rawPath : [layer.rawPath]) {
      const start = literalStart(path);
      // Middleware on every path (`router.use(fn)`), or a path given as a pattern: the router takes anything.
      if (!start) return null;
      starts.push(start.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    }
  }
  // Routers match case-insensitively unless told otherwise; a test that is too wide only enters more often.
  return new RegExp(`^(?:${starts.join('|')})`, 'i');
}

export interface RouterSequence extends RequestHandler {
  /** The layers of every router, in order, as a router's own `stack` lists them (for what reads an app's routes). */
  readonly stack: Router['stack'];
}

/**
 * The routers one after the other, as `router.use` of each would chain them, but a request enters
 * only those whose paths it could take. Express walks every layer of every router it enters and
 * leaves a router that answered nothing through setImmediate: the busiest reads went through a
 * dozen routers that had nothing for them. The paths are read from the routers at the first request.
 */
export function routersInOrder(routers: Router[]): RouterSequence {
  let paths: (RegExp | null)[] | undefined;
  // No closure per request but the one each entered router is given (tsx names every named closure it makes).
  function enterFrom(from: number, req: Request, res: Response, next: NextFunction): void {
    paths ??= routers.map(pathsOf);
    for (let at = from; at < routers.length; at++) {
      const test = paths[at] ?? null;
      if (test === null || test.test(req.path)) {
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
