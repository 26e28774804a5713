import express, { Router, type ErrorRequestHandler } from 'express';
import supertest from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { routersInOrder } from './route-gate';

/** Two routers as the query side has them (routes only), a router with a guard of its own, and one mounted at a path. */
function routers() {
  const users = Router();
  users.get('/api/users/username/:name', (req, res) => void res.json({ from: 'users', name: req.params.name }));
  users.get('/api/users/:id', (req, res, next) => (req.params.id === 'skip' ? next() : res.json({ from: 'users', id: req.params.id })));
  const lists = Router();
  lists.get('/api/lists', (_req, res) => void res.json({ from: 'lists' }));
  lists.get('/api/users/skip', (_req, res) => void res.json({ from: 'lists', skipped: true }));
  lists.get('/api/lists/fail', () => {
    throw new Error('boom');
  });
  const guarded = Router();
  guarded.use((req, res, next) => (req.headers['x-let-in'] ? next() : res.status(403).json({ from: 'guard' })));
  guarded.get('/api/guarded', (_req, res) => void res.json({ from: 'guarded' }));
  const admin = Router();
  admin.get('/things', (req, res) => void res.json({ from: 'admin', base: req.baseUrl }));
  const mounted = Router();
  mounted.use('/api/admin', admin);
  return { users, lists, guarded, mounted };
}

function appOf(all: ReturnType<typeof routers>) {
  const app = express();
  app.use(routersInOrder([all.users, all.lists, all.mounted, all.guarded]));
  app.use((_req, res) => void res.status(404).json({ from: 'fallthrough' }));
  const onError: ErrorRequestHandler = (err: Error, _req, res, _next) => void res.status(500).json({ error: err.message });
  app.use(onError);
  return app;
}

describe('routersInOrder', () => {
  it('answers every route as router.use of each router would, in their order', async () => {
    const app = appOf(routers());
    await supertest(app).get('/api/users/username/ada').expect(200, { from: 'users', name: 'ada' });
    // Routes match case-insensitively and with a trailing slash, as express's do.
    await supertest(app).get('/API/Users/Username/ada/').expect(200, { from: 'users', name: 'ada' });
    await supertest(app).get('/api/lists?page=2').expect(200, { from: 'lists' });
    // A route that passes goes on to the next router.
    await supertest(app).get('/api/users/skip').expect(200, { from: 'lists', skipped: true });
    await supertest(app).get('/api/admin/things').expect(200, { from: 'admin', base: '/api/admin' });
    // A router with middleware of its own runs it on every path.
    await supertest(app).get('/api/elsewhere').expect(403, { from: 'guard' });
    await supertest(app).get('/api/elsewhere').set('x-let-in', '1').expect(404, { from: 'fallthrough' });
    await supertest(app).get('/api/lists/fail').expect(500, { error: 'boom' });
  });

  it('enters a router only when one of its routes could take the path', async () => {
    const all = routers();
    // A router enters its layers through its handle method.
    const entries = (router: Router) => vi.spyOn(router as unknown as { handle: (...args: unknown[]) => void }, 'handle');
    const entered = { users: entries(all.users), lists: entries(all.lists), mounted: entries(all.mounted) };
    const app = appOf(all);
    await supertest(app).get('/api/lists').expect(200);
    expect(entered.users).not.toHaveBeenCalled();
    expect(entered.mounted).not.toHaveBeenCalled();
    await supertest(app).get('/api/admin/things').expect(200);
    expect(entered.users).not.toHaveBeenCalled();
    expect(entered.lists).toHaveBeenCalledTimes(1);
    expect(entered.mounted).toHaveBeenCalledTimes(1);
    await supertest(app).get('/api/users/42').expect(200, { from: 'users', id: '42' });
    expect(entered.users).toHaveBeenCalledTimes(1);
    expect(entered.lists).toHaveBeenCalledTimes(1);
  });

  it('enters no router whose routes only begin like the path', async () => {
    const all = routers();
    const projects = Router();
    projects.get('/api/users/:id/projects', (req, res) => void res.json({ from: 'projects', id: req.params.id }));
    const entered = vi.spyOn(all.users as unknown as { handle: (...args: unknown[]) => void }, 'handle');
    const app = express();
    app.use(routersInOrder([all.users, projects]));
    app.use((_req, res) => void res.status(404).json({ from: 'fallthrough' }));
    await supertest(app).get('/api/users/42/projects').expect(200, { from: 'projects', id: '42' });
    await supertest(app).get('/API/Users/42/Projects/').expect(200, { from: 'projects', id: '42' });
    await supertest(app).get('/api/users/42/projects/7').expect(404, { from: 'fallthrough' });
    expect(entered).not.toHaveBeenCalled();
    // A parameter takes one whole segment, as path-to-regexp's does: the path with one more segment is not the user's.
    await supertest(app).get('/api/users/username/ada/').expect(200, { from: 'users', name: 'ada' });
    expect(entered).toHaveBeenCalledTimes(1);
  });

  it('keeps entering a router by the literal start of a route whose path is a pattern', async () => {
    const files = Router();
    files.get('/files/:name.json', (req, res) => void res.json({ from: 'files', name: req.params.name }));
    files.get('/docs/*rest', (req, res) => void res.json({ from: 'docs', rest: req.params.rest }));
    const app = express();
    app.use(routersInOrder([files]));
    await supertest(app).get('/files/a.json').expect(200, { from: 'files', name: 'a' });
    await supertest(app).get('/docs/a/b').expect(200, { from: 'docs', rest: ['a', 'b'] });
  });

  it('enters a router only for the methods its routes answer on that path', async () => {
    const all = routers();
    const writes = Router();
    writes.post('/api/users/:id', (req, res) => void res.status(201).json({ from: 'writes', id: req.params.id }));
    const entered = vi.spyOn(all.users as unknown as { handle: (...args: unknown[]) => void }, 'handle');
    const app = express();
    app.use(routersInOrder([all.users, writes]));
    await supertest(app).post('/api/users/42').expect(201, { from: 'writes', id: '42' });
    expect(entered).not.toHaveBeenCalled();
    // HEAD is answered by a GET route; OPTIONS by the first router with a route on the path (its Allow header), as before.
    await supertest(app).head('/api/users/42').expect(200);
    expect(entered).toHaveBeenCalledTimes(1);
    const options = await supertest(app).options('/api/users/42').expect(200);
    expect(options.headers.allow).toBe('GET, HEAD');
  });

  it("lists every router's layers as its stack, for what reads an app's routes", () => {
    const all = routers();
    const sequence = routersInOrder([all.users, all.lists]);
    expect(sequence.stack).toEqual([...all.users.stack, ...all.lists.stack]);
  });
});
