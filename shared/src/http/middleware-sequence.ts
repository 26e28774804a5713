import type { NextFunction, Request, RequestHandler, Response } from 'express';

const isPromise = (value: unknown): value is Promise<unknown> => typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';

// A function declaration, and the step's callback given inline: tsx names every named closure it makes (a property
// definition per request), an argument it does not.
function enter(handlers: readonly RequestHandler[], at: number, req: Request, res: Response, done: NextFunction): void {
  if (at === handlers.length) return done();
  let returned: unknown;
  try {
    // `next('route')` and a falsy value go on, as express's router takes them from middleware; an error leaves the
    // sequence for express's error handlers.
    returned = handlers[at]!(req, res, (err?: unknown) => (err && err !== 'route' ? done(err) : enter(handlers, at + 1, req, res, done)));
  } catch (error) {
    return done(error);
  }
  if (isPromise(returned)) returned.then(undefined, (error: unknown) => done(error || new Error('Rejected promise')));
}

/**
 * Middleware that runs on every request, one after the other, as one layer of the app: what `app.use` of each
 * would do (a throw or a rejected promise goes to the error handlers, the rest of the sequence skipped), without
 * the router's walk of a layer per middleware (a path parse, a match, a frame of bookkeeping each) on every request.
 * For middleware mounted on every path only; an error handler (four arguments) has no place in it.
 */
export function middlewareInOrder(handlers: readonly RequestHandler[]): RequestHandler {
  for (const handler of handlers) if (handler.length > 3) throw new Error(`middlewareInOrder takes no error handler (${handler.name || 'anonymous'})`);
  return (req, res, next) => enter(handlers, 0, req, res, next);
}
