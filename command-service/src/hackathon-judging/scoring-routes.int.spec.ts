import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithMembers, type Member, type TestApp } from '@circuit/embedded/testing/test-app';
import { toNewEvents } from '@circuit/shared/commands/decider';
import { createLogger } from '@circuit/shared/logger';
import { hackathonJudgingStream, type JudgingSetup } from '@circuit/shared/events/hackathon-judging';
import { hackathonProjectStream } from '@circuit/shared/events/hackathon-projects';
import { hackathonVoteStream } from '@circuit/shared/events/hackathon-scoring';
import { ScoringMessages as M } from '@circuit/shared/hackathons/scoring-messages';
import { waitFor } from '@circuit/shared/testkit/wait';
import { appendListedHackathon } from '../hackathon-registrations/hackathon-fixtures';
import { ResultsNotifier } from './results-notifier';

/**
 * Scores, votes, rankings, replay and results through the embedded app (docs/judging.md). The
 * judging setup, the assignment and the projects are appended to their streams as the organiser's
 * and the teams' commands record them; everything this feature decides goes over HTTP.
 */

const HOUR = 3_600_000;
const setup = (now: Date): JudgingSetup => ({
  submissionDeadline: '',
  tracks: [
    { id: 'ai', name: 'AI', description: '' },
    { id: 'web', name: 'Web', description: '' },
  ],
  criteria: [
    { id: 'c1', name: 'Impact', description: 'Does it matter?', weight: 2, scale: 5 },
    { id: 'c2', name: 'Execution', description: 'Does it work?', weight: 1, scale: 10 },
  ],
  galleryOpen: true,
  voting: { enabled: true, opensAt: new Date(now.getTime() - HOUR).toISOString(), closesAt: new Date(now.getTime() + 24 * HOUR).toISOString(), perTrack: false },
  assignment: { mode: 'all', judgesPerProject: 1, trackJudges: {} },
});

