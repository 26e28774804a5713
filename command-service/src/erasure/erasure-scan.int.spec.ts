import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userStream } from '@circuit/shared/events/accounts';
import { waitFor } from '@circuit/shared/testkit/wait';
import { createTestApp, type TestApp } from '@circuit/embedded/testing/test-app';
import { hackathonFormFixture } from '../hackathons/hackathon-form-fixture';
import { createdListing } from '../listings/listing-fixtures.testkit';

/**
 * Issue 36's acceptance (docs/personal-data.md): a person with a full history is erased, every projection is
 * rebuilt, and nothing of theirs is left in the clear: not in the event store (data, metadata, stream ids), not in
 * any table of any schema, not in the uploads folder. The others' side still reads sensibly.
 */

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const MIN = 60_000;

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

describe('erasure leaves nothing of the person in the clear', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'h-erasure-scan-'));
    t = await createTestApp({ env: { DATA_DIR: dataDir } });
  });
  afterAll(async () => {
    await t?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('scans the event store, every table and the uploads after a full history is erased', async () => {
    // Letters only: names allow no digits.
    const tag = [...randomBytes(8)].map((b) => String.fromCharCode(97 + (b % 26))).join('');
    const person = t.newUser({ firstName: `Zephyrine${tag}`, lastName: `Quillfeather${tag}`, email: `zq.${tag}@example.test` });
    const mobile = `7${randomInt(100_000_000, 999_999_999)}`;
    const secret = `Meet me by the banyan tree ${tag}`;
    const { agent: me, userId } = await t.signedIn(person);
    const organiser = await t.member();
    const moderator = await t.member('moderator');
    const auditor = await t.member('auditor');
    const friend = await t.member();
    const third = await t.member();

    // Profile, picture and a portfolio project with an uploaded image.
    await me.put('/api/users/profile').send({ firstName: person.firstName, lastName: person.lastName, mobile, college: `College of ${person.lastName}`, bio: `I am ${person.firstName}`, country: 'India', state: 'Kerala', address: `12 ${person.lastName} Street, Kochi` }).expect(200);
    const picture = (await me.post('/api/users/profile-picture').attach('profilePicture', PNG, 'me.png').expect(200)).body.data.profilePicture as string;
    const image = (await me.post('/api/users/projects/image').attach('image', PNG, 'shot.png').expect(200)).body.data.url as string;
    await me.post('/api/users/projects').send({ title: `${person.firstName}'s log`, description: `Notes by ${person.firstName} ${person.lastName}`, technologies: ['TypeScript'], image }).expect(201);

    // A paid hackathon: registered with mobile and college, a team of three, paid in the sandbox; then a review.
    const hackathon = await createdListing('hackathons', hackathonFormFixture(t.clock.now(), { takeRegistrations: true, pricing: { type: 'paid', amount: 499, currency: 'INR' }, teamSettings: { minMembers: 2, maxMembers: 3 } }), organiser, moderator);
    await me.post(`/api/hackathons/${hackathon.id}/register`).send({ college: `College of ${person.lastName}`, mobile }).expect(201);
    await friend.agent.post(`/api/hackathons/${hackathon.id}/register`).send({}).expect(201);
    await third.agent.post(`/api/hackathons/${hackathon.id}/register`).send({}).expect(201);
    const team = (await me.post(`/api/hackathons/${hackathon.id}/teams`).send({ name: `Team ${tag}` }).expect(201)).body.data.team;
    await friend.agent.post(`/api/hackathons/${hackathon.id}/teams/join`).send({ code: team.code }).expect(200);
    await third.agent.post(`/api/hackathons/${hackathon.id}/teams/join`).send({ code: team.code }).expect(200);
    await me.post(`/api/hackathons/${hackathon.id}/teams/${team.id}/submit`).send({}).expect(200);
    const order = (await me.post(`/api/hackathons/${hackathon.id}/create-payment-order`).send({}).expect(200)).body.data;
    const paid = (await me.post(`/api/payments/sandbox/${order.orderId}/pay`).send({ outcome: 'success' }).expect(200)).body.data;
    await me.post(`/api/hackathons/${hackathon.id}/verify-payment`).send({ orderId: paid.razorpay_order_id, paymentId: paid.razorpay_payment_id, signature: paid.razorpay_signature }).expect(200);
    await me.post(`/api/hackathons/${hackathon.id}/reviews`).send({ rating: 4, comment: `Loved it, ${person.firstName}` }).expect(201);

    // A quiz attempt.
    const at = (minutes: number) => new Date(t.clock.now().getTime() + minutes * MIN).toISOString();
    const quiz = await createdListing(
      'quizzes',
      {
        title: `Quiz ${tag}`,
        description: '<p>Two questions</p>',
        instructions: '<p>One attempt.</p>',
        category: 'general',
        timeLimit: 5,
        dates: { registrationStartDate: at(-60), registrationEndDate: at(60), startDate: at(-10), endDate: at(120) },
        questions: [0, 1].map((i) => ({ question: `Question ${i + 1}?`, options: ['A', 'B'], correctAnswer: i % 2, points: 1 })),
      },
      organiser,
      moderator,
    );
    const quizProfile = { agreeToTerms: true, firstName: person.firstName, lastName: person.lastName, mobile, college: `College of ${person.lastName}`, course: 'B.Tech', branch: 'Computer Science', collegeYear: '2nd Year', country: 'India', state: 'Kerala' };
    await me.post(`/api/quizzes/${quiz.id}/register`).send(quizProfile).expect(201);
    await me.get(`/api/quizzes/${quiz.id}/questions`).expect(200);
    await me.post(`/api/quizzes/${quiz.id}/submit`).send({ answers: [{ questionIndex: 0, selectedAnswer: 0 }], timeTaken: 1 }).expect(200);

    // A connection and a private chat both ways.
    await me.post(`/api/users/connect/${friend.userId}`).expect(200);
    await friend.agent.post(`/api/users/accept-connection/${userId}`).expect(200);
    const messaging = t.embedded.commands.messaging;
    await messaging.send({ from: userId, to: friend.userId, text: secret }, { userId });
    const reply = `Sure, see you there ${tag}`;
    await messaging.send({ from: friend.userId, to: userId, text: reply }, { userId: friend.userId });
    await t.caughtUp();

    // Erased; every projection rebuilt.
    await me.post('/api/auth/delete-account').send({ password: person.password }).expect(200);
    const erasedAt = (await t.store.readStream(userStream(userId))).find((e) => e.type === 'AccountErased')!.position;
    await waitFor(() => t.embedded.projections.erasureRebuilds.rebuiltThrough(erasedAt), { timeoutMs: 60_000, message: 'the rebuild after the erasure' });
    await waitFor(async () => filesUnder(t.uploadsDir).every((f) => !f.endsWith(path.basename(image)) && !f.endsWith(path.basename(picture))), { message: "the person's uploads removed" });
    await t.caughtUp();

    const needles = [person.email, person.firstName, person.lastName, mobile, secret].map((n) => n.toLowerCase());
    const found: string[] = [];
    const inStreamIds: string[] = [];
    const look = (where: string, text: string) => {
      const lower = text.toLowerCase();
      for (const needle of needles) if (lower.includes(needle)) found.push(`${where}: ${needle} in ${text.slice(Math.max(0, lower.indexOf(needle) - 80), lower.indexOf(needle) + 80)}`);
    };

    // The event store: raw data and metadata as stored, and the stream ids (looked at on their own below).
    const events = await t.knex('event_store_events').select('stream_id', 'data', 'metadata');
    expect(events.length).toBeGreaterThan(50);
    for (const e of events as { stream_id: string; data: unknown; metadata: unknown }[]) {
      look(`event_store_events data of ${e.stream_id}`, JSON.stringify(e.data));
      look(`event_store_events metadata of ${e.stream_id}`, JSON.stringify(e.metadata));
      if (needles.some((n) => e.stream_id.toLowerCase().includes(n))) inStreamIds.push(e.stream_id);
    }
    // Every table of every schema, each row as text, but for the event store's stream ids (above).
    const tables = (
      await t.knex.raw<{ rows: { table_schema: string; table_name: string }[] }>(
        `select table_schema, table_name from information_schema.tables where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
      )
    ).rows;
    expect(tables.map((r) => r.table_name)).toEqual(expect.arrayContaining(['event_store_events', 'users', 'chat_messages', 'dev_mailbox', 'personal_data_keys']));
    for (const { table_schema: schema, table_name: table } of tables) {
      const rows = (await t.knex.raw<{ rows: { row: string }[] }>(`select r::text as row from "${schema}"."${table}" r`)).rows;
      for (const { row } of rows) look(`${schema}.${table}`, inStreamIds.reduce((text, id) => text.split(id).join('<stream id>'), row));
    }
    const uploads = filesUnder(t.uploadsDir);
    for (const file of uploads) look(`uploads ${path.relative(t.uploadsDir, file)}`, fs.readFileSync(file, 'latin1'));
    expect(found).toEqual([]);
    // E-mail reservation streams are named by a blind index, never by the address.
    expect(inStreamIds).toEqual([]);

    // The other side reads sensibly.
    const chat = (await friend.agent.get(`/api/users/${userId}/chat`).expect(200)).body.data as { from: string; message: string }[];
    expect(chat.map((m) => [m.from === userId ? 'erased' : 'friend', m.message])).toEqual([
      ['erased', 'Message deleted'],
      ['friend', reply],
    ]);
    const teamNow = (await friend.agent.get(`/api/hackathons/${hackathon.id}/teams/me`).expect(200)).body.data.team;
    const names = (teamNow.members as { _id: string; firstName: string; lastName: string }[]).map((m) => [m._id, `${m.firstName} ${m.lastName}`]);
    expect(names).toEqual(expect.arrayContaining([[userId, 'Deleted user'], [friend.userId, expect.stringMatching(/^Test User/)], [third.userId, expect.stringMatching(/^Test User/)]]));
    expect(names).toHaveLength(3);
    await t.request().get(`/api/users/username/${person.username}`).expect(404);

    // The payments audit still reconciles: the order, its amount and its payment id, without the name.
    const audit = (await auditor.agent.get('/api/admin/audit/payments').expect(200)).body as { id: string; amountMinor: number; status: string; verifiedPaymentIds: string[] }[];
    expect(audit.find((o) => o.id === order.orderId)).toMatchObject({ amountMinor: 49_900, status: 'paid', verifiedPaymentIds: [paid.razorpay_payment_id] });
    // The registration's history says that the erasure happened, and when, never what.
    const registrations = (await auditor.agent.get('/api/admin/audit/registrations').query({ filter: JSON.stringify({ userId }) }).expect(200)).body as { id: string }[];
    const detail = (await auditor.agent.get(`/api/admin/audit/registrations/${encodeURIComponent(registrations[0]!.id)}`).expect(200)).body as { history: { type: string; summary: string; at: string }[] };
    expect(detail.history.find((e) => e.type === 'AccountErased')).toMatchObject({ summary: 'Account erased (requested)', at: expect.any(String) });
  });
});

