import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queriesDuring } from '@circuit/shared/testkit/queries';
import { appWithMembers, type Member, type TestApp } from '@circuit/embedded/testing/test-app';
import { createdListing, expectFormsRefused, sharedListingRuleCases } from '../listings/listing-fixtures.testkit';
import { hackathonFormFixture } from './hackathon-form-fixture';

/** The hackathon listing calls of spec 2 section 7 through the embedded app: writes, moderation, and the queries. */

const DAY = 86_400_000;

/** The organiser's mail about a review, once the process manager has sent it. */
async function mailAbout(t: TestApp, to: string, subject: RegExp) {
  for (let i = 0; i < 100; i++) {
    const mail = (await t.mailbox!.list({ to })).find((m) => subject.test(m.subject));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail to ${to} matching ${subject}`);
}

/** The shared fixture with a link in the description, which the create test expects the sanitiser to defuse. */
const form = (t: TestApp, overrides: Record<string, unknown> = {}) =>
  hackathonFormFixture(t.clock.now(), { description: '<p>Build <a href="javascript:alert(1)" class="x">things</a>.</p>', ...overrides });

describe('hackathon listing routes', () => {
  let t: TestApp;
  let organiser: Member, moderator: Member, stranger: Member;
  beforeAll(async () => ({ t, members: [organiser, moderator, stranger] } = await appWithMembers(['user', 'moderator', 'user'])));
  afterAll(async () => t?.stop());

  const listed = (overrides: Record<string, unknown> = {}) => createdListing('hackathons', form(t, overrides), organiser, moderator);

  it('answers the first broken rule of section 5 in the spec’s order and stores nothing', async () => {
    const head = await t.store.headPosition();
    await expectFormsRefused((overrides) => organiser.agent.post('/api/hackathons').send(form(t, overrides)), [
      ...sharedListingRuleCases,
      [{ eligibilityCriteria: '' }, 'Eligibility criteria is required'],
      [{ categories: [] }, 'At least one category is required'],
      [{ location: { type: 'offline', country: 'India', state: '', address: 'x' } }, 'State is required'],
      [{ teamSettings: { minMembers: 0, maxMembers: 4 } }, 'Minimum team members must be at least 1'],
      [{ teamSettings: { minMembers: 3, maxMembers: 2 } }, 'Maximum team members must be greater than or equal to minimum team members'],
      [{ teamSettings: { minMembers: 1, maxMembers: 21 } }, 'Maximum team members cannot exceed 20'],
    ]);
    await organiser.agent.post('/api/hackathons').send(form(t, { categories: ['nonsense'] })).expect(400);
    await organiser.agent.post('/api/hackathons').send(form(t, { maxParticipants: 'many' })).expect(400);
    expect(await t.store.headPosition()).toBe(head);
  });

  it('creates pending (sanitised), shows it only to its creator and staff until approved, then to everyone', async () => {
    const res = await organiser.agent.post('/api/hackathons').send(form(t)).expect(201);
    const { id, username } = res.body.data;
    const own = (await organiser.agent.get(`/api/hackathons/username/${username}`).expect(200)).body.data;
    expect(own.status).toBe('pending');
    expect(own.description).toBe('<p>Build <a rel="noopener noreferrer nofollow" target="_blank">things</a>.</p>');
    expect((await stranger.agent.get(`/api/hackathons/username/${username}`).expect(403)).body.message).toBe('Not Available');
    await t.request().get(`/api/hackathons/${id}`).expect(403);
    await moderator.agent.get(`/api/hackathons/${id}`).expect(200);
    await t.request().get('/api/hackathons/username/no-such-hackathon').expect(404, { success: false, message: 'Hackathon not found' });

    await stranger.agent.post(`/api/admin/hackathons/${id}/approve`).send({}).expect(403);
    await moderator.agent.post(`/api/admin/hackathons/${id}/reject`).send({}).expect(400);
    await moderator.agent.post(`/api/admin/hackathons/${id}/reject`).send({ reason: 'Add the venue' }).expect(200);
    const mine = (await organiser.agent.get('/api/hackathons/my-hackathons').expect(200)).body.data;
    expect(mine.find((h: { id: string }) => h.id === id)).toMatchObject({ status: 'rejected', rejectionReason: 'Add the venue' });
    expect((await mailAbout(t, organiser.email, /needs changes/)).text).toContain('Add the venue');
    // A rejection stands until the organiser edits the listing, which sends it back for review.
    await moderator.agent.post(`/api/admin/hackathons/${id}/approve`).send({}).expect(409);
    await organiser.agent.put(`/api/hackathons/${id}`).send(form(t, { username })).expect(200);
    const resubmitted = (await organiser.agent.get('/api/hackathons/my-hackathons').expect(200)).body.data;
    expect(resubmitted.find((h: { id: string }) => h.id === id)).toMatchObject({ status: 'pending', rejectionReason: null });
    await moderator.agent.post(`/api/admin/hackathons/${id}/approve`).send({}).expect(200);
    expect((await mailAbout(t, organiser.email, /is live on Circuit/)).text).toContain(`/hackathons/${username}`);
    let notes: { type: string; message: string; link?: string }[] = [];
    for (let i = 0; i < 100 && notes.filter((n) => n.type.startsWith('hackathon_')).length < 2; i++) {
      notes = (await organiser.agent.get('/api/users/notifications').expect(200)).body.data;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(notes.filter((n) => n.type.startsWith('hackathon_')).map((n) => [n.type, n.link])).toEqual([
      ['hackathon_approved', `/hackathons/${username}`],
      ['hackathon_rejected', `/hackathons/${username}/edit`],
    ]);
    expect(notes.find((n) => n.type === 'hackathon_rejected')?.message).toContain('was not approved: Add the venue');
    const open = (await t.request().get(`/api/hackathons/username/${username}`).expect(200)).body.data;
    expect(open).toMatchObject({ status: 'accepted', rejectionReason: null, currentParticipants: 0, phase: 'registration_open', displayStatus: 'Upcoming' });
  });

  it('edits for the creator only, username locked; deletes and frees the username', async () => {
    const { id, username } = await listed();
    await stranger.agent.put(`/api/hackathons/${id}`).send(form(t, { username })).expect(403, { success: false, message: 'You are not authorized to edit this hackathon' });
    const edited = await organiser.agent.put(`/api/hackathons/${id}`).send(form(t, { username: 'renamed-x', title: 'Renamed', maxParticipants: 0 })).expect(200);
    expect(edited.body).toMatchObject({ message: 'Hackathon updated successfully!', data: { username } });
    const detail = (await t.request().get(`/api/hackathons/${id}`).expect(200)).body.data;
    expect(detail).toMatchObject({ title: 'Renamed', username, maxParticipants: 100 });

    expect((await t.request().get(`/api/hackathons/check-username/${username}`).expect(200)).body.data).toEqual({ available: false, message: 'Username is not available. Please choose a different username.' });
    await organiser.agent.post('/api/hackathons').send(form(t, { username: username.toUpperCase() })).expect(409);
    await organiser.agent.delete(`/api/hackathons/${id}`).expect(200);
    await t.request().get(`/api/hackathons/${id}`).expect(404);
    expect((await t.request().get(`/api/hackathons/check-username/${username}`).expect(200)).body.data.available).toBe(true);
    expect((await t.request().get('/api/hackathons/check-username/ab').expect(200)).body.data.message).toBe('Username must be between 3 and 30 characters');
  });

  it("takes takeRegistrations as the spec's string ('false', 'pending', 'true') as well as a boolean, on create and on edit", async () => {
    const stored = async (id: string) => (await organiser.agent.get(`/api/hackathons/${id}`).expect(200)).body.data.takeRegistrations;
    const { id } = (await organiser.agent.post('/api/hackathons').send(form(t, { takeRegistrations: 'pending' })).expect(201)).body.data;
    expect(await stored(id)).toBe('pending');
    const username = (await organiser.agent.get(`/api/hackathons/${id}`)).body.data.username;
    await organiser.agent.put(`/api/hackathons/${id}`).send(form(t, { username, takeRegistrations: 'false' })).expect(200);
    expect(await stored(id)).toBe('false');
    // 'true' asks as a tick does: the platform's own 'true' is not the organiser's to give.
    await organiser.agent.put(`/api/hackathons/${id}`).send(form(t, { username, takeRegistrations: 'true' })).expect(200);
    expect(await stored(id)).toBe('pending');
    await organiser.agent.put(`/api/hackathons/${id}`).send(form(t, { username, takeRegistrations: false })).expect(200);
    expect(await stored(id)).toBe('false');
    await organiser.agent.post('/api/hackathons').send(form(t, { takeRegistrations: 'yes' })).expect(400);
  });

  it('of two simultaneous creates with one username exactly one wins', async () => {
    const body = form(t);
    const results = await Promise.all([organiser.agent.post('/api/hackathons').send(body), stranger.agent.post('/api/hackathons').send(body)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it('filters on the server, pages with a cursor and refuses unknown filter values', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const made = [];
    for (let i = 0; i < 5; i++) {
      made.push(
        await listed({
          title: `${tag} Sprint ${i}`,
          technologies: i % 2 ? ['Rust'] : ['Go'],
          pricing: i < 2 ? { type: 'paid', amount: 100, currency: 'INR' } : { type: 'free' },
          location: i === 4 ? { type: 'online', country: 'Japan' } : { type: 'offline', country: 'India', state: 'Kerala', address: 'Kochi' },
        }),
      );
    }
    const get = (query: Record<string, string | number>) => t.request().get('/api/hackathons').query({ search: tag, ...query }).expect(200);
    expect((await get({})).body.total).toBe(5);
    expect((await get({ registrationFees: 'paid' })).body.total).toBe(2);
    expect((await get({ theme: 'rust' })).body.total).toBe(2);
    expect((await get({ country: 'International' })).body.data.map((h: { id: string }) => h.id)).toEqual([made[4]!.id]);
    expect((await get({ country: 'India', state: 'Kerala', location: 'offline' })).body.total).toBe(4);
    expect((await get({ status: 'registration_open', dateRange: 'expired' })).body.total).toBe(0);
    expect((await t.request().get('/api/hackathons').query({ search: tag.slice(0, 5) }).expect(200)).body.total).toBeGreaterThanOrEqual(5);

    const first = (await get({ limit: 2 })).body;
    const second = (await get({ limit: 2, cursor: first.nextCursor })).body;
    const third = (await get({ limit: 2, cursor: second.nextCursor })).body;
    const ids = [...first.data, ...second.data, ...third.data].map((h: { id: string }) => h.id);
    expect(new Set(ids).size).toBe(5);
    expect(third.nextCursor).toBeNull();

    for (const query of [{ category: 'nonsense' }, { status: 'soon' }, { limit: 500 }, { cursor: 'garbage' }, { country: 'Mars' }]) {
      const res = await t.request().get('/api/hackathons').query(query);
      expect(res.status).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
  });

  it('saves and unsaves accepted hackathons only', async () => {
    const { id } = await listed();
    await stranger.agent.post(`/api/users/save-hackathon/${id}`).expect(200);
    await stranger.agent.post(`/api/users/save-hackathon/${id}`).expect(200);
    expect((await stranger.agent.get('/api/users/saved-hackathons').expect(200)).body.data.map((h: { id: string }) => h.id)).toEqual([id]);
    await stranger.agent.delete(`/api/users/save-hackathon/${id}`).expect(200);
    expect((await stranger.agent.get('/api/users/saved-hackathons').expect(200)).body.data).toEqual([]);
    const pending = (await organiser.agent.post('/api/hackathons').send(form(t)).expect(201)).body.data;
    await stranger.agent.post(`/api/users/save-hackathon/${pending.id}`).expect(404);
    await t.request().post(`/api/users/save-hackathon/${id}`).expect(401);
  });

  it("answers signed-out visitors from one cached detail that follows every change to it: an edit, a sponsor, the organiser's suspension", async () => {
    const host = await t.member('user');
    const { id, username } = await createdListing('hackathons', form(t), host, moderator);
    const paths = [`/api/hackathons/${id}`, `/api/hackathons/username/${username}`];
    const anonymous = async () => Promise.all(paths.map(async (path) => (await t.request().get(path).expect(200)).body.data));
    expect((await anonymous()).map((d) => d.id)).toEqual([id, id]);
    expect(await queriesDuring(t.knex, anonymous)).toBe(0);
    // Signed in, a viewer is answered for themselves (what they may manage), not from the visitors' answer.
    expect(await queriesDuring(t.knex, () => host.agent.get(paths[0]!).expect(200))).toBeGreaterThan(0);

    await host.agent.put(`/api/hackathons/${id}`).send(form(t, { username, title: 'Cached no more' })).expect(200);
    expect((await anonymous()).map((d) => d.title)).toEqual(['Cached no more', 'Cached no more']);
    await host.agent.post(`/api/hackathons/${id}/sponsors`).send({ name: 'Acme', tier: 'gold' }).expect(201);
    expect((await anonymous()).map((d) => d.sponsors.map((s: { name: string }) => s.name))).toEqual([['Acme'], ['Acme']]);
    await moderator.agent.post(`/api/admin/users/${host.userId}/suspend`).send({ reason: 'Spam listings' }).expect(200);
    for (const path of paths) expect((await t.request().get(path).expect(403)).body.message).toBe('Not Available');
  });

  // Last in the file: it moves the shared clock.
  it('lists and details a hackathon in its new phase the moment its registration deadline passes, though no read model moved', async () => {
    const title = `Phaseclock ${Date.now().toString(36)}`;
    const now = t.clock.now().getTime();
    const dates = { registrationDeadline: new Date(now + 30_000).toISOString(), startDate: new Date(now + 7 * DAY).toISOString(), endDate: new Date(now + 9 * DAY).toISOString() };
    const { username } = await listed({ title, dates });
    const list = async () => (await t.request().get('/api/hackathons').query({ search: title }).expect(200)).body.data.find((h: { username: string }) => h.username === username);
    // A signed-out visitor's detail is cached as the list is.
    const detail = async () => (await t.request().get(`/api/hackathons/username/${username}`).expect(200)).body.data;
    for (const card of [list, detail]) expect(await card()).toMatchObject({ phase: 'registration_open', displayStatus: 'Upcoming' });
    // Well inside the time a list without clock-bound filters is cached for.
    t.clock.advance(29_000);
    for (const card of [list, detail]) expect(await card()).toMatchObject({ phase: 'registration_open' });
    t.clock.advance(1_001);
    for (const card of [list, detail]) expect(await card()).toMatchObject({ phase: 'registration_closed', displayStatus: 'Upcoming' });
  });
});
