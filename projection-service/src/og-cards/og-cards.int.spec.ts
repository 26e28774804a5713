import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@circuit/embedded/testing/test-app';
import { eventForm, listedEvent } from '@circuit/command-service/events/event-fixtures';
import { hackathonFormFixture } from '@circuit/command-service/hackathons/hackathon-form-fixture';
import { ogCardPath } from '@circuit/shared/web/og-card-path';

type Member = Awaited<ReturnType<TestApp['member']>>;
type Response = { status: number; body: unknown; headers: Record<string, string> };

const MIN = 60_000;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The image's size as its first chunk (IHDR) gives it; fails when the bytes are not a PNG. */
function pngSize(body: unknown): { width: number; height: number } {
  if (!Buffer.isBuffer(body)) throw new Error(`expected the PNG's bytes, got ${typeof body}`);
  expect(body.subarray(0, 8)).toEqual(PNG_SIGNATURE);
  expect(body.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

function quizForm(t: TestApp, title: string) {
  const at = (minutes: number) => new Date(t.clock.now().getTime() + minutes * MIN).toISOString();
  return {
    title,
    description: '<p>Five questions on capitals</p>',
    category: 'general',
    timeLimit: 5,
    dates: { registrationStartDate: at(-60), registrationEndDate: at(60), startDate: at(120), endDate: at(180) },
    questions: [0, 1].map((i) => ({ question: `Question ${i + 1}?`, options: ['A', 'B', 'C', 'D'], correctAnswer: i, points: 2 })),
  };
}

/** The link-preview cards of listings (GET /og/...), as a crawler with no session asks for them. */
describe('Open Graph cards', () => {
  let t: TestApp;
  let organiser: Member;
  let moderator: Member;
  const paths = { hackathon: '', event: '', quiz: '', pendingHackathon: '', pendingEvent: '', pendingQuiz: '' };

  /** A signed-out request of the card at `path`, its body read as bytes whatever its type. */
  const card = (path: string, headers: Record<string, string> = {}): Promise<Response> => t.request().get(path).set(headers).responseType('blob');

  beforeAll(async () => {
    t = await createTestApp();
    [organiser, moderator] = await Promise.all([t.member(), t.member('moderator')]);
    const hackathon = async (approve: boolean) => {
      const res = await organiser.agent.post('/api/hackathons').send(hackathonFormFixture(t.clock.now())).expect(201);
      if (approve) await moderator.agent.post(`/api/admin/hackathons/${res.body.data.id}/approve`).send({}).expect(200);
      return ogCardPath('hackathons', res.body.data.username);
    };
    const quiz = async (approve: boolean) => {
      const res = await organiser.agent.post('/api/quizzes').send(quizForm(t, approve ? 'World capitals' : 'Rivers')).expect(201);
      if (approve) await moderator.agent.post(`/api/admin/quizzes/${res.body.data._id}/approve`).send({}).expect(200);
      return ogCardPath('quizzes', res.body.data._id);
    };
    paths.hackathon = await hackathon(true);
    paths.pendingHackathon = await hackathon(false);
    paths.event = ogCardPath('events', (await listedEvent(organiser, moderator, t)).username);
    paths.pendingEvent = ogCardPath('events', (await organiser.agent.post('/api/events').send(eventForm(t)).expect(201)).body.data.username);
    paths.quiz = await quiz(true);
    paths.pendingQuiz = await quiz(false);
    await t.caughtUp();
  });
  afterAll(async () => t?.stop());

  it('answers an approved hackathon, event and quiz with a 1200x630 PNG, cacheable for five minutes', async () => {
    for (const path of [paths.hackathon, paths.event, paths.quiz]) {
      const res = await card(path);
      expect([path, res.status, res.headers['content-type']]).toEqual([path, 200, 'image/png']);
      expect(pngSize(res.body)).toEqual({ width: 1200, height: 630 });
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      expect(res.headers.etag).toMatch(/^"[^"]+"$/);
    }
  });

  it('answers 404 with no content for a pending listing, an unknown one, a name no listing can have and a path that is not a card', async () => {
    const unknown = [
      paths.pendingHackathon,
      paths.pendingEvent,
      paths.pendingQuiz,
      ogCardPath('hackathons', 'no-such-hackathon'),
      ogCardPath('events', 'no-such-event'),
      ogCardPath('quizzes', '00000000-0000-4000-8000-000000000000'),
      ogCardPath('quizzes', 'not-a-quiz-id'),
      ogCardPath('hackathons', 'a b'),
      '/og/profiles/someone.png',
      paths.hackathon.replace(/\.png$/, '.jpg'),
    ];
    for (const path of unknown) {
      const res = await card(path);
      expect([path, res.status, res.headers['content-type'], (res.body as Buffer).length]).toEqual([path, 404, undefined, 0]);
    }
    // Its organiser is signed in, yet the card answers as it does to everyone: pending is not shown.
    expect((await organiser.agent.get(paths.pendingHackathon)).status).toBe(404);
  });

  it('answers 304 with no body to a crawler that holds the current card, and the card again when it holds another', async () => {
    const first = await card(paths.event);
    const etag = first.headers.etag!;
    const again = await card(paths.event, { 'If-None-Match': etag });
    expect([again.status, (again.body as Buffer).length, again.headers.etag]).toEqual([304, 0, etag]);
    const stale = await card(paths.event, { 'If-None-Match': '"an-old-card"' });
    expect(stale.status).toBe(200);
    expect(stale.body).toEqual(first.body);
  });

  it('gives the card a new ETag when the listing changes', async () => {
    const before = (await card(paths.quiz)).headers.etag;
    const id = decodeURIComponent(paths.quiz.split('/').pop()!.replace(/\.png$/, ''));
    const edit = quizForm(t, 'World capitals');
    await organiser.agent.put(`/api/quizzes/${id}`).send({ dates: { ...edit.dates, endDate: new Date(t.clock.now().getTime() + 240 * MIN).toISOString() } }).expect(200);
    await t.caughtUp();
    const after = await card(paths.quiz);
    // An edit sends a listing back for review only when it was rejected: this one stays public.
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before);
  });
});
