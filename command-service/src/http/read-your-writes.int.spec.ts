import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ReadModelProgress } from '@circuit/shared/projections/progress';
import { waitFor } from '@circuit/shared/testkit/wait';
import { createTestApp, type Agent, type TestApp } from '@circuit/embedded/testing/test-app';

/** Issue 7.4: when read-your-writes runs out, a command answers 202 with the id and where to poll, never a 404. */

const PROJECT = { title: 'Slow Lane', description: 'Created while the read models lag', technologies: ['Go'] };

describe('read-your-writes that runs out of time', () => {
  let t: TestApp;
  let owner: { agent: Agent; userId: string };
  beforeAll(async () => {
    t = await createTestApp();
    const user = t.newUser();
    const { userId } = await t.embedded.commands.accounts.register({ ...user, emailVerified: true }, {});
    const agent = t.request();
    await agent.post('/api/auth/login').send({ identifier: user.username, password: user.password }).expect(200);
    owner = { agent, userId };
  });
  afterAll(async () => {
    await t?.stop();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** The read models "never" catch up within the bound, as under a slow projection. */
  const lagging = () => vi.spyOn(ReadModelProgress.prototype, 'waitFor').mockResolvedValue(false);

  it('a create answers 202 with the id and a Location that shows the item once it is there', async () => {
    lagging();
    const res = await owner.agent.post('/api/users/projects').send(PROJECT);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ success: true, message: 'Project added successfully!', data: { id: expect.stringMatching(/^[0-9a-f-]{36}$/) } });
    const id = res.body.data.id as string;
    expect(res.headers.location).toBe(`/api/users/projects/${id}`);
    vi.restoreAllMocks();

    // The item was created: polling its Location finds it (the projection runs on).
    let found: { status: number; body: { data?: { id: string; title: string } } } | undefined;
    await waitFor(async () => {
      found = await owner.agent.get(res.headers.location!);
      return found.status === 200;
    }, { message: 'the project at its Location' });
    expect(found!.body.data).toMatchObject({ id, title: 'Slow Lane' });
    const events = await t.store.readStream(`project-${id}`);
    expect(events.map((e) => e.type)).toEqual(['ProjectCreated']);
  });

  it('an update, a like and a comment answer 202 with the project to poll; a delete answers 202 without one', async () => {
    const created = await owner.agent.post('/api/users/projects').send(PROJECT).expect(201);
    const id = created.body.data.id as string;
    lagging();
    const update = await owner.agent.put(`/api/users/projects/${id}`).send({ ...PROJECT, title: 'Renamed' });
    expect([update.status, update.headers.location, update.body.data]).toEqual([202, `/api/users/projects/${id}`, { id }]);
    const like = await owner.agent.post(`/api/users/projects/${id}/like`);
    expect([like.status, like.body.message, like.headers.location]).toEqual([202, 'Project liked', `/api/users/projects/${id}`]);
    const comment = await owner.agent.post(`/api/users/projects/${id}/comments`).send({ text: 'First!' });
    expect(comment.status).toBe(202);
    expect(comment.body.data).toEqual({ id, commentId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const removed = await owner.agent.delete(`/api/users/projects/${id}`);
    expect([removed.status, removed.headers.location, removed.body.data]).toEqual([202, undefined, { _id: id, id }]);
  });

  it('a profile update answers 202 with the profile to poll', async () => {
    lagging();
    const res = await owner.agent.put('/api/users/profile').send({ firstName: 'Asha', lastName: 'Rao', tagline: 'Catching up', country: 'India', state: 'Kerala', address: 'MG Road' });
    expect(res.status).toBe(202);
    expect(res.body.data).toEqual({ id: owner.userId });
    expect(res.headers.location).toBe('/api/auth/me');
  });

  it('a 202 is what a repeated Idempotency-Key answers too, Location included', async () => {
    lagging();
    const key = crypto.randomUUID();
    const first = await owner.agent.post('/api/users/projects').set('Idempotency-Key', key).send(PROJECT).expect(202);
    vi.restoreAllMocks();
    const again = await owner.agent.post('/api/users/projects').set('Idempotency-Key', key).send(PROJECT).expect(202);
    expect(again.body).toEqual(first.body);
    expect(again.headers.location).toBe(first.headers.location);
  });

  it('GET /api/users/projects/:id answers 404 for a project that does not exist', async () => {
    await owner.agent.get(`/api/users/projects/${crypto.randomUUID()}`).expect(404, { success: false, message: 'Project not found' });
    await owner.agent.get('/api/users/projects/not-an-id').expect(404);
  });
});
