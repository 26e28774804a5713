import http from 'node:http';
import type { Express } from 'express';

/**
 * The HTTP server of an express app: `http.createServer(app)`, but node makes each request and answer with the
 * prototypes express gives them (`app.request`, `app.response`), so express's Object.setPrototypeOf of both on every
 * request (app.handle) finds them set and changes nothing. That prototype change of a live object cost V8 dearly:
 * under the gallery's load (bench:judging) most of a request's young objects survived two scavenges and were
 * promoted, scavenges took 10-50 ms and the old space filled with dead requests until a mark-compact. Made with
 * the prototypes from the start, next to nothing survives in a bare express app, and the gallery's requests leave
 * a third of what they did to the mark-compacts, at about half the CPU (docs/benchmarks.md).
 *
 * The prototypes are subclasses of node's (a class, so V8 lays out their objects as it does node's own), placed
 * in front of what `app.request` and `app.response` were: every property and method express, the app and
 * correlation.ts's `req.log` put there is still found, in the same order (only `constructor` is the subclass).
 * Calling it again for the same app answers a server with the same classes.
 */
export function createHttpServer(app: Express): http.Server {
  let classes = serverClasses.get(app);
  if (!classes) {
    const IncomingMessage = subclassBefore(http.IncomingMessage, app.request);
    const ServerResponse = subclassBefore(http.ServerResponse, app.response);
    app.request = IncomingMessage.prototype as unknown as Express['request'];
    app.response = ServerResponse.prototype as unknown as Express['response'];
    classes = { IncomingMessage, ServerResponse };
    serverClasses.set(app, classes);
  }
  return http.createServer(classes, app);
}

const serverClasses = new WeakMap<Express, { IncomingMessage: typeof http.IncomingMessage; ServerResponse: typeof http.ServerResponse }>();

/** A subclass of `base` whose prototype inherits from `prototype` (which inherits from base.prototype). */
function subclassBefore<C extends typeof http.IncomingMessage | typeof http.ServerResponse>(base: C, prototype: object): C {
  const subclass = class extends (base as typeof http.IncomingMessage) {};
  Object.setPrototypeOf(subclass.prototype, prototype);
  return subclass as unknown as C;
}
