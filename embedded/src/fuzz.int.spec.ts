import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Express } from 'express';
import { createTestSchema, testDatabaseUrl, type TestSchema } from '@circuit/shared/testkit/postgres';
import { createTestApp, type Agent, type TestApp } from './testing/test-app';

/**
 * Malformed input never answers 5xx (docs/decisions.md#d17-input-checked-at-the-edge-rich-text-sanitised-safe-headers: bad input gets a clear 4xx and changes
 * nothing). The routes are read from the app's own express routers, so a route added later is
 * fuzzed without anyone listing it here. Runs on Postgres when TEST_DATABASE_URL is set (where a
 * NUL in text or jsonb is an error), else on PGlite.
 */

interface RouteLike {
  path: string | string[];
  methods: Record<string, boolean>;
}
interface LayerLike {
  route?: RouteLike;
  handle?: { stack?: LayerLike[] };
  rawPath?: unknown;
}
export interface AppRoute {
  method: string;
  path: string;
}

/** Every route of an express 5 app, with the mount paths of the routers it passes through. */
export function routesOf(app: Express): AppRoute[] {
  const routes: AppRoute[] = [];
  const walk = (stack: LayerLike[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const path of [layer.route.path].flat()) {
          for (const [method, on] of Object.entries(layer.route.methods)) if (on) routes.push({ method: method.toUpperCase(), path: prefix + path });
        }
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack, prefix + (typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : ''));
      }
    }
  };
  walk((app as unknown as { router: { stack: LayerLike[] } }).router.stack, '');
  return routes;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Every body field name any route reads, so each gets every kind of bad value. */
const FIELDS = [
  'username', 'email', 'password', 'confirmPassword', 'firstName', 'lastName', 'identifier', 'otp', 'token', 'type',
  'currentPassword', 'newPassword', 'bio', 'tagline', 'website', 'socialLinks', 'country', 'state', 'address', 'college',
  'course', 'branch', 'collegeYear', 'skills', 'mobile', 'title', 'description', 'technologies', 'githubUrl', 'liveUrl',
  'image', 'text', 'reason', 'message', 'replyTo', 'to',
];

const HUGE = 'x'.repeat(10_000);
const everyField = (value: unknown) => Object.fromEntries(FIELDS.map((f) => [f, value]));
let deep: unknown = 'bottom';
for (let i = 0; i < 500; i++) deep = { a: deep };

/** JSON bodies: NUL bytes, huge strings, wrong types, unpaired surrogates, deep nesting. */
const BODIES: Array<[string, unknown]> = [
  ['empty object', {}],
  ['NUL in every field', everyField('abc\u0000def')],
  ['NUL-only fields', everyField('\u0000')],
  ['NUL in a nested field', { socialLinks: { github: 'https://github.com/a\u0000' }, skills: ['ok', 'b\u0000'], technologies: ['\u0000'] }],
  ['NUL in a key', { 'first\u0000Name': 'x' }],
  ['huge strings', everyField(HUGE)],
  ['numbers', everyField(123456)],
  ['booleans', everyField(true)],
  ['nulls', everyField(null)],
  ['arrays', everyField(['a', 1, null])],
  ['objects', everyField({ $gt: '' })],
  ['huge arrays', { skills: Array(2_000).fill('x'), technologies: Array(2_000).fill('y') }],
  ['unpaired surrogates', everyField('a\ud800b')],
  ['deep nesting', { bio: deep, text: deep }],
  ['top-level array', [1, 2, 3]],
];

/** Raw bodies no parser should choke on. */
const RAW: Array<[string, string, string]> = [
  ['malformed JSON', 'application/json', '{"email": "a@b.c",'],
  ['JSON with an escaped NUL', 'application/json', '{"email":"a\\u0000@b.c","text":"\\u0000","username":"\\u0000"}'],
  ['form body with a NUL', 'application/x-www-form-urlencoded', 'email=a%00%40b.c&text=%00&username=%00'],
  ['multipart without a boundary', 'multipart/form-data', '--x\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nabc\r\n--x--\r\n'],
  ['truncated multipart', 'multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG'],
  ['multipart with broken part headers', 'multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition\r\n\r\n--xyz--\r\n'],
  ['multipart with a NUL field', 'multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="title"\r\n\r\na\u0000b\r\n--xyz--\r\n'],
  ['text/plain body', 'text/plain', '\u0000\u0000'],
];

/** Bad values for a path parameter, as they appear in the address. */
const BAD_PARAMS = ['not-an-id', '%00', `a%00${'b'.repeat(10)}`, 'z'.repeat(5_000), '%ED%A0%80', '%FF', '..%2F..%2Fetc', '-1', '1e309'];

interface Failure {
  request: string;
  status: number;
  body: unknown;
}

