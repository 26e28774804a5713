import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithMembers, type Member, type TestApp } from '@circuit/embedded/testing/test-app';
import { JudgingMessages as M } from '@circuit/shared/hackathons/judging-messages';
import { appendListedHackathon } from '../hackathon-registrations/hackathon-fixtures';

/**
 * Likes, saves and comments of a hackathon project through the embedded app (docs/judging.md
 * "Reactions and comments"): only on a project the user may see, once per user however often sent,
 * refused under a block, with a portfolio project's text limits; counts on the gallery, the project
 * page and the profile.
 */
describe('likes, saves and comments of a hackathon project over HTTP', () => {
  let t: TestApp;
  let organiser: Member, solo: Member, stranger: Member, blocker: Member, judge: Member;
  let hackathonId: string;
  let projectId: string;
  const url = (path: string) => `/api/hackathons/${hackathonId}${path}`;
  const detail = async (who: Member) => (await who.agent.get(url(`/projects/${projectId}`)).expect(200)).body.data;
  const notFound = { success: false, message: M.projectNotFound };

  beforeAll(async () => {
    ({ t, members: [organiser, solo, stranger, blocker, judge] } = await appWithMembers(['user', 'user', 'user', 'user', 'user']));
    ({ hackathonId } = await appendListedHackathon(t.store, { createdBy: organiser.userId, minMembers: 1, takeRegistrations: 'true', now: t.clock.now() }));
    await solo.agent.post(url('/register')).send({}).expect(201);
    const form = { title: 'Reef Radar', tagline: 'Coral health from photos', description: '<p>About it</p>', builtWith: ['Rust'], links: { repository: '', demo: '', video: '' }, images: [], trackIds: [] };
    projectId = (await solo.agent.put(url('/project')).send(form).expect(200)).body.data.projectId;
    await solo.agent.post(url('/project/submit')).expect(200);
  }, 180_000);
  afterAll(async () => t?.stop());

  it('refuses a stranger while the gallery is closed, as for a project that does not exist; the team, the organiser and an assigned judge may', async () => {
    await stranger.agent.post(url(`/projects/${projectId}/like`)).expect(404, notFound);
    await stranger.agent.post(url(`/projects/${projectId}/comments`)).send({ text: 'Hi' }).expect(404, notFound);
    await stranger.agent.get(url(`/projects/${projectId}/comments`)).expect(404, notFound);
    await t.request().post(url(`/projects/${projectId}/like`)).expect(401);
    await solo.agent.post(url(`/projects/${projectId}/like`)).expect(200, { success: true, message: 'Project liked', data: { id: projectId, hackathonId, projectId } });
    await organiser.agent.post(url(`/projects/${projectId}/comments`)).send({ text: 'Looking good' }).expect(200);
    await stranger.agent.post(url('/projects/nobody/like')).expect(404, notFound);
    await judge.agent.post(url(`/projects/${projectId}/save`)).expect(404, notFound);
    await organiser.agent.put(url('/judging')).send({ assignment: { mode: 'all' } }).expect(200);
    await organiser.agent.post(url('/judges')).send({ username: judge.username }).expect(200);
    await organiser.agent.post(url('/judging/assign')).expect(200);
    await judge.agent.post(url(`/projects/${projectId}/save`)).expect(200);
    await judge.agent.post(url(`/projects/${projectId}/unsave`)).expect(200);
    expect((await detail(solo)).counts).toEqual({ likes: 1, saves: 0, comments: 1 });
  });

  it('counts a like once however often it is sent, takes it back, and saves', async () => {
    await organiser.agent.put(url('/judging')).send({ galleryOpen: true, tracks: [], criteria: [], assignment: { mode: 'all' } }).expect(200);
    await stranger.agent.post(url(`/projects/${projectId}/like`)).expect(200);
    await stranger.agent.post(url(`/projects/${projectId}/like`)).expect(200);
    expect(await detail(stranger)).toMatchObject({ counts: { likes: 2, saves: 0 }, viewerReactions: { liked: true, saved: false } });
    await stranger.agent.post(url(`/projects/${projectId}/unlike`)).expect(200, { success: true, message: 'Project unliked', data: { id: projectId, hackathonId, projectId } });
    await stranger.agent.post(url(`/projects/${projectId}/unlike`)).expect(200);
    await stranger.agent.post(url(`/projects/${projectId}/save`)).expect(200);
    expect(await detail(stranger)).toMatchObject({ counts: { likes: 1, saves: 1 }, viewerReactions: { liked: false, saved: true } });
    expect((await stranger.agent.get(url('/my-reactions')).expect(200)).body.data).toEqual({ liked: [], saved: [projectId] });
    expect((await solo.agent.get(url('/my-reactions')).expect(200)).body.data).toEqual({ liked: [projectId], saved: [] });
    await t.request().get(url('/my-reactions')).expect(401);
    // Signed out: the counts, and no reaction of the viewer's.
    expect((await t.request().get(url(`/projects/${projectId}`)).expect(200)).body.data.viewerReactions).toEqual({ liked: false, saved: false });
  });

  it('takes comments and replies one level deep, with the limits and messages of a portfolio project', async () => {
    const commented = await stranger.agent.post(url(`/projects/${projectId}/comments`)).send({ text: '  Lovely idea  ' }).expect(200);
    const commentId = commented.body.data.commentId as string;
    expect(commented.body).toMatchObject({ message: 'Comment added', data: { hackathonId, projectId } });
    const replied = await solo.agent.post(url(`/projects/${projectId}/comments/${commentId}/replies`)).send({ text: 'Thanks!' }).expect(200);
    expect(replied.body.message).toBe('Reply added');
    await stranger.agent.post(url(`/projects/${projectId}/comments/${replied.body.data.commentId}/replies`)).send({ text: 'Deeper' }).expect(404, { success: false, message: 'Comment not found' });
    await stranger.agent.post(url(`/projects/${projectId}/comments/unknown/replies`)).send({ text: 'Hm' }).expect(404, { success: false, message: 'Comment not found' });
    const refusal = async (text: string) => (await stranger.agent.post(url(`/projects/${projectId}/comments`)).send({ text }).expect(400)).body.message;
    expect(await refusal('   ')).toBe('Comment cannot be empty');
    expect(await refusal('x'.repeat(1001))).toBe('Comment cannot exceed 1000 characters');

    const comments = (await t.request().get(url(`/projects/${projectId}/comments`)).expect(200)).body.data;
    expect(comments.map((c: { text: string; replies: { text: string }[] }) => [c.text, c.replies.map((r) => r.text)])).toEqual([
      ['Looking good', []],
      ['Lovely idea', ['Thanks!']],
    ]);
    expect(comments[1].user).toMatchObject({ _id: stranger.userId, username: stranger.username });

    const card = (await t.request().get(url('/projects')).expect(200)).body.data.projects[0];
    expect(card.counts).toEqual({ likes: 1, saves: 1, comments: 3 });
    const profile = await t.request().get(`/api/users/projects?username=${solo.username}`).expect(200);
    expect(profile.body.hackathonProjects[0].counts).toEqual({ likes: 1, saves: 1, comments: 3 });
  });

  it('refuses a like, a save and a comment between users where one blocked the other; an unlike stays possible', async () => {
    await blocker.agent.post(url(`/projects/${projectId}/like`)).expect(200);
    await solo.agent.post(`/api/users/block/${blocker.userId}`).expect(200);
    const refused = { success: false, message: 'You cannot interact with this user' };
    await blocker.agent.post(url(`/projects/${projectId}/save`)).expect(403, refused);
    await blocker.agent.post(url(`/projects/${projectId}/comments`)).send({ text: 'Hi' }).expect(403, refused);
    await blocker.agent.post(url(`/projects/${projectId}/unlike`)).expect(200);
    expect((await detail(stranger)).counts).toEqual({ likes: 1, saves: 1, comments: 3 });
  });
});
