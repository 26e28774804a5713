import http from 'node:http';
import express from 'express';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { createHttpServer } from './server';

/** An app using what express adds to requests and answers (query, path, ip, app, res.json, res.type, errors). */
function app() {
  const seen: { request: unknown; response: unknown }[] = [];
  const a = express();
  a.disable('x-powered-by');
  a.use((req, res, next) => {
    seen.push({ request: Object.getPrototypeOf(req), response: Object.getPrototypeOf(res) });
    res.setHeader('X-Seen', req.path);
    next();
  });
  a.get('/items/:id', (req, res) => {
    res.json({ id: req.params.id, query: req.query, path: req.path, secure: req.secure, fresh: req.fresh, sameApp: req.app === a, isMessage: req instanceof http.IncomingMessage, isAnswer: res instanceof http.ServerResponse });
  });
  a.get('/text', (_req, res) => {
    res.type('text').send('plain words');
  });
  a.get('/fails', () => {
    throw new Error('broken');
  });
  return { app: a, seen };
}

const comparable = (headers: Record<string, string>) => {
  const { date: _date, ...rest } = headers;
  return rest;
};

describe('createHttpServer', () => {
  it("makes each request and answer with the app's prototypes before express sees them, and express leaves them so", async () => {
    const { app: a, seen } = app();
    const server = createHttpServer(a);
    const made: { request: unknown; response: unknown }[] = [];
    // Node emits 'request' to its listeners in order: this one runs before the app, with the objects as node made them.
    server.prependListener('request', (req: http.IncomingMessage, res: http.ServerResponse) => made.push({ request: Object.getPrototypeOf(req), response: Object.getPrototypeOf(res) }));
    await supertest(server).get('/items/7').expect(200);
    expect(made).toEqual([{ request: a.request, response: a.response }]);
    expect(seen).toEqual(made);
  });

  it("answers as node's plain server with the same app does: routes, query, HEAD, 404 and errors", async () => {
    const shared = app().app;
    const ours = createHttpServer(shared);
    const plain = http.createServer(app().app);
    // The app whose prototypes createHttpServer replaced still answers the same under a plain server (supertest(app) in tests).
    const plainOfShared = http.createServer(shared);
    const requests: [method: 'get' | 'head', path: string][] = [
      ['get', '/items/7?sort=new&tag=a&tag=b'],
      ['head', '/items/7'],
      ['get', '/text'],
      ['get', '/nowhere'],
      ['get', '/fails'],
    ];
    for (const [method, path] of requests) {
      const [a, b, c] = await Promise.all([supertest(ours)[method](path), supertest(plain)[method](path), supertest(plainOfShared)[method](path)]);
      for (const other of [b, c]) {
        expect(a.status).toBe(other.status);
        expect(comparable(a.headers)).toEqual(comparable(other.headers));
        expect(a.text).toBe(other.text);
      }
    }
    const { body } = await supertest(ours).get('/items/7?sort=new').expect(200);
    expect(body).toEqual({ id: '7', query: { sort: 'new' }, path: '/items/7', secure: false, fresh: false, sameApp: true, isMessage: true, isAnswer: true });
  });
});