describe('malformed input on every route of the app', () => {
  let t: TestApp;
  let db: TestSchema | undefined;
  let routes: AppRoute[];
  let ids: { project: string; user: string; comment: string };
  let signedIn: { agent: Agent };

  async function freshSession() {
    signedIn = await t.signedIn();
  }

  beforeAll(async () => {
    const postgres = testDatabaseUrl();
    db = postgres.ok ? await createTestSchema({ url: postgres.value, label: 'fuzz' }) : undefined;
    t = await createTestApp({ knex: db?.knex });
    routes = routesOf(t.app);
    await freshSession();
    const other = await t.signedIn();
    const project = await other.agent.post('/api/users/projects').send({ title: 'Target', description: 'For the fuzz', technologies: [] }).expect(201);
    const projectId = (project.body.data?.id ?? project.body.data?._id ?? project.body.project?._id) as string;
    const comment = await other.agent.post(`/api/users/projects/${projectId}/comments`).send({ text: 'hello' });
    const commentId = JSON.stringify(comment.body).match(/"_id":"([0-9a-f-]{36})"/g)?.at(-1)?.slice(7, -1) ?? crypto.randomUUID();
    ids = { project: projectId, user: other.userId, comment: commentId };
  });
  afterAll(async () => {
    await t?.stop();
    await db?.cleanup();
  });

  /** The path with its parameters filled: real ids of things that exist, or `bad` in each place. */
  function fill(path: string, bad?: string): string {
    return path
      .replace(/\/\*\w+|\{\/?\*\w+\}/g, bad ? `/${bad}` : '/some/file.png')
      .replace(/:(\w+)/g, (_m, name: string) => bad ?? (name === 'commentId' ? ids.comment : path.includes('/projects/') ? ids.project : ids.user));
  }

  async function send(agent: Agent, method: string, path: string, prepare: (req: ReturnType<Agent['post']>) => ReturnType<Agent['post']>) {
    const req = agent[method.toLowerCase() as 'post'](path).set('Origin', t.config.publicUrl);
    return prepare(req);
  }

  it('finds the mutating routes in the express routers', () => {
    const mutating = routes.filter((r) => MUTATING.has(r.method));
    expect(mutating.length).toBeGreaterThan(25);
    expect(mutating).toEqual(
      expect.arrayContaining([
        { method: 'POST', path: '/api/auth/signup' },
        { method: 'PUT', path: '/api/users/profile' },
        { method: 'POST', path: '/api/users/profile-picture' },
        { method: 'POST', path: '/api/users/projects/:id/comments/:commentId/replies' },
      ]),
    );
  });

  it('answers no 5xx to NUL bytes, huge strings, wrong types or bad multipart on any mutating route', { timeout: 300_000 }, async () => {
    const failures: Failure[] = [];
    const check = async (label: string, run: () => Promise<{ status: number; body: unknown }>) => {
      const res = await run();
      if (res.status >= 500) failures.push({ request: label, status: res.status, body: res.body });
    };

    for (const route of routes.filter((r) => MUTATING.has(r.method))) {
      // Signed out, only the sign-in routes get past the session check; signed in, every route does.
      const visitors = route.path.startsWith('/api/auth/') ? (['anonymous', 'signed in'] as const) : (['signed in'] as const);
      for (const who of visitors) {
        if (who === 'signed in' && route.path === '/api/auth/logout') continue;
        const agent = () => (who === 'anonymous' ? t.request() : signedIn.agent);
        const path = fill(route.path);
        const cases: Array<[string, () => Promise<{ status: number; body: unknown }>]> = [
          ...BODIES.map(([name, body]): [string, () => Promise<{ status: number; body: unknown }>] => [
            `${who} ${route.method} ${path} ${name}`,
            () => send(agent(), route.method, path, (r) => r.send(body as object)),
          ]),
          ...RAW.map(([name, type, raw]): [string, () => Promise<{ status: number; body: unknown }>] => [
            `${who} ${route.method} ${path} ${name}`,
            () => send(agent(), route.method, path, (r) => r.set('Content-Type', type).send(raw)),
          ]),
          [`${who} ${route.method} ${path}?q=%00`, () => send(agent(), route.method, `${path}?q=%00&email=%00&page=%00`, (r) => r.send({}))],
        ];
        if (route.path.includes(':') || route.path.includes('*')) {
          for (const bad of BAD_PARAMS) {
            const badPath = fill(route.path, bad);
            cases.push([`${who} ${route.method} ${badPath.slice(0, 120)}`, () => send(agent(), route.method, badPath, (r) => r.send({ text: 'hi', reason: 'spam' }))]);
          }
        }
        // A few at a time, as browsers would send them.
        for (let i = 0; i < cases.length; i += 6) await Promise.all(cases.slice(i, i + 6).map(([label, run]) => check(label, run)));
        // A fuzz case may have ended the session (a changed password): go on signed in.
        if (who === 'signed in' && (await signedIn.agent.get('/api/auth/me')).status !== 200) await freshSession();
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers no 5xx to NUL bytes or bad values in path ids and queries of the read routes', { timeout: 120_000 }, async () => {
    const failures: Failure[] = [];
    for (const route of routes.filter((r) => r.method === 'GET')) {
      const variants = [`${fill(route.path)}?q=%00&page=%00&limit=%00&before=%00&username=%00&skills=%00`, `${fill(route.path)}?page=-1&limit=1e9&before=${'z'.repeat(3000)}`];
      if (route.path.includes(':') || route.path.includes('*')) variants.push(...BAD_PARAMS.map((bad) => fill(route.path, bad)));
      for (const url of variants) {
        const res = await signedIn.agent.get(url);
        if (res.status >= 500) failures.push({ request: `GET ${url.slice(0, 120)}`, status: res.status, body: res.body });
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses a NUL byte with a 400 that says so, and stores nothing', async () => {
    // The fuzz above spent the first user's allowance of writes; the upload route parses its own body, after the limits.
    const fresh = await t.signedIn();
    const head = await t.store.headPosition();
    const res = await signedIn.agent.put('/api/users/profile').send({ firstName: 'A\u0000', lastName: 'B', country: 'Other', address: 'x' }).expect(400);
    expect(res.body).toEqual({ success: false, message: 'Text must not contain NUL characters (\\u0000).' });
    const byPath = await signedIn.agent.post('/api/users/follow/%00').expect(400);
    expect(byPath.body.message).toBe('Text must not contain NUL characters (\\u0000).');
    const upload = await fresh.agent.post('/api/users/profile-picture').set('Content-Type', 'multipart/form-data').send('--x\r\n\r\n').expect(400);
    expect(upload.body.message).toBe('The upload is not a well-formed multipart/form-data request. Please choose the image again.');
    expect(await t.store.headPosition()).toBe(head);
  });
});
