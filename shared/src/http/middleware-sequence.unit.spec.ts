import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { middlewareInOrder } from './middleware-sequence';

/** The same middleware as app.use of each, and as one middlewareInOrder layer: the answers must not differ. */
function both(handlers: RequestHandler[]) {
  const onError: ErrorRequestHandler = (err: Error, _req, res, _next) => void res.status(500).json({ error: err.message, seen: res.getHeader('x-seen') });
  const finish: RequestHandler = (_req, res) => void res.json({ seen: res.getHeader('x-seen') });
  const layered = express();
  for (const h of handlers) layered.use(h);
  layered.use(finish, onError);
  const sequenced = express();
  sequenced.use(middlewareInOrder(handlers), finish, onError);
  return [layered, sequenced];
}

const mark =
  (name: string): RequestHandler =>
  (_req, res, next) => {
    res.setHeader('x-seen', `${String(res.getHeader('x-seen') ?? '')}${name}`);
    next();
  };

describe('middlewareInOrder', () => {
  it('runs each middleware in order, and what follows the layer after them', async () => {
    for (const app of both([mark('a'), mark('b'), mark('c')])) await supertest(app).get('/x').expect(200, { seen: 'abc' });
  });

  it('sends an error passed on, thrown or rejected to the error handlers, skipping the middleware left', async () => {
    const failures: RequestHandler[] = [
      (_req, _res, next) => next(new Error('passed')),
      () => {
        throw new Error('thrown');
      },
      async () => {
        throw new Error('rejected');
      },
    ];
    for (const failure of failures) {
      const answers = await Promise.all(both([mark('a'), failure, mark('b')]).map((app) => supertest(app).get('/x').expect(500)));
      expect(answers[1]!.body).toEqual(answers[0]!.body);
      expect(answers[1]!.body.seen).toBe('a');
    }
  });

  it("goes on after next('route') and an answer sent by a middleware ends it, as express does", async () => {
    const answering: RequestHandler = (_req, res) => void res.status(204).end();
    const routeSkip: RequestHandler = (_req, _res, next) => next('route');
    for (const app of both([mark('a'), routeSkip, mark('b')])) await supertest(app).get('/x').expect(200, { seen: 'ab' });
    for (const app of both([mark('a'), answering, mark('b')])) await supertest(app).get('/x').expect(204);
  });

  it('takes no error handler', () => {
    const handler = ((_err: unknown, _req: unknown, _res: unknown, next: () => void) => next()) as unknown as RequestHandler;
    expect(() => middlewareInOrder([handler])).toThrow(/no error handler/);
  });
});
