import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithMembers, type Member, type TestApp } from '@circuit/embedded/testing/test-app';
import { toNewEvents } from '@circuit/shared/commands/decider';
import { hackathonProjectStream } from '@circuit/shared/events/hackathon-projects';
import { JudgingMessages as M } from '@circuit/shared/hackathons/judging-messages';
import { appendListedHackathon } from '../hackathon-registrations/hackathon-fixtures';

/**
 * Hackathon projects and the judging setup through the embedded app (docs/judging.md): the
 * organiser's setup and judges, a team's draft and submission against the deadline on the
 * server's clock, who sees the gallery before and after it opens, the profile list and the CSV.
 */

const HOUR = 3_600_000;

describe('hackathon projects and the judging setup over HTTP', () => {
  let t: TestApp;
  let organiser: Member, admin: Member, alice: Member, bob: Member, carol: Member, stranger: Member, judge: Member;
  let hackathonId: string;
  let teamId: string;
  let trackId: string;
  let deadline: Date;
  const url = (path: string) => `/api/hackathons/${hackathonId}${path}`;
  const project = (overrides: Record<string, unknown> = {}) => ({
    title: '=HYPERLINK("http://evil.test")',
    tagline: 'Flood alerts over SMS',
    description: '<p>Alerts <script>alert(1)</script>for villages</p>',
    builtWith: ['TypeScript', 'Twilio'],
    links: { repository: 'https://github.com/x/floodwatch', demo: '', video: 'https://youtu.be/dQw4w9WgXcQ' },
    images: ['/uploads/images/a.png'],
    trackIds: [trackId],
    ...overrides,
  });
  const setup = (galleryOpen: boolean) => ({
    submissionDeadline: deadline.toISOString(),
    tracks: [{ id: trackId, name: 'Climate', description: 'For the planet' }],
    criteria: [{ name: 'Impact', description: 'Does it matter?', weight: 2, scale: 5 }],
    galleryOpen,
    assignment: { mode: 'all' },
  });

  beforeAll(async () => {
    ({ t, members: [organiser, admin, alice, bob, carol, stranger, judge] } = await appWithMembers(['user', 'admin', 'user', 'user', 'user', 'user', 'user']));
    ({ hackathonId } = await appendListedHackathon(t.store, { createdBy: organiser.userId, minMembers: 2, takeRegistrations: 'true', now: t.clock.now() }));
    for (const who of [alice, bob, carol]) await who.agent.post(url('/register')).send({}).expect(201);
    const created = await alice.agent.post(url('/teams')).send({ name: 'Byte Me' }).expect(201);
    teamId = created.body.data.team.id;
    await bob.agent.post(url('/teams/join')).send({ code: created.body.data.team.code }).expect(200);
    await alice.agent.post(url(`/teams/${teamId}/submit`)).expect(200);
    deadline = new Date(t.clock.now().getTime() + 2 * HOUR);
    // Seven accounts, three registrations and a team: more than the default hook time on a loaded machine.
  }, 180_000);
  afterAll(async () => t?.stop());

  it('lets only the organiser or an admin save the setup, and names new tracks and criteria', async () => {
    trackId = 'climate';
    await stranger.agent.put(url('/judging')).send(setup(false)).expect(403, { success: false, message: M.notOrganiser });
    await t.request().put(url('/judging')).send(setup(false)).expect(401);
    await organiser.agent.put(url('/judging')).send(setup(false)).expect(200);
    await admin.agent.put(url('/judging')).send(setup(false)).expect(200);
    const { body } = await organiser.agent.get(url('/judging')).expect(200);
    expect(body.data).toMatchObject({ submissionDeadline: deadline.toISOString(), deadlineIsDefault: false, galleryOpen: false, viewer: { isOrganiser: true, isJudge: false, canSubmit: false } });
    expect(body.data.tracks).toEqual([{ id: 'climate', name: 'Climate', description: 'For the planet' }]);
    expect(body.data.criteria[0]).toMatchObject({ name: 'Impact', weight: 2, scale: 5, id: expect.any(String) });
    const asBob = await bob.agent.get(url('/judging')).expect(200);
    expect(asBob.body.data.viewer).toEqual({ isOrganiser: false, isJudge: false, canSubmit: true });
  });

  it('refuses a project from anyone but a member of a complete team', async () => {
    await stranger.agent.put(url('/project')).send(project()).expect(403, { success: false, message: M.notEntrant });
    // Registered, but without a team where the team minimum is 2.
    await carol.agent.put(url('/project')).send(project()).expect(403, { success: false, message: M.notEntrant });
    await t.request().put(url('/project')).send(project()).expect(401);
    await alice.agent.put(url('/project')).send(project({ trackIds: ['nope'] })).expect(400, { success: false, message: M.unknownTrack });
    expect(await t.store.readStream(hackathonProjectStream(hackathonId, stranger.userId))).toEqual([]);
  });

  it('keeps the draft for the team, sanitised, with the video embedded', async () => {
    const saved = await alice.agent.put(url('/project')).send(project()).expect(200);
    expect(saved.body.data).toEqual({ id: teamId, hackathonId, projectId: teamId });
    const { body } = await bob.agent.get(url('/project')).expect(200);
    expect(body.data).toMatchObject({ projectId: teamId, entrant: 'team', teamName: 'Byte Me', status: 'draft', canSubmit: true, canEdit: true, deadlinePassed: false, submitted: null });
    expect(body.data.draft).toMatchObject({ description: '<p>Alerts for villages</p>', videoEmbedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', trackIds: ['climate'] });
    expect(body.data.members.map((m: { username: string }) => m.username)).toEqual([alice.username, bob.username]);
    await bob.agent.post(url('/project/submit')).expect(200);
  });

  it('hides the gallery from signed-out visitors until it opens; the team, the organiser and assigned judges see it before', async () => {
    const signedOut = await t.request().get(url('/projects')).expect(200);
    expect(signedOut.body.data).toMatchObject({ galleryOpen: false, projects: [], total: 0, viewer: { scope: 'none' } });
    await t.request().get(url(`/projects/${teamId}`)).expect(404, { success: false, message: M.projectNotFound });
    expect((await stranger.agent.get(url('/projects')).expect(200)).body.data.projects).toEqual([]);
    const own = await bob.agent.get(url('/projects')).expect(200);
    expect(own.body.data).toMatchObject({ viewer: { scope: 'team' }, total: 1 });
    expect((await organiser.agent.get(url('/projects')).expect(200)).body.data).toMatchObject({ viewer: { scope: 'staff' }, total: 1 });

    await organiser.agent.post(url('/judges')).send({ username: judge.username }).expect(200);
    await organiser.agent.post(url('/judges')).send({ username: judge.username }).expect(409, { success: false, message: M.judgeAlready });
    await organiser.agent.post(url('/judges')).send({ email: 'later@example.com' }).expect(200, { success: true, message: M.judgeInvitedByEmail, data: { id: hackathonId, hackathonId } });
    // A judge sees nothing until Assign gives them projects.
    expect((await judge.agent.get(url('/projects')).expect(200)).body.data).toMatchObject({ viewer: { scope: 'judge' }, total: 0 });
    await stranger.agent.post(url('/judging/assign')).expect(403);
    await organiser.agent.post(url('/judging/assign')).expect(200);
    expect((await judge.agent.get(url('/projects')).expect(200)).body.data.total).toBe(1);
    await judge.agent.get(url(`/projects/${teamId}`)).expect(200);

    const judging = (await organiser.agent.get(url('/judging')).expect(200)).body.data;
    expect(judging.judges).toEqual([
      { id: judge.userId, status: 'active', user: expect.objectContaining({ username: judge.username }), email: null },
      { id: 'later@example.com', status: 'pending', user: null, email: 'later@example.com' },
    ]);
    expect(judging.assignment.assignedAt).toEqual(expect.any(String));
    // The pending invitation's address is the organiser's to see.
    expect((await t.request().get(url('/judging')).expect(200)).body.data.judges.map((j: { id: string }) => j.id)).toEqual([judge.userId]);
    await organiser.agent.delete(url('/judges/later%40example.com')).expect(200);
  });

  it('holds the deadline on the server clock: a late edit is refused and the version submitted before it stays', async () => {
    await alice.agent.put(url('/project')).send(project({ title: 'FloodWatch v2' })).expect(200);
    t.clock.advance(2 * HOUR + 1000);
    await alice.agent.put(url('/project')).send(project({ title: 'Too late' })).expect(400, { success: false, message: M.deadlinePassed });
    await bob.agent.post(url('/project/submit')).expect(400, { success: false, message: M.deadlinePassed });
    const { body } = await alice.agent.get(url('/project')).expect(200);
    expect(body.data).toMatchObject({ deadlinePassed: true, canEdit: false, status: 'submitted' });
    expect(body.data.submitted.title).toBe('=HYPERLINK("http://evil.test")');
    expect(body.data.draft.title).toBe('FloodWatch v2');
  });

  it('shows the gallery to everyone once opened, with search, filters, winners and the members’ profiles', async () => {
    await organiser.agent.put(url('/judging')).send(setup(true)).expect(200);
    const open = await t.request().get(url('/projects')).expect(200);
    expect(open.body.data).toMatchObject({ galleryOpen: true, total: 1, nextCursor: null, viewer: { scope: 'everyone' } });
    // A signed-in viewer gets the very answer everyone gets once the gallery is open.
    expect((await stranger.agent.get(url('/projects')).expect(200)).body.data).toEqual(open.body.data);
    expect(open.body.data.projects[0]).toMatchObject({ id: teamId, teamName: 'Byte Me', title: '=HYPERLINK("http://evil.test")', image: '/uploads/images/a.png', awards: [] });
    expect((await t.request().get(url('/projects?q=twilio')).expect(200)).body.data.total).toBe(1);
    expect((await t.request().get(url('/projects?q=blockchain')).expect(200)).body.data.total).toBe(0);
    expect((await t.request().get(url('/projects?track=other')).expect(200)).body.data.total).toBe(0);
    const detail = await t.request().get(url(`/projects/${teamId}`)).expect(200);
    expect(detail.body.data.version).toMatchObject({ links: { repository: 'https://github.com/x/floodwatch' }, videoEmbedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' });

    await organiser.agent.post(url('/results/publish')).send({ winners: [{ prize: 'Best climate hack', trackId: 'nope', place: 1, projectId: teamId }] }).expect(400, { success: false, message: M.winnerUnknownTrack });
    await organiser.agent.post(url('/results/publish')).send({ winners: [{ prize: 'Best climate hack', trackId: 'climate', place: 1, projectId: carol.userId }] }).expect(400, { success: false, message: M.winnerUnknownProject });
    await organiser.agent.post(url('/results/publish')).send({ winners: [{ prize: 'Best climate hack', trackId: 'climate', place: 1, projectId: teamId }] }).expect(200);
    const winners = await t.request().get(url('/projects?winners=true')).expect(200);
    expect(winners.body.data.projects[0].awards).toEqual([{ prize: 'Best climate hack', trackId: 'climate', place: 1 }]);

    const profile = await t.request().get(`/api/users/projects?username=${bob.username}`).expect(200);
    expect(profile.body.hackathonProjects).toEqual([expect.objectContaining({ id: teamId, title: '=HYPERLINK("http://evil.test")', awards: [{ prize: 'Best climate hack', trackId: 'climate', place: 1 }] })]);
    expect((await t.request().get(`/api/users/projects?username=${carol.username}`).expect(200)).body.hackathonProjects).toEqual([]);
  });

  it('exports the projects as CSV for the organiser, every value quoted and formulas neutralised', async () => {
    await stranger.agent.get(url('/projects.csv')).expect(403);
    const res = await organiser.agent.get(url('/projects.csv')).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const [header, line] = res.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe('"Project id","Title","Tagline","Team","Members","Tracks","Built with","Repository","Demo","Video","Awards","Submitted at"');
    expect(line).toContain(`"${teamId}","'=HYPERLINK(""http://evil.test"")","Flood alerts over SMS","Byte Me"`);
    expect(line).toContain('"Climate","TypeScript, Twilio","https://github.com/x/floodwatch"');
  });

  it('makes an invitation by e-mail a judge once an account holds that address verified, on both sides', async () => {
    await organiser.agent.post(url('/judges')).send({ email: 'Late.Judge@example.com' }).expect(200);
    const user = t.newUser({ email: 'late.judge@example.com' });
    const { userId } = await t.embedded.commands.accounts.register({ ...user, emailVerified: true }, {});
    const judges = (await organiser.agent.get(url('/judging')).expect(200)).body.data.judges;
    expect(judges).toContainEqual({ id: userId, status: 'active', user: expect.objectContaining({ username: user.username }), email: null });
    // The command side resolves it from the account streams too: inviting the same person by username is a repeat.
    await organiser.agent.post(url('/judges')).send({ username: user.username }).expect(409, { success: false, message: M.judgeAlready });
    await organiser.agent.delete(url(`/judges/${userId}`)).expect(200);
    expect((await organiser.agent.get(url('/judging')).expect(200)).body.data.judges.map((j: { id: string }) => j.id)).toEqual([judge.userId]);
  });

  it('refuses projects in a hackathon that is not approved', async () => {
    const pending = await appendListedHackathon(t.store, { createdBy: organiser.userId, minMembers: 1, takeRegistrations: 'true', approved: false, now: t.clock.now() });
    await alice.agent.put(`/api/hackathons/${pending.hackathonId}/project`).send(project({ trackIds: [] })).expect(400, { success: false, message: M.notApproved });
    // Not public: its judging and gallery are not shown to others.
    await stranger.agent.get(`/api/hackathons/${pending.hackathonId}/projects`).expect(403);
  });

  it('pages the gallery in SQL: the version judged, search, track and winners, the order kept across pages', async () => {
    // Solo projects appended as the commands record them: two judged, one whose last version came after the
    // deadline (the one before it is judged), one withdrawn.
    const before = new Date(deadline.getTime() - HOUR).toISOString();
    const after = new Date(deadline.getTime() + 60_000).toISOString();
    const version = (title: string, builtWith: string[], trackIds: string[]) => ({
      title,
      tagline: `${title} in one line`,
      description: '<p>About it</p>',
      builtWith,
      links: { repository: '', demo: '', video: '' },
      videoEmbedUrl: null,
      images: [],
      trackIds,
      fromPortfolioProjectId: null,
    });
    const submit = async (projectId: string, at: string, v: ReturnType<typeof version>, expected: 'no_stream' | 'any' = 'no_stream') => {
      const data = { hackathonId, projectId, at, byUserId: projectId, entrant: 'solo', teamName: null, version: v, memberIds: [projectId] };
      await t.store.append(hackathonProjectStream(hackathonId, projectId), toNewEvents([{ type: 'HackathonProjectSubmitted', data }], {}, at), expected);
    };
    await submit('solo-a', before, version('Reef Radar', ['Rust'], [trackId]));
    await submit('solo-b', new Date(deadline.getTime() - 2 * HOUR).toISOString(), version('Kelp Map', ['PostGIS'], []));
    await submit('solo-c', new Date(deadline.getTime() - HOUR - 60_000).toISOString(), version('Tide Tables', ['Go'], []));
    await submit('solo-c', after, version('Too Late Title', ['Go'], []), 'any');
    await submit('solo-d', before, version('Gone Project', ['Go'], []));
    await t.store.append(hackathonProjectStream(hackathonId, 'solo-d'), toNewEvents([{ type: 'HackathonProjectWithdrawn', data: { hackathonId, projectId: 'solo-d', at: before, byUserId: 'solo-d' } }], {}, before), 'any');
    await t.caughtUp();

    const all = (await t.request().get(url('/projects')).expect(200)).body.data;
    // The winner first, then the newest submission first.
    expect(all.projects.map((p: { title: string }) => p.title)).toEqual(['=HYPERLINK("http://evil.test")', 'Reef Radar', 'Tide Tables', 'Kelp Map']);
    expect(all).toMatchObject({ total: 4, nextCursor: null });
    expect(all.projects[1]).toMatchObject({ id: 'solo-a', entrant: 'solo', teamName: null, image: null, trackIds: [trackId], awards: [] });
    expect(all.projects[1]).not.toHaveProperty('version');

    const pages: string[] = [];
    let cursor: string | null = null;
    do {
      const path: string = `/projects?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = (await t.request().get(url(path)).expect(200)).body.data;
      expect(page.total).toBe(4);
      expect(page.projects.length).toBeLessThanOrEqual(3);
      pages.push(...page.projects.map((p: { title: string }) => p.title));
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages).toEqual(all.projects.map((p: { title: string }) => p.title));

    const titles = async (query: string) => (await t.request().get(url(`/projects?${query}`)).expect(200)).body.data.projects.map((p: { title: string }) => p.title);
    expect(await titles('q=postgis')).toEqual(['Kelp Map']);
    expect(await titles('q=REEF')).toEqual(['Reef Radar']);
    expect(await titles('q=late')).toEqual([]);
    expect(await titles('q=%25')).toEqual([]);
    expect(await titles(`track=${trackId}`)).toEqual(['=HYPERLINK("http://evil.test")', 'Reef Radar']);
    expect(await titles(`winners=true&track=${trackId}`)).toEqual(['=HYPERLINK("http://evil.test")']);
    await t.request().get(url('/projects?cursor=nonsense')).expect(400);
    await t.request().get(url('/projects?limit=51')).expect(400);

    // The cached answer follows the read models: a withdrawal leaves the gallery at once.
    await t.store.append(hackathonProjectStream(hackathonId, 'solo-a'), toNewEvents([{ type: 'HackathonProjectWithdrawn', data: { hackathonId, projectId: 'solo-a', at: before, byUserId: 'solo-a' } }], {}, before), 'any');
    await t.caughtUp();
    expect(await titles('')).toEqual(['=HYPERLINK("http://evil.test")', 'Tide Tables', 'Kelp Map']);
  });

  it('tells the project page which votes are the viewer’s', async () => {
    await organiser.agent.put(url('/judging')).send({ ...setup(true), voting: { enabled: true, opensAt: null, closesAt: null, perTrack: false } }).expect(200);
    expect((await stranger.agent.get(url(`/projects/${teamId}`)).expect(200)).body.data.viewerVotes).toEqual([]);
    await stranger.agent.put(url(`/projects/${teamId}/vote`)).send({}).expect(200);
    expect((await stranger.agent.get(url(`/projects/${teamId}`)).expect(200)).body.data.viewerVotes).toEqual([{ trackId: null, projectId: teamId }]);
    expect((await stranger.agent.get(url('/projects/solo-b')).expect(200)).body.data.viewerVotes).toEqual([{ trackId: null, projectId: teamId }]);
    expect((await t.request().get(url(`/projects/${teamId}`)).expect(200)).body.data.viewerVotes).toEqual([]);
    await stranger.agent.delete(url('/vote')).expect(200);
    expect((await stranger.agent.get(url(`/projects/${teamId}`)).expect(200)).body.data.viewerVotes).toEqual([]);
  });
});