describe('scores, votes, rankings and results over HTTP', () => {
  let t: TestApp;
  let organiser: Member, judgeA: Member, judgeB: Member, judgeC: Member, voter: Member, stranger: Member;
  let entrants: Member[];
  let hackathonId: string;
  /** p1..p4 of the hand-computed data set are the projects of four solo entrants. */
  let p: Record<'p1' | 'p2' | 'p3' | 'p4', string>;
  const url = (path: string) => `/api/hackathons/${hackathonId}${path}`;

  beforeAll(async () => {
    let members: Member[];
    ({ t, members } = await appWithMembers(['user', 'user', 'user', 'user', 'user', 'user', 'user', 'user', 'user', 'user']));
    [organiser, judgeA, judgeB, judgeC, voter, stranger, ...entrants] = members as [Member, Member, Member, Member, Member, Member, ...Member[]];
    const now = t.clock.now();
    ({ hackathonId } = await appendListedHackathon(t.store, { createdBy: organiser.userId, minMembers: 1, takeRegistrations: 'true', now }));
    // Judge B enters too, alone: their own project is a conflict of interest.
    for (const who of [...entrants, judgeB]) await who.agent.post(url('/register')).send({}).expect(201);
    const [e1, e2, e3, e4] = entrants as [Member, Member, Member, Member];
    p = { p1: e1.userId, p2: e2.userId, p3: e3.userId, p4: e4.userId };
    const titles = { p1: 'P1', p2: 'P2', p3: '=HYPERLINK("http://evil.test")', p4: 'P4' };
    const at = now.toISOString();
    const submit = async (projectId: string, title: string, trackIds: string[]) => {
      const version = { title, tagline: `${title} in a line`, description: '<p>x</p>', builtWith: [], links: { repository: '', demo: '', video: '' }, videoEmbedUrl: null, images: [], trackIds, fromPortfolioProjectId: null };
      const event = { type: 'HackathonProjectSubmitted', data: { hackathonId, projectId, at, byUserId: projectId, entrant: 'solo', teamName: null, version, memberIds: [projectId] } };
      await t.store.append(hackathonProjectStream(hackathonId, projectId), toNewEvents([event], { userId: projectId }, at), 'no_stream');
    };
    await submit(p.p1, titles.p1, ['ai']);
    await submit(p.p2, titles.p2, ['web']);
    await submit(p.p3, titles.p3, ['web']);
    await submit(p.p4, titles.p4, ['ai']);
    await submit(judgeB.userId, 'Own', ['ai']);
    const by = { hackathonId, at, byUserId: organiser.userId };
    const judging = [
      { type: 'HackathonJudgingSetupSaved', data: { ...by, setup: setup(now) } },
      ...[judgeA, judgeB, judgeC].map((j) => ({ type: 'HackathonJudgeInvited', data: { ...by, judgeUserId: j.userId } })),
      // What assignProjects records: never judge B's own project.
      { type: 'HackathonProjectsAssigned', data: { ...by, mode: 'all', assignments: { [judgeA.userId]: [p.p1, p.p2, p.p3, p.p4, judgeB.userId], [judgeB.userId]: [p.p1, p.p2, p.p3, p.p4], [judgeC.userId]: [p.p1, p.p3, p.p4] } } },
    ];
    await t.store.append(hackathonJudgingStream(hackathonId), toNewEvents(judging, { userId: organiser.userId }, at), 'no_stream');
    await t.caughtUp();
    // Ten accounts and six registrations: more than the default hook time on a loaded CI machine.
  }, 180_000);
  afterAll(async () => t?.stop());

  /**
   * The z-scores of the fixed data set, by hand (shared/src/judging/ranking.unit.spec.ts has the arithmetic):
   * judge A's scores have mean .5 and deviation sqrt(3)/4, so a unit 0 or 1 is -/+ zA = 2/sqrt(3);
   * judge B's have mean .75 and deviation sqrt(2)/4, so .5 and 1 are -/+ zB = sqrt(2)/2 and 0 is -3zB;
   * judge C gave only top marks (deviation 0: every z is 0). A judge's value is (2 z(impact) + z(execution)) / 3.
   */
  let byHand: Record<string, number>;
  beforeAll(() => {
    const zA = 2 / Math.sqrt(3);
    const zB = Math.SQRT2 / 2;
    const round = (v: number) => Math.round(v * 1e9) / 1e9;
    byHand = {
      [p.p1]: round((-zA / 3 - zB / 3 + 0) / 3),
      [p.p2]: round((zA + zB) / 2),
      [p.p3]: round((-zA - (5 * zB) / 3 + 0) / 3),
      [p.p4]: round((zA / 3 + zB + 0) / 3),
    };
  });

  const score = (judge: Member, projectId: string, criterionId: string, value: number) => judge.agent.put(url(`/projects/${projectId}/scores`)).send({ criterionId, value });

  it('lets a judge see and score only what is assigned, and never their own team\'s project', async () => {
    const mine = (await judgeC.agent.get(url('/judge/assignments')).expect(200)).body.data;
    expect(mine.projects.map((x: { projectId: string }) => x.projectId).sort()).toEqual([p.p1, p.p3, p.p4].sort());
    expect(mine.progress).toEqual({ projects: 3, complete: 0, scores: 0, of: 6 });
    // Unassigned: 404, the same answer as a project that does not exist.
    for (const [who, projectId] of [[judgeC, p.p2], [stranger, p.p1], [judgeC, 'no-such-project']] as const) {
      const res = await score(who, projectId, 'c1', 3);
      expect([res.status, res.body.message]).toEqual([404, M.projectNotFound]);
    }
    expect((await stranger.agent.get(url('/judge/assignments')).expect(200)).body.data.projects).toEqual([]);
    // Judge B's own project is refused as such (it is not assigned to B, and B knows it exists); A, to whom it is assigned, sees it.
    const own = await score(judgeB, judgeB.userId, 'c1', 5);
    expect([own.status, own.body.message]).toEqual([400, M.ownTeam]);
    const a = (await judgeA.agent.get(url('/judge/assignments')).expect(200)).body.data;
    expect(a.projects.map((x: { title: string }) => x.title)).toContain('Own');
    const outOfScale = await score(judgeA, p.p1, 'c1', 6);
    expect([outOfScale.status, outOfScale.body.message]).toEqual([400, M.outOfScale('Impact', 5)]);
    await t.request().put(url(`/projects/${p.p1}/scores`)).send({ criterionId: 'c1', value: 3 }).expect(401);
  });

  it('ranks the fixed data set by z-score to the values computed by hand, and replays the standings before a late correction', async () => {
    const sheets: [Member, Record<string, [number, number]>][] = [
      [judgeA, { [p.p1]: [3, 1], [p.p2]: [5, 10], [p.p3]: [1, 1], [p.p4]: [3, 10] }],
      [judgeB, { [p.p1]: [3, 10], [p.p2]: [5, 10], [p.p3]: [3, 1], [p.p4]: [5, 10] }],
      [judgeC, { [p.p1]: [5, 10], [p.p3]: [5, 10], [p.p4]: [5, 10] }],
    ];
    for (const [judge, sheet] of sheets) {
      for (const [projectId, [c1, c2]] of Object.entries(sheet)) {
        await score(judge, projectId, 'c1', c1).expect(200);
        const written = await score(judge, projectId, 'c2', c2).expect(200);
        expect(written.body.data).toMatchObject({ projectId, scored: 2, complete: true, changed: true });
      }
    }
    // The same score again records nothing.
    expect((await score(judgeA, p.p1, 'c1', 3).expect(200)).body.data.changed).toBe(false);
    await judgeA.agent.put(url(`/projects/${p.p1}/scores`)).send({ note: 'Strong demo' }).expect(200);
    const a = (await judgeA.agent.get(url('/judge/assignments')).expect(200)).body.data;
    expect(a.projects.find((x: { projectId: string }) => x.projectId === p.p1)).toMatchObject({ note: 'Strong demo', scores: [{ criterionId: 'c1', value: 3 }, { criterionId: 'c2', value: 1 }], complete: true });

    for (const who of [judgeA, stranger]) await who.agent.get(url('/judging/rankings')).expect(403);
    const rankings = (await organiser.agent.get(url('/judging/rankings')).expect(200)).body.data;
    expect(rankings).toMatchObject({ normalisations: ['raw', 'zscore', 'trimmed'], judges: 3, scores: 22 });
    expect(zscores(rankings)).toEqual(byHand);

    // A late correction: an hour later judge A raises p3's impact from 1 to 5.
    const beforeCorrection = t.clock.now();
    t.clock.advance(HOUR);
    expect((await score(judgeA, p.p3, 'c1', 5).expect(200)).body.data.changed).toBe(true);
    const after = (await organiser.agent.get(url('/judging/rankings')).expect(200)).body.data;
    expect(zscores(after)[p.p3]).not.toBeCloseTo(byHand[p.p3]!, 3);
    // Replayed from the event store as the scores stood before it: the hand-computed values again.
    const replay = (await organiser.agent.get(url('/judging/standings')).query({ at: beforeCorrection.toISOString() }).expect(200)).body.data;
    expect(replay).toMatchObject({ at: beforeCorrection.toISOString(), scoreEvents: 22, judges: 3, scores: 22 });
    expect(zscores(replay)).toEqual(byHand);
    const now = (await organiser.agent.get(url('/judging/standings')).query({ at: t.clock.now().toISOString() }).expect(200)).body.data;
    expect(now.scoreEvents).toBe(23);
    expect(now.tracks).toEqual(after.tracks);
    const early = (await organiser.agent.get(url('/judging/standings')).query({ at: new Date(0).toISOString() }).expect(200)).body.data;
    expect(early.tracks[0].rows.every((r: { raw: { place: number | null } }) => r.raw.place === null)).toBe(true);
    await organiser.agent.get(url('/judging/standings')).query({ at: 'yesterday' }).expect(400);
    await stranger.agent.get(url('/judging/standings')).query({ at: beforeCorrection.toISOString() }).expect(403);
  });

  it('counts a vote sent three times once, flags what the organiser should look at, and takes a change of mind', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await voter.agent.put(url(`/projects/${p.p1}/vote`)).send({}).expect(200);
      expect(res.body.data).toMatchObject({ projectId: p.p1, trackId: null, changed: i === 0 });
    }
    expect((await t.store.readStream(hackathonVoteStream(hackathonId, voter.userId))).map((e) => e.type)).toEqual(['HackathonVoteCast']);
    let votes = (await organiser.agent.get(url('/judging/votes')).expect(200)).body.data;
    expect(votes.votes).toHaveLength(1);
    // The account was made after voting opened (an hour before the hackathon's setup).
    expect(votes.votes[0]).toMatchObject({ userId: voter.userId, username: voter.username, projectId: p.p1, projectTitle: 'P1', flags: ['new-account'], excluded: false, addressVotes: 1 });
    expect(votes.totals).toEqual([{ trackId: null, projectId: p.p1, title: 'P1', counted: 1, flagged: 1, excluded: 0 }]);
    expect(JSON.stringify(votes)).not.toMatch(/127\.0\.0\.1|::ffff/);

    // Five more from the same address within ten minutes: a burst, every one of them flagged.
    for (const who of entrants) await who.agent.put(url(`/projects/${p.p2}/vote`)).send({}).expect(200);
    await stranger.agent.put(url(`/projects/${p.p2}/vote`)).send({}).expect(200);
    votes = (await organiser.agent.get(url('/judging/votes')).expect(200)).body.data;
    expect(votes.votes).toHaveLength(6);
    expect(votes.votes.every((v: { flags: string[] }) => v.flags.includes('burst'))).toBe(true);

    const changed = await voter.agent.put(url(`/projects/${p.p3}/vote`)).send({}).expect(200);
    expect(changed.body.data.changed).toBe(true);
    await voter.agent.delete(url('/vote')).expect(200);
    expect((await t.store.readStream(hackathonVoteStream(hackathonId, voter.userId))).map((e) => e.type)).toEqual(['HackathonVoteCast', 'HackathonVoteChanged', 'HackathonVoteWithdrawn']);
    await organiser.agent.get(url('/judging/votes')).expect(200);
    await voter.agent.get(url('/judging/votes')).expect(403);
  });

  it('exports the scores per judge and criterion, every value quoted and formulas neutralised', async () => {
    const res = await organiser.agent.get(url('/scores.csv')).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('"Judge","Judge id","Project","Project id","Criterion","Weight","Scale","Score","Normalised (0 to 1)","Z-score (judge)","Scored at"');
    expect(lines).toHaveLength(1 + 22);
    expect(lines.some((l) => l.includes(`"'=HYPERLINK(""http://evil.test"")"`))).toBe(true);
    expect(lines.every((l) => /^"(?:[^"]|"")*"(?:,"(?:[^"]|"")*")*$/.test(l))).toBe(true);
    await judgeA.agent.get(url('/scores.csv')).expect(403);
  });

  it('stops counting a removed judge\'s scores from the removal on, and counts them again when the judge is invited back', async () => {
    const before = (await organiser.agent.get(url('/judging/rankings')).expect(200)).body.data;
    expect(before).toMatchObject({ judges: 3, scores: 22 });
    const beforeRemoval = t.clock.now();
    t.clock.advance(60_000);
    await organiser.agent.delete(url(`/judges/${judgeC.userId}`)).expect(200);
    await t.caughtUp();
    expect((await organiser.agent.get(url('/judging/rankings')).expect(200)).body.data).toMatchObject({ judges: 2, scores: 16 });
    // The replay of a moment before the removal still counts the judge's scores.
    const replay = (await organiser.agent.get(url('/judging/standings')).query({ at: beforeRemoval.toISOString() }).expect(200)).body.data;
    expect(replay).toMatchObject({ judges: 3, scores: 22 });
    expect(replay.tracks).toEqual(before.tracks);
    await organiser.agent.post(url('/judges')).send({ username: judgeC.username }).expect(200);
    await t.caughtUp();
    expect((await organiser.agent.get(url('/judging/rankings')).expect(200)).body.data).toMatchObject({ judges: 3, scores: 22 });
  });

  it('posts one results announcement when winners are published, and every participant is notified', async () => {
    await organiser.agent.post(url('/results/publish')).send({ winners: [{ prize: 'Grand prize', trackId: null, place: 1, projectId: p.p2 }] }).expect(200);
    const announcements = await waitFor(async () => {
      const list = (await t.request().get(url('/announcements')).expect(200)).body.data.announcements as { type: string; results: { winners: { projectName: string; teamName: string; prize: string; rank: number }[] } }[];
      return list.length > 0 && list;
    }, { message: 'the results announcement' });
    expect(announcements).toHaveLength(1);
    expect(announcements[0]).toMatchObject({ type: 'results', results: { winners: [{ rank: 1, prize: 'Grand prize', projectName: 'P2' }] } });
    // The publication handed to a notifier again (a restart, a failover) posts nothing more.
    const published = (await t.store.readStream(hackathonJudgingStream(hackathonId))).find((e) => e.type === 'HackathonWinnersPublished')!;
    await new ResultsNotifier({ knex: t.knex, store: t.store, log: createLogger('test', 'silent') }).handle(published);
    await t.caughtUp();
    expect((await t.request().get(url('/announcements')).expect(200)).body.data.announcements).toHaveLength(1);
    const [first] = entrants as [Member];
    await waitFor(async () => {
      const notes = (await first.agent.get('/api/users/notifications').expect(200)).body.data as { type: string }[];
      return notes.some((n) => n.type === 'hackathon_announcement');
    }, { message: 'a participant notified' });
  });
});

/** The overall z-score values of a rankings answer, by project id. */
function zscores(answer: { tracks: { trackId: string | null; rows: { projectId: string; zscore: { value: number | null } }[] }[] }): Record<string, number | null> {
  const overall = answer.tracks.find((track) => track.trackId === null)!;
  return Object.fromEntries(overall.rows.filter((r) => r.zscore.value !== null).map((r) => [r.projectId, Math.round(r.zscore.value! * 1e9) / 1e9]));
}
