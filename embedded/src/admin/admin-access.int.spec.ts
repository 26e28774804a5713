import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisersMayUse, rolesFor } from '@circuit/shared/admin/access';
import { hackathonFormFixture } from '@circuit/command-service/hackathons/hackathon-form-fixture';
import { createTestApp, type Agent, type TestApp } from '../testing/test-app';
import { expressRoutes } from '../testing/express-routes';

/**
 * Every /api/admin route of the composed app, read from its router (so a route added later is in
 * this test without anyone listing it), called by each kind of account.
 */
const SOME_ID = '00000000-0000-4000-8000-000000000000';
type Who = 'user' | 'organiser' | 'moderator' | 'auditor' | 'admin';

describe('admin API access by role', () => {
  let t: TestApp;
  let routes: { method: string; path: string }[];
  const agents = {} as Record<Who, Agent>;

  beforeAll(async () => {
    t = await createTestApp();
    const [user, organiser, moderator, auditor, admin] = await Promise.all([t.member(), t.member(), t.member('moderator'), t.member('auditor'), t.member('admin')]);
    // An organiser is whoever created a listing, not a role.
    await organiser.agent.post('/api/hackathons').send(hackathonFormFixture(t.clock.now())).expect(201);
    Object.assign(agents, { user: user.agent, organiser: organiser.agent, moderator: moderator.agent, auditor: auditor.agent, admin: admin.agent });
    routes = [...expressRoutes(t.app)]
      .map((r) => {
        const [method, path] = r.split(' ') as [string, string];
        return { method, path };
      })
      .filter((r) => r.path.startsWith('/api/admin/'));
  });
  afterAll(async () => t?.stop());

  const call = (agent: Agent, route: { method: string; path: string }) => {
    const url = route.path.replace(/\{\w+\}/g, SOME_ID);
    const request = (agent as unknown as Record<string, (url: string) => ReturnType<Agent['get']>>)[route.method]!(url);
    return route.method === 'get' ? request : request.send({});
  };

  it('finds the admin routes of both services', () => {
    const names = routes.map((r) => `${r.method} ${r.path}`);
    expect(names).toEqual(expect.arrayContaining(['get /api/admin/users', 'get /api/admin/moderation', 'post /api/admin/hackathons/{id}/approve', 'post /api/admin/hackathons/{id}/reject']));
  });

  it('answers 403 to a plain user on every admin route, and to an organiser on all but their participants, and records nothing', async () => {
    const head = await t.store.headPosition();
    for (const who of ['user', 'organiser'] as const) {
      for (const route of routes) {
        const res = await call(agents[who], route);
        const openToThem = who === 'organiser' && organisersMayUse(route.method, route.path.slice('/api/admin'.length));
        const outcome = res.status === 403 && res.body.message === 'You do not have access to the admin console' ? 'refused' : 'let through';
        expect({ who, route: `${route.method} ${route.path}`, outcome }).toEqual({ who, route: `${route.method} ${route.path}`, outcome: openToThem ? 'let through' : 'refused' });
      }
    }
    expect(await t.store.headPosition()).toEqual(head);
  });

  it('opens exactly the participants routes to organisers', () => {
    const open = routes.filter((r) => organisersMayUse(r.method, r.path.slice('/api/admin'.length))).map((r) => `${r.method} ${r.path}`);
    expect(open.sort()).toEqual(['get /api/admin/participant-listings', 'get /api/admin/participants']);
  });

  it('lets each staff role through exactly the routes the policy gives it', async () => {
    for (const who of ['moderator', 'auditor', 'admin'] as const) {
      for (const route of routes) {
        const allowed = rolesFor(route.method, route.path.slice('/api/admin'.length)).includes(who);
        const res = await call(agents[who], route);
        const outcome = res.status === 403 && res.body.message === 'You do not have access to the admin console' ? 'refused' : 'let through';
        expect({ who, route: `${route.method} ${route.path}`, outcome }).toEqual({ who, route: `${route.method} ${route.path}`, outcome: allowed ? 'let through' : 'refused' });
      }
    }
  });

  it('gives the moderation queue and users to moderators and admins, not to auditors', async () => {
    for (const path of ['/api/admin/moderation', '/api/admin/users']) {
      expect((await agents.moderator.get(path)).status).toBe(200);
      expect((await agents.admin.get(path)).status).toBe(200);
      expect((await agents.auditor.get(path)).status).toBe(403);
    }
  });

  it('answers 401 to a signed-out visitor', async () => {
    for (const route of routes) expect((await call(t.request(), route)).status).toBe(401);
  });
});
