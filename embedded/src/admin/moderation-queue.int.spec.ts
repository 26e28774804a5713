import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hackathonFormFixture } from '@circuit/command-service/hackathons/hackathon-form-fixture';
import { createTestApp, type TestApp } from '../testing/test-app';

type Member = Awaited<ReturnType<TestApp['member']>>;
const DAY = 86_400_000;
const q = (v: unknown) => JSON.stringify(v);

/** The console's moderation queue through the whole app: what is pending, the preview, approve, reject, bad input. */
describe('moderation queue', () => {
  let t: TestApp;
  let organiser: Member;
  let moderator: Member;
  const ids: Record<'old' | 'fresh' | 'other', string> = { old: '', fresh: '', other: '' };

  beforeAll(async () => {
    t = await createTestApp();
    [organiser, moderator] = await Promise.all([t.member(), t.member('moderator')]);
    const create = async (overrides: Record<string, unknown>) =>
      (await organiser.agent.post('/api/hackathons').send(hackathonFormFixture(t.clock.now(), overrides)).expect(201)).body.data.id as string;
    ids.old = await create({ title: 'Old Monsoon Hack', description: '<p>Bring <em>your</em> laptop</p>' });
    t.clock.advance(3 * DAY);
    ids.fresh = await create({ title: 'Fresh Winter Hack' });
    ids.other = await create({ title: 'Another Hack' });
  });
  afterAll(async () => t?.stop());

  const queue = (filter: object = {}, sort: [string, string] = ['submittedAt', 'ASC']) =>
    moderator.agent.get('/api/admin/moderation').query({ filter: q(filter), sort: q(sort), range: q([0, 24]) });

  it('lists pending listings oldest first with the organiser, the public path and a preview', async () => {
    const res = await queue().expect(200);
    expect(res.headers['content-range']).toBe('moderation 0-2/3');
    expect(res.body.map((r: { title: string }) => r.title)).toEqual(['Old Monsoon Hack', 'Fresh Winter Hack', 'Another Hack']);
    const first = res.body[0];
    expect(first).toMatchObject({
      id: ids.old,
      type: 'hackathon',
      organiserId: organiser.userId,
      organiserUsername: organiser.username,
      approvePath: `/api/admin/hackathons/${ids.old}/approve`,
      rejectPath: `/api/admin/hackathons/${ids.old}/reject`,
    });
    expect(first.publicPath).toBe(`/hackathons/${first.slug}`);
    expect(first.preview.descriptionHtml).toBe('<p>Bring <em>your</em> laptop</p>');
    expect(first.preview.facts).toContainEqual({ label: 'Where', value: 'Bengaluru, Karnataka, India' });
  });

  it('filters by type and by age', async () => {
    expect((await queue({ minAgeDays: 2 }).expect(200)).body.map((r: { id: string }) => r.id)).toEqual([ids.old]);
    expect((await queue({ type: 'hackathon' }).expect(200)).body).toHaveLength(3);
    const unknown = await queue({ type: 'podcast' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/type must be one of: hackathon/);
  });

  it('shows one pending listing; a listing not waiting for review is 404', async () => {
    expect((await moderator.agent.get(`/api/admin/moderation/${ids.fresh}`).expect(200)).body.title).toBe('Fresh Winter Hack');
    const gone = await moderator.agent.get('/api/admin/moderation/00000000-0000-4000-8000-000000000000');
    expect(gone.status).toBe(404);
  });

  it('approve takes a listing out of the queue and makes it public; the event names the moderator', async () => {
    await moderator.agent.post(`/api/admin/hackathons/${ids.fresh}/approve`).send({}).expect(200);
    expect((await queue().expect(200)).body.map((r: { id: string }) => r.id)).toEqual([ids.old, ids.other]);
    const events = await t.store.readStream(`hackathon-${ids.fresh}`);
    expect(events.at(-1)).toMatchObject({ type: 'HackathonApproved', data: { byUserId: moderator.userId } });
  });

  it('reject needs a reason, records it with the moderator, and the organiser sees it; approving it afterwards is refused', async () => {
    const before = await t.store.headPosition();
    const blank = await moderator.agent.post(`/api/admin/hackathons/${ids.other}/reject`).send({ reason: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('A reason is required');
    expect(await t.store.headPosition()).toEqual(before);

    await moderator.agent.post(`/api/admin/hackathons/${ids.other}/reject`).send({ reason: 'Add the venue' }).expect(200);
    const events = await t.store.readStream(`hackathon-${ids.other}`);
    expect(events.at(-1)).toMatchObject({ type: 'HackathonRejected', data: { byUserId: moderator.userId, reason: 'Add the venue' } });
    expect((await queue().expect(200)).body.map((r: { id: string }) => r.id)).toEqual([ids.old]);
    const mine = await organiser.agent.get('/api/hackathons/my-hackathons').expect(200);
    expect(JSON.stringify(mine.body)).toContain('"rejectionReason":"Add the venue"');

    const again = await moderator.agent.post(`/api/admin/hackathons/${ids.other}/approve`).send({});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This hackathon was rejected; it cannot be approved');
  });
});
