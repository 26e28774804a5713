import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithMembers, type Member, type TestApp } from '@circuit/embedded/testing/test-app';
import { createLogger } from '@circuit/shared/logger';
import { hackathonAnnouncementsStream } from '@circuit/shared/events/hackathon-announcements';
import type { Mail } from '@circuit/shared/ports/mailer';
import { hackathonFormFixture } from '../hackathons/hackathon-form-fixture';
import { AnnouncementNotifier } from './announcement-notifier';

/** The announcement and sponsor calls of spec 2 section 7 through the embedded app. */

const winner = {
  rank: 1,
  track: 'Open',
  teamName: 'Byte Me',
  projectName: 'FloodWatch',
  projectDescription: 'Flood alerts over SMS',
  prize: '₹30,000',
  teamMembers: [{ name: 'Asha', email: 'asha@example.com', role: 'Lead' }],
  pptLink: 'https://example.com/deck',
  videoLink: 'https://youtu.be/x',
};

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let i = 0; i < 100 && !done(value); i++) {
    await new Promise((r) => setTimeout(r, 50));
    value = await read();
  }
  return value;
}

describe('hackathon announcements and sponsors', () => {
  let t: TestApp;
  let organiser: Member, moderator: Member, admin: Member, participant: Member, stranger: Member;
  let hackathon: { id: string; username: string };
  let title: string;
  beforeAll(async () => {
    ({ t, members: [organiser, moderator, admin, participant, stranger] } = await appWithMembers(['user', 'moderator', 'admin', 'user', 'user']));
    const listing = hackathonFormFixture(t.clock.now(), { takeRegistrations: true });
    title = listing.title;
    const res = await organiser.agent.post('/api/hackathons').send(listing).expect(201);
    hackathon = res.body.data;
    await moderator.agent.post(`/api/admin/hackathons/${hackathon.id}/approve`).send({}).expect(200);
    await participant.agent.post(`/api/hackathons/${hackathon.id}/register`).send({}).expect(201);
  });
  afterAll(async () => t?.stop());

  it('refuses announcements without title or content, winners without rank, team or project, awards without category or team', async () => {
    const head = await t.store.headPosition();
    const url = `/api/hackathons/${hackathon.id}/announcements`;
    for (const [body, message] of [
      [{ type: 'general', title: '', content: '<p>x</p>' }, 'Title and content are required'],
      [{ type: 'general', title: 'Hello', content: '' }, 'Title and content are required'],
      [{ type: 'important', title: 'Hello', content: '<p><br></p>' }, 'Title and content are required'],
      [{ type: 'results', title: 'Results', content: '<p>x</p>', results: { winners: [{ ...winner, rank: '' }] } }, 'Rank, team name, and project name are required'],
      [{ type: 'results', title: 'Results', content: '<p>x</p>', results: { winners: [{ ...winner, teamName: ' ' }] } }, 'Rank, team name, and project name are required'],
      [{ type: 'results', title: 'Results', content: '<p>x</p>', results: { winners: [{ ...winner, projectName: '' }] } }, 'Rank, team name, and project name are required'],
      [{ type: 'results', title: 'Results', content: '<p>x</p>', results: { specialAwards: [{ category: 'Best UI', teamName: '' }] } }, 'Category and team name are required'],
      [{ type: 'results', title: 'Results', content: '<p>x</p>', results: { winners: [{ ...winner, videoLink: 'javascript:alert(1)' }] } }, 'Links must start with http:// or https://'],
      [{ type: 'news', title: 'Hello', content: '<p>x</p>' }, 'Unknown announcement type'],
    ] as const) {
      const res = await organiser.agent.post(url).send(body);
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    expect(await t.store.headPosition()).toBe(head);
  });

  it('lets the creator and admins manage announcements; others get 403; participants are notified and e-mailed the important ones', async () => {
    const url = `/api/hackathons/${hackathon.id}/announcements`;
    const body = { type: 'general', title: 'Kick-off', content: '<p>Hall A <script>x()</script></p>' };
    for (const who of [stranger, moderator, participant]) {
      const res = await who.agent.post(url).send(body);
      expect([res.status, res.body.message]).toEqual([403, 'Only the hackathon’s creator or an admin can manage its announcements']);
    }
    await t.request().post(url).send(body).expect(401);

    const general = await organiser.agent.post(url).send(body).expect(201);
    expect(general.body.data.announcement).toMatchObject({ type: 'general', title: 'Kick-off', content: '<p>Hall A </p>', results: { winners: [], specialAwards: [] } });
    t.clock.advance(1000);
    const mailsBefore = (await t.mailsTo(participant.email)).length;
    await organiser.agent.post(`/api/hackathons/${hackathon.username}/announcements`).send({ type: 'important', title: 'Venue moved', content: '<p>Now in <b>Hall B</b></p>' }).expect(201);
    t.clock.advance(1000);
    const results = await admin.agent
      .post(url)
      .send({ type: 'results', title: 'Winners', content: '<p>Congratulations!</p>', results: { winners: [{ ...winner, rank: 2, teamName: 'Second' }, winner], specialAwards: [{ category: 'Best UI', teamName: 'Pixel', projectName: 'Paint', description: '' }] } })
      .expect(201);
    const resultsId = results.body.data.announcement.id as string;
    expect(results.body.data.announcement.results.winners.map((w: { rank: number }) => w.rank)).toEqual([1, 2]);

    const mail = await t.latestMail(participant.email, { after: mailsBefore, subject: /Important: Venue moved/ });
    expect(mail.text).toContain('Now in Hall B');
    expect(mail.text).toContain(`/hackathons/${hackathon.username}/announcements`);
    const notes = await eventually(
      async () => (await participant.agent.get('/api/users/notifications').expect(200)).body.data as { type: string; message: string; link?: string }[],
      (list) => list.filter((n) => n.type === 'hackathon_announcement').length >= 3,
    );
    const mine = notes.filter((n) => n.type === 'hackathon_announcement');
    expect(mine).toHaveLength(3);
    expect(mine.map((n) => n.link)).toEqual(Array(3).fill(`/hackathons/${hackathon.username}/announcements`));
    expect(mine.map((n) => n.message).sort()).toEqual([
      `Important announcement in “${title}”: Venue moved`,
      `New announcement in “${title}”: Kick-off`,
      `New announcement in “${title}”: Winners`,
    ]);
    // Only the important one was e-mailed.
    expect((await t.mailsTo(participant.email)).filter((m) => /Important:|announcement/i.test(m.subject)).map((m) => m.subject)).toEqual([`Important: Venue moved (${title})`]);
    // The organiser is not notified of their own announcements; strangers are not either.
    const strangers = (await stranger.agent.get('/api/users/notifications').expect(200)).body.data as { type: string }[];
    expect(strangers.filter((n) => n.type === 'hackathon_announcement')).toEqual([]);

    // Newest first; team members' e-mail addresses only for the organisers.
    const publicList = (await t.request().get(url).expect(200)).body.data;
    expect(publicList.hackathon).toMatchObject({ _id: hackathon.id, username: hackathon.username, canManage: false });
    expect(publicList.announcements.map((a: { type: string }) => a.type)).toEqual(['results', 'important', 'general']);
    expect(publicList.announcements[0].results.winners[0].teamMembers[0]).toEqual({ name: 'Asha', email: '', role: 'Lead' });
    const ownList = (await organiser.agent.get(`/api/hackathons/${hackathon.username}/announcements`).expect(200)).body.data;
    expect(ownList.hackathon.canManage).toBe(true);
    expect(ownList.announcements[0].results.winners[0].teamMembers[0].email).toBe('asha@example.com');

    // Edit and delete: the creator or an admin, else 403; unknown ids are 404.
    const edited = await organiser.agent.put(`${url}/${resultsId}`).send({ type: 'general', title: 'Winners soon', content: '<p>Tomorrow</p>' }).expect(200);
    expect(edited.body.data.announcement).toMatchObject({ title: 'Winners soon', type: 'general', results: { winners: [] } });
    await stranger.agent.put(`${url}/${resultsId}`).send({ type: 'general', title: 'x', content: '<p>y</p>' }).expect(403);
    await organiser.agent.put(`${url}/${resultsId}`).send({ type: 'general', title: '', content: '<p>y</p>' }).expect(400);
    await stranger.agent.delete(`${url}/${resultsId}`).expect(403);
    await organiser.agent.delete(`${url}/${resultsId}`).expect(200);
    const gone = await organiser.agent.delete(`${url}/${resultsId}`);
    expect([gone.status, gone.body.message]).toEqual([404, 'Announcement not found']);
    await organiser.agent.put(`${url}/not-an-id`).send(body).expect(404);
    expect((await t.request().get(url).expect(200)).body.data.announcements).toHaveLength(2);
    await t.request().get('/api/hackathons/no-such-hackathon/announcements').expect(404);
  });

  it('manages sponsors by tier: name required, creator or admin only, shown in tier order and on the detail', async () => {
    const url = `/api/hackathons/${hackathon.id}/sponsors`;
    const noName = await organiser.agent.post(url).send({ name: ' ', tier: 'gold' });
    expect([noName.status, noName.body.message]).toEqual([400, 'Sponsor name is required']);
    await organiser.agent.post(url).send({ name: 'Acme', tier: 'diamond' }).expect(400);
    await organiser.agent.post(url).send({ name: 'Acme', tier: 'gold', image: 'javascript:alert(1)' }).expect(400);
    const refused = await stranger.agent.post(url).send({ name: 'Acme', tier: 'gold' });
    expect([refused.status, refused.body.message]).toEqual([403, 'Only the hackathon’s creator or an admin can manage its sponsors']);

    const community = (await organiser.agent.post(url).send({ name: 'Local Club', tier: 'community' }).expect(201)).body.data.sponsor;
    const gold = (await organiser.agent.post(url).send({ name: 'Acme', tier: 'gold', image: '/uploads/listing-images/acme.png' }).expect(201)).body.data.sponsor;
    await admin.agent.post(url).send({ name: 'MegaCorp', tier: 'platinum', image: 'https://example.com/logo.png' }).expect(201);
    expect((await t.request().get(url).expect(200)).body.data.sponsors.map((s: { name: string }) => s.name)).toEqual(['MegaCorp', 'Acme', 'Local Club']);

    await stranger.agent.put(`${url}/${gold._id}`).send({ name: 'Acme', tier: 'silver' }).expect(403);
    const moved = await organiser.agent.put(`${url}/${gold._id}`).send({ name: 'Acme Inc', tier: 'silver', image: gold.image }).expect(200);
    expect(moved.body.data.sponsor).toEqual({ _id: gold._id, name: 'Acme Inc', tier: 'silver', image: '/uploads/listing-images/acme.png' });
    await stranger.agent.delete(`${url}/${community._id}`).expect(403);
    await organiser.agent.delete(`${url}/${community._id}`).expect(200);
    const again = await organiser.agent.delete(`${url}/${community._id}`);
    expect([again.status, again.body.message]).toEqual([404, 'Sponsor not found']);
    const detail = (await t.request().get(`/api/hackathons/username/${hackathon.username}`).expect(200)).body.data;
    expect(detail.sponsors.map((s: { name: string; tier: string }) => [s.name, s.tier])).toEqual([
      ['MegaCorp', 'platinum'],
      ['Acme Inc', 'silver'],
    ]);
  });

  it('a replayed announcement notifies and mails nobody again', async () => {
    const url = `/api/hackathons/${hackathon.id}/announcements`;
    await organiser.agent.post(url).send({ type: 'important', title: 'Replayed', content: '<p>Once only</p>' }).expect(201);
    const notes = () => participant.agent.get('/api/users/notifications').then((r) => (r.body.data as { message: string }[]).filter((n) => n.message.endsWith(': Replayed')));
    await eventually(notes, (list) => list.length === 1);
    const posted = (await t.store.readStream(hackathonAnnouncementsStream(hackathon.id))).filter((e) => e.type === 'HackathonAnnouncementPosted').at(-1)!;
    const sent: Mail[] = [];
    const published: unknown[] = [];
    const notifier = new AnnouncementNotifier({
      knex: t.knex,
      store: t.store,
      mailer: { send: async (mail: Mail) => void sent.push(mail) } as never,
      bus: { publish: async (_topic: string, message: unknown) => void published.push(message) } as never,
      publicUrl: 'http://localhost',
      log: createLogger('test', 'silent'),
      secret: t.config.sessionSecret,
    });
    await notifier.handle(posted);
    await notifier.handle(posted);
    expect([sent, published]).toEqual([[], []]);
    expect(await notes()).toHaveLength(1);
  });
});
