import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

type Member = Awaited<ReturnType<TestApp['member']>>;
const q = (v: unknown) => JSON.stringify(v);

/** 'Report user' feeds the console's reports queue; staff resolve or dismiss each once, with a note. */
describe('reports queue', () => {
  let t: TestApp;
  let moderator: Member;
  let asha: Member;
  let spammer: Member;

  beforeAll(async () => {
    t = await createTestApp();
    [moderator, asha, spammer] = await Promise.all([t.member('moderator'), t.member(), t.member()]);
  });
  afterAll(async () => t?.stop());

  const open = async () => (await moderator.agent.get('/api/admin/reports').query({ filter: q({ status: 'open' }) }).expect(200)).body as { id: string; reason: string; reporterUsername: string; targetUsername: string }[];

  it('lists a report as soon as it is filed, with who reported whom', async () => {
    await asha.agent.post(`/api/users/report/${spammer.userId}`).send({ reason: 'Sends the same link to everyone' }).expect(200);
    const reports = await open();
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ reason: 'Sends the same link to everyone', reporterUsername: asha.username, targetUsername: spammer.username, status: 'open', note: null });
  });

  it('resolves with a note once; a second close is refused; the note and the moderator are recorded', async () => {
    const [report] = await open();
    const blank = await moderator.agent.post(`/api/admin/reports/${report!.id}/resolve`).send({ note: '' });
    expect([blank.status, blank.body.message]).toEqual([400, 'A note is required']);
    await moderator.agent.post(`/api/admin/reports/${report!.id}/resolve`).send({ note: 'Warned the user' }).expect(200);
    expect(await open()).toEqual([]);
    const shown = (await moderator.agent.get(`/api/admin/reports/${report!.id}`).expect(200)).body;
    expect(shown).toMatchObject({ status: 'resolved', note: 'Warned the user', handledBy: moderator.userId });
    const again = await moderator.agent.post(`/api/admin/reports/${report!.id}/dismiss`).send({ note: 'x' });
    expect([again.status, again.body.message]).toEqual([409, 'This report was already resolved']);
    expect((await moderator.agent.post('/api/admin/reports/no-such-report/dismiss').send({ note: 'x' })).status).toBe(404);
  });

  it('dismisses another', async () => {
    await spammer.agent.post(`/api/users/report/${asha.userId}`).send({ reason: 'Revenge' }).expect(200);
    const [report] = await open();
    await moderator.agent.post(`/api/admin/reports/${report!.id}/dismiss`).send({ note: 'Not a violation' }).expect(200);
    const dismissed = (await moderator.agent.get('/api/admin/reports').query({ filter: q({ status: 'dismissed' }) }).expect(200)).body;
    expect(dismissed.map((r: { reason: string }) => r.reason)).toEqual(['Revenge']);
  });
});
