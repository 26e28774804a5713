import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendListedHackathon } from '@circuit/command-service/hackathon-registrations/hackathon-fixtures';
import type { AuditJudging, AuditJudgingDetail } from '@circuit/shared/api/admin-judging';
import type { JudgingStandings } from '@circuit/shared/api/hackathon-judging';
import { toNewEvents } from '@circuit/shared/commands/decider';
import { hackathonJudgingStream, type JudgingSetup } from '@circuit/shared/events/hackathon-judging';
import { hackathonProjectStream } from '@circuit/shared/events/hackathon-projects';
import { appWithMembers, type Member, type TestApp } from '../testing/test-app';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const setup: JudgingSetup = {
  submissionDeadline: '',
  tracks: [],
  criteria: [{ id: 'c1', name: 'Impact', description: '', weight: 1, scale: 10 }],
  galleryOpen: true,
  voting: { enabled: false, opensAt: null, closesAt: null, perTrack: false },
  assignment: { mode: 'all', judgesPerProject: 1, trackJudges: {} },
};

/** The raw places of the overall ranking, by project title. */
const rawPlaces = (standings: JudgingStandings) => Object.fromEntries(standings.tracks.find((t) => t.trackId === null)!.rows.map((r) => [r.title, r.raw.place]));

/** The console's judging audit: score events straight from the judges' streams, the standings replayed at any of them. */
describe('audit of judging', () => {
  let t: TestApp;
  let organiser: Member, judgeA: Member, judgeB: Member, auditor: Member, admin: Member, moderator: Member, plain: Member;
  let hackathonId = '';
  let publishedAt = '';
  const url = (path: string) => `/api/hackathons/${hackathonId}${path}`;

  beforeAll(async () => {
    let members: Member[];
    ({ t, members } = await appWithMembers(['user', 'user', 'user', 'auditor', 'admin', 'moderator', 'user', 'user', 'user', 'user']));
    const [o, a, b, au, ad, mo, pl, ...entrants] = members as [Member, Member, Member, Member, Member, Member, Member, ...Member[]];
    [organiser, judgeA, judgeB, auditor, admin, moderator, plain] = [o, a, b, au, ad, mo, pl];
    const now = t.clock.now();
    ({ hackathonId } = await appendListedHackathon(t.store, { createdBy: organiser.userId, minMembers: 1, takeRegistrations: 'true', now, username: 'audited-hack' }));
    for (const who of entrants) await who.agent.post(url('/register')).send({}).expect(201);
    const at = now.toISOString();
    for (const [i, who] of entrants.entries()) {
      const version = { title: `P${i + 1}`, tagline: `P${i + 1} in a line`, description: '<p>x</p>', builtWith: [], links: { repository: '', demo: '', video: '' }, videoEmbedUrl: null, images: [], trackIds: [], fromPortfolioProjectId: null };
      const event = { type: 'HackathonProjectSubmitted', data: { hackathonId, projectId: who.userId, at, byUserId: who.userId, entrant: 'solo', teamName: null, version, memberIds: [who.userId] } };
      await t.store.append(hackathonProjectStream(hackathonId, who.userId), toNewEvents([event], { userId: who.userId }, at), 'no_stream');
    }
    const ids = entrants.map((e) => e.userId);
    const by = { hackathonId, at, byUserId: organiser.userId };
    const judging = [
      { type: 'HackathonJudgingSetupSaved', data: { ...by, setup } },
      ...[judgeA, judgeB].map((j) => ({ type: 'HackathonJudgeInvited', data: { ...by, judgeUserId: j.userId } })),
      { type: 'HackathonProjectsAssigned', data: { ...by, mode: 'all', assignments: { [judgeA.userId]: ids, [judgeB.userId]: ids } } },
    ];
    await t.store.append(hackathonJudgingStream(hackathonId), toNewEvents(judging, { userId: organiser.userId }, at), 'no_stream');
    await t.caughtUp();

    // Raw: P1 (8, 6) 7, P2 (6, 7) 6.5, P3 (4, 5) 4.5.
    const sheets: [Member, number[]][] = [
      [judgeA, [8, 6, 4]],
      [judgeB, [6, 7, 5]],
    ];
    for (const [judge, values] of sheets) {
      for (const [i, value] of values.entries()) {
        t.clock.advance(MINUTE);
        await judge.agent.put(url(`/projects/${ids[i]}/scores`)).send({ criterionId: 'c1', value }).expect(200);
      }
    }
    t.clock.advance(MINUTE);
    await organiser.agent.post(url('/results/publish')).send({ winners: [{ prize: 'Grand prize', trackId: null, place: 1, projectId: ids[0] }] }).expect(200);
    const published = (await t.store.readStream(hackathonJudgingStream(hackathonId))).find((e) => e.type === 'HackathonWinnersPublished')!;
    publishedAt = new Date((published.data as { at: string }).at).toISOString();
    // A late correction, an hour after the publication: judge A raises P3 from 4 to 10 (P3 then 7.5, first).
    t.clock.advance(HOUR);
    await judgeA.agent.put(url(`/projects/${ids[2]}/scores`)).send({ criterionId: 'c1', value: 10 }).expect(200);
    await t.caughtUp();
  }, 180_000);
  afterAll(async () => t?.stop());

  it('is for auditors and admins; a plain user, a moderator and a visitor are refused', async () => {
    for (const who of [auditor, admin]) await who.agent.get('/api/admin/audit/judging').expect(200);
    for (const who of [plain, moderator, organiser, judgeA]) {
      await who.agent.get('/api/admin/audit/judging').expect(403);
      await who.agent.get(`/api/admin/audit/judging/${hackathonId}`).expect(403);
      await who.agent.get(`/api/admin/audit/judging/${hackathonId}/standings`).query({ at: publishedAt }).expect(403);
    }
    await t.request().get(`/api/admin/audit/judging/${hackathonId}`).expect(401);
  });

  it('lists the hackathons with judging, with what was scored', async () => {
    const res = await auditor.agent.get('/api/admin/audit/judging').query({ filter: JSON.stringify({ q: 'audited' }), range: '[0,24]' }).expect(200);
    expect(res.headers['content-range']).toBe('audit/judging 0-0/1');
    const [record] = res.body as AuditJudging[];
    expect(record).toMatchObject({ id: hackathonId, username: 'audited-hack', criteria: 1, projects: 3, judges: 2, scores: 6 });
    await auditor.agent.get('/api/admin/audit/judging').query({ sort: '["judges","ASC"]' }).expect(400);
    await auditor.agent.get('/api/admin/audit/judging/no-such-hackathon').expect(404);
  });

  it('shows every score event from the store, the correction marked as after the publication, and the standings before and after it', async () => {
    const detail = (await auditor.agent.get(`/api/admin/audit/judging/${hackathonId}`).expect(200)).body as AuditJudgingDetail;
    expect(detail.timeline).toHaveLength(7);
    expect(detail.timeline.map((e) => [e.judgeUsername, e.projectTitle, e.criterionName, e.oldValue, e.newValue])).toEqual([
      [judgeA.username, 'P1', 'Impact', null, 8],
      [judgeA.username, 'P2', 'Impact', null, 6],
      [judgeA.username, 'P3', 'Impact', null, 4],
      [judgeB.username, 'P1', 'Impact', null, 6],
      [judgeB.username, 'P2', 'Impact', null, 7],
      [judgeB.username, 'P3', 'Impact', null, 5],
      [judgeA.username, 'P3', 'Impact', 4, 10],
    ]);
    const correction = detail.timeline.at(-1)!;
    expect(correction).toMatchObject({ type: 'HackathonScoreChanged', afterPublication: true, scale: 10 });
    expect(detail.timeline.slice(0, 6).every((e) => !e.afterPublication)).toBe(true);
    expect(detail.moments.map((m) => m.kind)).toEqual(expect.arrayContaining(['published', 'last-score']));
    expect(detail.moments.find((m) => m.kind === 'published')!.at).toBe(publishedAt);
    expect(rawPlaces(detail.current)).toEqual({ P3: 1, P1: 2, P2: 3 });

    const standings = async (at: string) => (await auditor.agent.get(`/api/admin/audit/judging/${hackathonId}/standings`).query({ at }).expect(200)).body as JudgingStandings;
    // At the publication (the close of judging): P1, P2, P3 as published.
    const atClose = await standings(publishedAt);
    expect(atClose).toMatchObject({ at: publishedAt, scoreEvents: 6, judges: 2, scores: 6 });
    expect(rawPlaces(atClose)).toEqual({ P1: 1, P2: 2, P3: 3 });
    // At the correction's own instant it counts; a millisecond before, it does not.
    const after = await standings(correction.at);
    expect(after.scoreEvents).toBe(7);
    expect(rawPlaces(after)).toEqual({ P3: 1, P1: 2, P2: 3 });
    expect(after.tracks).toEqual(detail.current.tracks);
    const before = await standings(new Date(Date.parse(correction.at) - 1).toISOString());
    expect(before.tracks).toEqual(atClose.tracks);
    // The organiser's replay answers the same from the same function.
    const organisers = (await organiser.agent.get(url('/judging/standings')).query({ at: publishedAt }).expect(200)).body.data as JudgingStandings;
    expect(organisers).toEqual(atClose);
    // After only the first score: one project placed.
    const first = await standings(detail.timeline[0]!.at);
    expect(first.scoreEvents).toBe(1);
    expect(Object.values(rawPlaces(first)).filter((p) => p !== null)).toEqual([1]);
    await auditor.agent.get(`/api/admin/audit/judging/${hackathonId}/standings`).query({ at: 'yesterday' }).expect(400);
  });
});
