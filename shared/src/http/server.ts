import http from 'node:http';
import type { Express } from 'express';

/**
 * The HTTP server of an express app, `http.createServer(app)` but for the objects each request is made of: the
 * request and the answer are created with the app's own prototypes (`app.request`, `app.response`), which express
 * would otherwise give them with Object.setPrototypeOf on every request (app.handle). Express then finds them set
 * and changes nothing, so every request behaves as before, while V8 is spared what a prototype change of a live
 * object costs it: under the gallery's load (bench:judging) most of a request's young objects then survived two
 * scavenges and were promoted, scavenges took 10-50 ms and the old space filled with dead requests between
 * mark-compacts; with the prototypes given at creation almost nothing survives (docs/benchmarks.md).
 */
export function createHttpServer(app: Express): http.Server {
  return http.createServer({ IncomingMessage: withPrototype(http.IncomingMessage, app.request), ServerResponse: withPrototype(http.ServerResponse, app.response) }, app);
}

/**
 * A constructor making what `base` makes, with `prototype` (which must have base.prototype in its chain) as the
 * object's prototype from the start. Reflect.construct, so it works whether node defines `base` as a class or not.
 */
function withPrototype<C extends Function>(base: C, prototype: object): C {
  function made(...args: unknown[]): object {
    return Reflect.construct(base, args, made) as object;
  }
  made.prototype = prototype;
  return made as unknown as C;
}
