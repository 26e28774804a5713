import { Validator } from '@seriousme/openapi-schema-validator';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing/test-app';
import { ContractChecker, contractChecker } from './testing/contract-check';
import { expressRoutes } from './testing/express-routes';
import { buildApiDocument } from '@circuit/shared/http/openapi/contract';
import { documentOpenApi } from '@circuit/shared/http/openapi/document-routes';
import { commandServiceOpenApi } from '@circuit/command-service/command-openapi';
import { projectionServiceOpenApi } from '@circuit/projection-service/projection-openapi';

/** Acceptance of the API contract: a valid OpenAPI 3.1 document that describes exactly the routes there are. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.stop();
});

const documented = (doc: ContractChecker['document']) =>
  new Set(Object.entries(doc.paths ?? {}).flatMap(([path, item]) => Object.keys(item as object).map((method) => `${method} ${path}`)));

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const res = await t.request().get('/api/openapi.json').expect(200).expect('Content-Type', /application\/json/);
    expect(res.body.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(res.body);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('describes every /api route of the composed app, and no route that does not exist', async () => {
    const res = await t.request().get('/api/openapi.json').expect(200);
    const inDocument = documented(res.body);
    const inApp = new Set([...expressRoutes(t.app)].filter((r) => r.split(' ')[1]!.startsWith('/api/')));
    expect(inApp.size).toBeGreaterThan(50);
    expect([...inApp].filter((r) => !inDocument.has(r)).sort()).toEqual([]);
    expect([...inDocument].filter((r) => !inApp.has(r)).sort()).toEqual([]);
  });

  it("each service's own document (served when it runs alone) describes exactly that service's routes", () => {
    const apiRoutes = (router: unknown) => [...expressRoutes({ router })].filter((r) => r.split(' ')[1]!.startsWith('/api/')).sort();
    const ownRoutes = (doc: ContractChecker['document']) => [...documented(doc)].filter((r) => !r.includes('/api/openapi.json') && !r.includes('/api/docs')).sort();
    expect(apiRoutes(t.embedded.commands.router)).toEqual(ownRoutes(buildApiDocument([documentOpenApi, ...commandServiceOpenApi])));
    expect(apiRoutes(t.embedded.projections.router)).toEqual(ownRoutes(buildApiDocument([documentOpenApi, ...projectionServiceOpenApi])));
  });

  it('describes the session cookie, the Idempotency-Key header, 202 and rate-limit answers', async () => {
    const doc = (await t.request().get('/api/openapi.json').expect(200)).body;
    expect(doc.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'circuit.sid' });
    const follow = doc.paths['/api/users/follow/{id}'].post;
    expect(follow.security).toEqual([{ session: [] }]);
    expect(follow.parameters).toContainEqual(expect.objectContaining({ in: 'header', name: 'Idempotency-Key' }));
    // A 202 points at the item to poll where it has a route of its own (a deletion has none).
    expect(follow.responses['202'].headers.Location.required ?? false).toBe(false);
    const login = doc.paths['/api/auth/login'].post;
    expect(Object.keys(login.responses['429'].headers)).toEqual(['RateLimit', 'RateLimit-Policy', 'Retry-After']);
    const admin = doc.paths['/api/admin/users'].get;
    expect(admin.responses['200'].headers['Content-Range'].required).toBe(true);
    expect(admin.parameters.map((p: { name: string }) => p.name)).toEqual(['sort', 'range', 'filter']);
  });
});

describe('the listing bodies', () => {
  it("say that takeRegistrations is a boolean or one of the spec's strings, on create and edit of hackathons and events", async () => {
    const doc = (await t.request().get('/api/openapi.json').expect(200)).body;
    const schemaOf = (s: { $ref?: string }) => (s.$ref ? doc.components.schemas[s.$ref.split('/').pop()!] : s);
    for (const [path, method] of [['/api/hackathons', 'post'], ['/api/hackathons/{id}', 'put'], ['/api/events', 'post'], ['/api/events/{id}', 'put']] as const) {
      const body = schemaOf(doc.paths[path][method].requestBody.content['application/json'].schema);
      expect([path, method, body.properties.takeRegistrations.anyOf]).toEqual([path, method, [{ type: 'boolean' }, { type: 'string', enum: ['false', 'pending', 'true'] }]]);
    }
  });
});

describe('GET /api/docs', () => {
  it('serves a readable reference whose script comes from this server, not a CDN', async () => {
    const page = await t.request().get('/api/docs').expect(200).expect('Content-Type', /text\/html/);
    expect(page.text).toContain('data-url="/api/openapi.json"');
    expect(page.text).toContain('<script src="/api/docs/scalar.js"></script>');
    expect(page.text).not.toMatch(/https?:\/\//);
    const script = await t.request().get('/api/docs/scalar.js').buffer(true).parse((res, done) => {
      let size = 0;
      res.on('data', (chunk: Buffer) => (size += chunk.length));
      res.on('end', () => done(null, size));
    });
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.body).toBeGreaterThan(100_000);
  });
});

describe('the answer check every HTTP test goes through', () => {
  const checker = contractChecker();
  const relationship = { isConnected: false, isFollowing: true, isFollowedBy: false, requestPending: false, requestReceived: false, hasBlockedTarget: false, isBlockedByTarget: false };
  const json = { 'content-type': 'application/json; charset=utf-8' };
  const follow = (status: number, body: unknown, headers: Record<string, string> = json) =>
    checker.problems('POST', '/api/users/follow/9d7c1a4e-0000-4000-8000-000000000000', { status, headers, body });

  it('accepts an answer as documented', () => {
    expect(follow(200, { success: true, message: 'Followed!', data: relationship })).toEqual([]);
    expect(follow(404, { success: false, message: 'User not found' })).toEqual([]);
  });

  it('fails an undocumented field, a missing field and a wrong type', () => {
    expect(follow(200, { success: true, message: 'Followed!', data: { ...relationship, secret: 1 } })).toEqual(['body/data must NOT have additional properties "secret"']);
    expect(follow(200, { success: true, data: relationship })).toEqual(["body must have required property 'message'"]);
    expect(follow(200, { success: true, message: 'Followed!', data: { ...relationship, isFollowing: 'yes' } })).toEqual(['body/data/isFollowing must be boolean']);
  });

  it('fails an undocumented status and a missing required header', () => {
    expect(follow(418, { success: false, message: 'teapot' })[0]).toMatch(/answered 418, which the document does not list/);
    expect(checker.problems('GET', '/api/auth/google', { status: 302, headers: {}, body: '' })).toEqual(['header Location is required but missing']);
  });

  it('takes HEAD as the GET it is answered by, without a body', () => {
    expect(checker.problems('HEAD', '/api/auth/providers', { status: 200, headers: json, body: {} })).toEqual([]);
    expect(checker.problems('HEAD', '/api/auth/providers', { status: 418, headers: json, body: {} })[0]).toMatch(/does not list/);
  });

  it('fails a route the document does not have, unless it is the API 404', () => {
    expect(checker.problems('GET', '/api/nowhere', { status: 200, headers: json, body: { success: true } })[0]).toMatch(/not in the document/);
    expect(checker.problems('GET', '/api/nowhere', { status: 404, headers: json, body: { success: false, message: 'Not found' } })).toEqual([]);
  });

  it('makes a supertest request of the test app fail on a broken contract', async () => {
    const strict = new ContractChecker({ ...checker.document, paths: { ...checker.document.paths, '/api/auth/providers': { get: { responses: { '500': { description: 'x' } } } } } });
    const { checkedAgent } = await import('./testing/test-app');
    await expect(checkedAgent(t.app, strict).get('/api/auth/providers')).rejects.toThrow(/answered 200, which the document does not list/);
    await supertest(t.app).get('/api/auth/providers').expect(200);
  });
});
