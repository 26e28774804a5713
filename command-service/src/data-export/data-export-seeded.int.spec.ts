import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@circuit/embedded/testing/test-app';
import type { DataExport, DataExportAnswer } from '@circuit/shared/api/data-export';
import type { RecordedEvent } from '@circuit/shared/ports/event-store';
import { DATA_EXPORT_SECTIONS } from '@circuit/shared/personal-data/export-contents';
import { waitFor } from '@circuit/shared/testkit/wait';
import { unzip } from '@circuit/shared/zip/zip';
import { DEMO_PASSWORD } from '../seed/seed';

type Row = Record<string, unknown>;

/**
 * Acceptance (2) of issue 36: the ZIP of a seeded person with a rich history (sneha_ml: profile,
 * projects, followers and connections, hackathon, event and quiz registrations with a team, a paid
 * registration, quiz attempts, reviews, community posts, notifications; and a private message sent
 * here) holds every kind of their data. Each kind is checked field by field against what the seed
 * says or what the event store recorded, not against the export's own queries.
 */
describe('the data export of a seeded person', () => {
  let t: TestApp;
  let feed: RecordedEvent[];
  let files: Map<string, Buffer>;
  let sneha: string;
  const MESSAGE = '=HYPERLINK("https://example.test") see you at the demo';

  const table = (name: string) => JSON.parse(files.get(`${name}.json`)!.toString('utf8')) as Row[];
  const recorded = (type: string, by: (data: Row) => boolean) => feed.filter((e) => e.type === type && by(e.data as Row)).map((e) => e.data as Row);

  beforeAll(async () => {
    t = await createTestApp({ env: { SEED: 'true' } });
    await t.caughtUp();
    const agent = t.request();
    sneha = (await agent.post('/api/auth/login').send({ identifier: 'sneha_ml', password: DEMO_PASSWORD }).expect(200)).body.data.id as string;
    const rahul = (await t.knex('users').where({ username: 'rahul_builds' }).first('id')) as { id: string };
    await t.embedded.commands.messaging.send({ from: sneha, to: rahul.id, text: MESSAGE }, { userId: sneha });
    await t.caughtUp();

    const asked = (await agent.post('/api/users/me/data-export').expect(201)).body.data as DataExport;
    const latest = async () => ((await agent.get('/api/users/me/data-export').expect(200)).body.data as DataExportAnswer).export;
    await waitFor(async () => (await latest())?.status === 'ready', { timeoutMs: 60_000, intervalMs: 200, message: 'the export ready' });
    const zipped = await agent
      .get(`/api/users/me/data-export/${asked.id}/download`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    files = unzip(zipped.body as Buffer);
    feed = await t.store.readAll(0n, 1_000_000);
  }, 300_000);
  afterAll(async () => t?.stop());

  it('has a README naming every file, and each table as JSON and CSV', () => {
    const readme = files.get('README.txt')!.toString('utf8');
    expect(readme).toContain('Your data on Circuit (@sneha_ml)');
    for (const section of DATA_EXPORT_SECTIONS) {
      for (const name of Object.keys(section.files)) {
        expect(readme).toContain(`${section.key}/${name}.json, .csv`);
        expect(files.has(`${section.key}/${name}.json`)).toBe(true);
        expect(files.has(`${section.key}/${name}.csv`)).toBe(true);
      }
    }
    expect([...files.keys()].length).toBe(1 + 2 * DATA_EXPORT_SECTIONS.reduce((n, s) => n + Object.keys(s.files).length, 0));
  });

  it('holds the profile as the seed wrote it', () => {
    expect(table('profile/profile')).toEqual([
      expect.objectContaining({
        id: sneha,
        username: 'sneha_ml',
        email: 'sneha@circuit.local',
        first_name: 'Sneha',
        last_name: 'Iyer',
        tagline: 'Machine learning for healthcare',
        bio: '<p>Working on medical imaging with <strong>deep learning</strong>. Kaggle expert.</p>',
        website: 'https://sneha-ml.github.io',
        social_links: { github: 'https://github.com/sneha-ml', linkedin: 'https://www.linkedin.com/in/sneha-ml' },
        country: 'India',
        state: 'Tamil Nadu',
        address: 'Adyar, Chennai',
        college: 'Anna University',
        course: 'B.Tech',
        branch: 'Artificial Intelligence',
        college_year: '3rd Year',
        skills: ['Python', 'Machine Learning', 'PyTorch', 'Computer Vision', 'Data Science'],
      }),
    ]);
    const csv = files.get('profile/profile.csv')!.toString('utf8');
    expect(csv.split('\r\n')[0]).toMatch(/^"id","username","email",/);
    expect(csv).toContain('"sneha@circuit.local"');
  });

  it('holds her portfolio projects and the hackathon projects she is a member of', () => {
    expect(table('projects/portfolio_projects')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ owner_id: sneha, title: 'X-Ray Triage', description: 'A model that flags chest X-rays needing urgent review, with saliency maps for radiologists.', technologies: ['Python', 'PyTorch', 'FastAPI'], github_url: 'https://github.com/sneha-ml/xray-triage' }),
        expect.objectContaining({ owner_id: sneha, title: 'Study Planner', technologies: ['Python', 'Flask'] }),
      ]),
    );
    const submitted = recorded('HackathonProjectSubmitted', (d) => Array.isArray(d.memberIds) && d.memberIds.includes(sneha));
    expect(submitted.length).toBeGreaterThan(0);
    const projects = table('projects/hackathon_projects');
    expect(projects.map((p) => p.project_id).sort()).toEqual([...new Set(submitted.map((s) => s.projectId as string))].sort());
    for (const s of submitted) expect(projects.find((p) => p.project_id === s.projectId)).toMatchObject({ hackathon_id: s.hackathonId, member_ids: expect.arrayContaining([sneha]), hackathon_title: expect.any(String) });
  });

  it('holds her followers, whom she follows and her connections, by username', () => {
    const usernames = (rows: Row[], column: string) => rows.map((r) => r[column]).sort();
    // The seed: kabir follows her, she follows aarav; she is connected with rahul and priya (a connection follows both ways).
    expect(usernames(table('connections/followers'), 'follower_username')).toEqual(expect.arrayContaining(['kabir_ops', 'priya_codes', 'rahul_builds']));
    expect(usernames(table('connections/following'), 'followee_username')).toEqual(expect.arrayContaining(['aarav_dev', 'priya_codes', 'rahul_builds']));
    expect(usernames(table('connections/connections'), 'connection_username')).toEqual(['priya_codes', 'rahul_builds']);
    for (const row of table('connections/connections')) expect(typeof row.since).toBe('string');
  });

  it('holds her registrations with their teams and forms, as recorded', () => {
    const registered = recorded('HackathonParticipantRegistered', (d) => d.userId === sneha);
    const hackathons = table('registrations/hackathon_registrations');
    expect(hackathons.map((r) => r.hackathon_id).sort()).toEqual([...new Set(registered.map((r) => r.hackathonId as string))].sort());
    const joined = recorded('TeamMemberJoined', (d) => d.userId === sneha).concat(recorded('TeamCreated', (d) => d.creatorId === sneha));
    const inTeam = hackathons.find((r) => r.team_id);
    expect(inTeam).toMatchObject({ team_name: expect.any(String), team_status: expect.stringMatching(/^(forming|payment_required|complete)$/), hackathon_title: expect.any(String) });
    expect(joined.map((j) => j.teamId)).toContain(inTeam!.team_id);
    const events = table('registrations/event_registrations');
    expect(events.map((r) => r.event_id).sort()).toEqual([...new Set(recorded('EventAttendeeRegistered', (d) => d.userId === sneha).map((r) => r.eventId as string))].sort());
    expect(events[0]).toMatchObject({ event_title: expect.any(String), payment_status: expect.any(String), registered_at: expect.any(String) });
    expect(table('registrations/quiz_registrations').map((r) => r.quiz_id).sort()).toEqual(recorded('QuizParticipantRegistered', (d) => d.userId === sneha).map((r) => r.quizId).sort());
  });

  it('holds her payments, folded from the payment events', () => {
    const orders = recorded('PaymentOrderCreated', (d) => d.userId === sneha);
    expect(orders.length).toBeGreaterThan(0);
    const payments = table('payments/payments');
    expect(payments).toHaveLength(orders.length);
    for (const order of orders) {
      const verified = recorded('PaymentVerified', (d) => d.orderId === order.orderId)[0];
      expect(payments.find((p) => p.order_id === order.orderId)).toEqual(
        expect.objectContaining({
          amount: ((order.amountMinor as number) / 100).toFixed(2),
          currency: order.currency,
          provider: order.provider,
          listing_id: (order.purpose as Row).listingId,
          started_at: order.at,
          ...(verified ? { status: 'paid', payment_id: verified.paymentId, paid_at: verified.at } : {}),
        }),
      );
    }
  });

  it('holds her quiz attempts and each answer she gave', () => {
    const submitted = recorded('QuizAttemptSubmitted', (d) => d.userId === sneha);
    const attempts = table('quiz-answers/quiz_attempts');
    expect(attempts.filter((a) => a.attempt === 'submitted').map((a) => a.quiz_id).sort()).toEqual(submitted.map((s) => s.quizId).sort());
    for (const s of submitted) expect(attempts.find((a) => a.quiz_id === s.quizId)).toMatchObject({ time_taken: s.timeTaken, calculated_marks: expect.any(Number), percentage: expect.any(Number), quiz_title: expect.any(String) });
    // The last answer recorded for each question is the one shown.
    const given = new Map<string, number>();
    for (const a of recorded('QuizAnswerRecorded', (d) => d.userId === sneha)) given.set(`${a.quizId}#${a.questionIndex}`, a.selectedAnswer as number);
    const answers = table('quiz-answers/quiz_answers');
    expect(answers.length).toBe([...given.values()].filter((v) => v >= 0).length);
    for (const answer of answers) {
      expect(given.get(`${answer.quiz_id}#${(answer.question_number as number) - 1}`)).toBeGreaterThanOrEqual(0);
      expect(answer).toMatchObject({ question: expect.stringMatching(/\S/), your_answer: expect.stringMatching(/\S/), correct_answer: expect.stringMatching(/\S/), is_correct: expect.any(Boolean) });
      expect(answer.is_correct).toBe(answer.your_answer === answer.correct_answer);
    }
  });

  it('holds the reviews she wrote', () => {
    const written = recorded('HackathonReviewSubmitted', (d) => d.userId === sneha);
    expect(written.length).toBeGreaterThan(0);
    const reviews = table('reviews/reviews');
    for (const w of written) expect(reviews.find((r) => r.hackathon_id === w.hackathonId)).toMatchObject({ user_id: sneha, hackathon_title: expect.any(String) });
    const last = new Map(recorded('HackathonReviewSubmitted', (d) => d.userId === sneha).concat(recorded('HackathonReviewEdited', (d) => d.userId === sneha)).map((w) => [w.hackathonId, w]));
    for (const [hackathonId, w] of last) expect(reviews.find((r) => r.hackathon_id === hackathonId)).toMatchObject({ rating: w.rating, comment: w.comment });
  });

  it('holds the messages she sent: the private one, and her community posts', () => {
    expect(table('messages/private_messages')).toEqual([expect.objectContaining({ from_id: sneha, to_username: 'rahul_builds', message: MESSAGE })]);
    // A spreadsheet shows it as text, not as a formula.
    expect(files.get('messages/private_messages.csv')!.toString('utf8')).toContain(`"'=HYPERLINK(""https://example.test"") see you at the demo"`);
    const posted = recorded('CommunityMessagePosted', (d) => d.userId === sneha);
    const posts = table('messages/community_posts');
    expect(posts.length).toBe(posted.length);
    for (const p of posted) expect(posts.find((row) => row.id === p.messageId)).toMatchObject({ user_id: sneha, hackathon_id: p.hackathonId, hackathon_title: expect.any(String) });
  });

  it('holds the notifications she received', () => {
    const created = recorded('NotificationCreated', (d) => d.userId === sneha);
    const notifications = table('notifications/notifications');
    expect(notifications.map((n) => n.id).sort()).toEqual(created.map((c) => c.notificationId).sort());
    for (const c of created) expect(notifications.find((n) => n.id === c.notificationId)).toMatchObject({ user_id: sneha, type: c.type });
  });
});
