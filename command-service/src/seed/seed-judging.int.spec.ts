import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settledHead } from './settled-head.testkit';
import { createTestApp, type TestApp } from '@circuit/embedded/testing/test-app';
import { waitFor } from '@circuit/shared/testkit/wait';
import type { JudgingRankings, JudgeAssignments } from '@circuit/shared/api/hackathon-judging';
import type { JudgingSetupAnswer, ProjectGallery } from '@circuit/shared/api/hackathon-projects';
import { seedJudging } from './seed-judging';
import { SEED_TEST_PASSWORD as PASSWORD, seededHackathons } from './seeded-hackathons.testkit';

describe('seed of projects, judging and results', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.stop());

  const signedIn = async (username: string) => {
    const agent = t.request();
    await agent.post('/api/auth/login').send({ identifier: username, password: PASSWORD }).expect(200);
    return agent;
  };

  it('finishes one hackathon with published winners, leaves one with judging under way; a second run adds nothing', { timeout: 120_000 }, async () => {
    const { deps, people } = await seededHackathons(t);
    expect(await seedJudging(deps, people)).toEqual({ judgings: 2, teams: 8, projects: 8, scores: 36 + 1 + 12 + 5 + 3, published: 1 });
    await t.caughtUp();

    // Finished: the gallery is open to everyone, winners first, and the results announcement is out.
    const finished = '/api/hackathons/smart-mobility-hack';
    const gallery = (await t.request().get(`${finished}/projects`).expect(200)).body.data as ProjectGallery;
    expect(gallery).toMatchObject({ galleryOpen: true, total: 4, viewer: { scope: 'everyone' } });
    expect(gallery.projects.map((p) => [p.title, p.awards.map((a) => a.prize)])).toEqual([
      ['Last Mile Match', ['Winner']],
      ['RouteSense AI', ['Best use of AI']],
      ['BusBuddy', ['Social impact']],
      ['AccessWay', []],
    ]);
    const setup = (await t.request().get(`${finished}/judging`).expect(200)).body.data as JudgingSetupAnswer;
    expect(setup.criteria.map((c) => [c.weight, c.scale])).toEqual([[3, 10], [2, 10], [1, 5]]);
    expect(setup.tracks.map((tr) => tr.name)).toEqual(['Best use of AI', 'Social impact']);
    const rankings = (await (await signedIn('rahul_builds')).get(`${finished}/judging/rankings`).expect(200)).body.data as JudgingRankings;
    expect(rankings).toMatchObject({ judges: 3, scores: 36 });
    expect(rankings.tracks[0]!.rows.some((row) => row.differs && row.raw.place !== row.zscore.place)).toBe(true);
    const announcements = await waitFor(async () => {
      const list = (await t.request().get(`${finished}/announcements`).expect(200)).body.data.announcements as { type: string; title: string }[];
      return list.length > 0 && list;
    }, { message: 'the results announcement' });
    expect(announcements).toMatchObject([{ type: 'results', title: 'Results of Smart Mobility Hack' }]);
    const aarav = await signedIn('aarav_dev');
    await waitFor(async () => ((await aarav.get('/api/users/notifications').expect(200)).body.data as { type: string }[]).some((n) => n.type === 'hackathon_announcement'), { message: 'a participant notified' });

    // Under way: scores in, nothing published, the gallery closed; priya_codes has a project left to score.
    const underWay = '/api/hackathons/green-cities-hackathon';
    expect((await t.request().get(`${underWay}/projects`).expect(200)).body.data).toMatchObject({ galleryOpen: false, total: 0 });
    const organiser = await signedIn('kabir_ops');
    expect(((await organiser.get(`${underWay}/judging`).expect(200)).body.data as JudgingSetupAnswer).winners).toEqual([]);
    expect(((await organiser.get(`${underWay}/judging/rankings`).expect(200)).body.data as JudgingRankings).scores).toBe(12 + 5 + 3);
    const priya = (await (await signedIn('priya_codes')).get(`${underWay}/judge/assignments`).expect(200)).body.data as JudgeAssignments;
    expect(priya.progress).toEqual({ projects: 2, complete: 1, scores: 3, of: 6 });

    const head = await settledHead(t.store);
    expect(await seedJudging(deps, people)).toEqual({ judgings: 0, teams: 0, projects: 0, scores: 0, published: 0 });
    expect(await settledHead(t.store)).toBe(head);
  });
});
