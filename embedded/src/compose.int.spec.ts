import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@circuit/shared/config';
import { createTestApp, type TestApp } from './testing/test-app';
import { toNewEvents } from '@circuit/shared/commands/decider';
import { SEED_STREAM } from '@circuit/shared/events/seed';
import { seedIfEmpty } from '@circuit/command-service/seed/seed';
import { startRazorpayFake } from '@circuit/command-service/payments/razorpay-fake.testkit';

/** The store's head once the seed's background reactions (review notifications) have settled. */
async function settledHead(store: { headPosition(): Promise<bigint> }): Promise<bigint> {
  let head = await store.headPosition();
  for (let previous = -1n; previous !== head; ) {
    previous = head;
    await new Promise((r) => setTimeout(r, 300));
    head = await store.headPosition();
  }
  return head;
}

/** The demo seed's events by type, counted on a first start before it was made faster (issue 37). */
const SEEDED_EVENTS: Record<string, number> = {
  AttendeeCheckedIn: 3,
  CertificateIssued: 21,
  CertificateRevoked: 1,
  CommunityAdminAdded: 2,
  CommunityMessagePosted: 69,
  ConnectionAccepted: 3,
  ConnectionRequested: 4,
  DemoSeedCompleted: 1,
  DemoSeedStarted: 1,
  EventApproved: 14,
  EventAttendeeRegistered: 14,
  EventCreated: 16,
  EventRegistrationPaid: 1,
  EventRejected: 1,
  EventSlugReserved: 16,
  EventWaitlistJoined: 4,
  HackathonAnnouncementPosted: 10,
  HackathonApproved: 20,
  HackathonCreated: 28,
  HackathonJudgeInvited: 6,
  HackathonJudgeNoteSaved: 2,
  HackathonJudgingSetupSaved: 3,
  HackathonParticipantRegistered: 74,
  HackathonProjectDraftSaved: 8,
  HackathonProjectSubmitted: 8,
  HackathonProjectsAssigned: 2,
  HackathonRejected: 4,
  HackathonReviewSubmitted: 12,
  HackathonScoreChanged: 1,
  HackathonScoreGiven: 56,
  HackathonSlugReserved: 28,
  HackathonSponsorAdded: 15,
  HackathonWinnersPublished: 1,
  ListingCoHostAdded: 1,
  NameReserved: 34,
  NotificationCreated: 103,
  NotificationRead: 6,
  NotificationStatusChanged: 6,
  PaymentOrderCreated: 3,
  PaymentVerified: 3,
  ProfileUpdated: 5,
  ProjectCommented: 9,
  ProjectCreated: 9,
  ProjectLiked: 18,
  ProjectSaved: 9,
  QuizAnswerRecorded: 31,
  QuizApproved: 5,
  QuizAttemptStarted: 7,
  QuizAttemptSubmitted: 7,
  QuizCreated: 7,
  QuizParticipantRegistered: 9,
  QuizRejected: 1,
  TeamCreated: 32,
  TeamMemberJoined: 20,
  TeamRegistrationCompleted: 19,
  TeamSubmitted: 20,
  UserFollowed: 9,
  UserRegistered: 17,
  UserReported: 1,
  UserSuspended: 1,
};

/** The composition root in its two less common situations: production settings, and a restart on disk. */

describe('embedded app with production settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      config: loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'a-production-secret-of-enough-length', TICKET_SIGNING_KEY: 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8', PERSONAL_DATA_MASTER_KEY: 'ICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw9Pj8=', LOG_LEVEL: 'silent' }),
    });
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('refuses to start without SESSION_SECRET', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET is required in production/);
  });

  it('has no /dev/mailbox (404), for programs and browsers', async () => {
    const user = t.newUser();
    await t.request().post('/api/auth/signup').send(user).expect(201);
    // Without a built web app nothing answers the path at all; with one, it would be the app's own 404 page.
    const webBuilt = fs.existsSync(path.resolve(import.meta.dirname, '../../public-web/dist/index.html'));
    const json = await t.request().get('/dev/mailbox').query({ to: user.email }).set('Accept', 'application/json');
    const html = await t.request().get('/dev/mailbox').set('Accept', 'text/html');
    if (!webBuilt) {
      expect(json.status).toBe(404);
      expect(html.status).toBe(404);
    }
    expect(json.text).not.toContain(user.email.toLowerCase());
    expect(json.text).not.toContain('Your Circuit verification code');
    expect(html.text).not.toContain('Dev mailbox');
  });

  it('does not seed production', async () => {
    expect(await t.knex('users').whereIn('username_lower', ['moderator', 'admin'])).toEqual([]);
  });

  it('answers /healthz and /readyz', async () => {
    await t.request().get('/healthz').expect(200, { status: 'ok' });
    await t.request().get('/readyz').expect(200, { status: 'ready' });
  });

  it('serves Prometheus metrics at /metrics: HTTP latency by route pattern, events appended, commands, each projection\'s lag, the backlogs', async () => {
    await t.request().get('/api/hackathons/no-such-hackathon').expect(404);
    await t.request().post('/api/auth/signup').send(t.newUser()).expect(201);
    const res = await t.request().get('/metrics').expect(200);
    expect(res.headers['content-type']).toContain('text/plain');
    // The route's pattern, never the path: an id does not make a series of its own.
    const series = (name: string, ...labels: string[]) =>
      res.text.split('\n').filter((line) => line.startsWith(`${name}{`) && labels.every((label) => line.includes(label))).map((line) => Number(line.split(' ').at(-1)));
    expect(series('circuit_http_request_duration_seconds_count', 'route="/api/hackathons/:id"', 'status="4xx"')).toEqual([1]);
    expect(res.text).not.toContain('no-such-hackathon');
    expect(series('circuit_events_appended_total', 'type="UserRegistered"', 'service="embedded"')[0]).toBeGreaterThan(0);
    expect(series('circuit_projection_lag_events', 'projection="users"')).toHaveLength(1);
    expect(series('circuit_commands_total', 'outcome="ok"').length).toBeGreaterThan(0);
    // The command service's backlogs, read from the in-process bus and the reminder tables: nothing waits.
    expect(series('circuit_bus_lag_messages', 'group="command-service.chat-send"')).toEqual([0]);
    expect(series('circuit_reminders_pending', 'state="due"')).toEqual([0]);
    expect(res.text).toContain('circuit_process_resident_memory_bytes');
  });

  it('sends the baseline security headers with every answer', async () => {
    const res = await t.request().get('/api/auth/me').expect(401);
    expect(res.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY', 'referrer-policy': 'strict-origin-when-cross-origin' });
  });
});

describe('embedded app on a PGlite data directory (seed, stop, start again)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'circuit-compose-'));
  const env = { DATA_DIR: dataDir, SEED: 'true' };
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('seeds a moderator and an admin who sign in with the README credentials, and keeps accounts across a restart', { timeout: 240_000 }, async () => {
    const first = await createTestApp({ env });
    let user: ReturnType<TestApp['newUser']>;
    let cookie: string;
    let head: bigint;
    try {
      expect(fs.existsSync(path.join(dataDir, 'pg'))).toBe(true);
      // As rich as before the first start was made faster (issue 37): the same events, type by type (before anyone signs in).
      await settledHead(first.store);
      const seededEvents = await first.knex('event_store_events').select('type').count<{ type: string; count: string }[]>('* as count').groupBy('type');
      expect(Object.fromEntries(seededEvents.map((r) => [r.type, Number(r.count)]))).toEqual(SEEDED_EVENTS);

      const moderator = await first.request().post('/api/auth/login').send({ identifier: 'moderator', password: 'moderator123' }).expect(200);
      expect(moderator.body.data).toMatchObject({ username: 'moderator', role: 'moderator', isEmailVerified: true });
      const admin = await first.request().post('/api/auth/login').send({ identifier: 'admin', password: 'admin12345' }).expect(200);
      expect(admin.body.data).toMatchObject({ username: 'admin', role: 'admin', isEmailVerified: true });
      await first.request().post('/api/auth/login').send({ identifier: 'moderator@circuit.local', password: 'moderator123' }).expect(200);
      await first.request().post('/api/auth/login').send({ identifier: 'admin', password: 'moderator123' }).expect(401);
      // Demo users come with it (a populated site on first start).
      const seeded = await first.knex('users').select('username');
      expect(seeded.length).toBeGreaterThan(2);
      // And a few hackathons with reviews, an announcement of each type and a sponsor in every tier.
      const types = (await first.knex('hackathon_announcements').distinct('type')).map((r: { type: string }) => r.type).sort();
      expect(types).toEqual(['general', 'important', 'results']);
      const tiers = (await first.knex('hackathon_sponsors').distinct('tier')).map((r: { tier: string }) => r.tier).sort();
      expect(tiers).toEqual(['bronze', 'community', 'gold', 'platinum', 'silver']);
      expect(Number((await first.knex('hackathon_reviews').count<{ count: string }[]>('* as count'))[0]!.count)).toBeGreaterThan(0);
      // Every seeded hackathon has a banner of its own, served as a JPEG small enough for a phone.
      const listed = await first.request().get('/api/hackathons?limit=4').expect(200);
      const banners: string[] = listed.body.data.map((h: { images: { banner: string } }) => h.images.banner);
      expect(banners).toHaveLength(4);
      expect(new Set(banners).size).toBe(4);
      const image = await first.request().get(banners[0]!).expect(200);
      expect(image.headers['content-type']).toBe('image/jpeg');
      expect(image.body.length).toBeLessThan(20_000);
      // Events in every type, category and pricing type, in every date state, some full with a line.
      const distinct = async (column: string) => (await first.knex('events').distinct(column)).length;
      expect([await distinct('event_type'), await distinct('category'), await distinct('pricing_type'), await distinct('status')]).toEqual([9, 9, 3, 3]);
      const states = new Set((await first.request().get('/api/events?country=International&limit=50').expect(200)).body.data.map((e: { displayStatus: string }) => e.displayStatus));
      for (const s of (await first.request().get('/api/events?limit=50').expect(200)).body.data) states.add(s.displayStatus);
      expect([...states].sort()).toEqual(['Completed', 'In Progress', 'Upcoming']);
      expect(await first.knex('events').where('waitlist_count', '>', 0).whereRaw('current_attendees >= max_attendees')).not.toHaveLength(0);
      expect(await first.knex('event_attendees').where({ payment_status: 'completed' }).join('events', 'events.id', 'event_attendees.event_id').where('events.pricing_type', 'paid')).not.toHaveLength(0);

      // The console's seed: an auditor, a suspended user reported first, pending listings; every seeded registration replays to its read-model row.
      const auditor = first.request();
      const asAuditor = await auditor.post('/api/auth/login').send({ identifier: 'auditor', password: 'auditor123' }).expect(200);
      expect(asAuditor.body.data.role).toBe('auditor');
      expect((await first.request().post('/api/auth/login').send({ identifier: 'spam_sam', password: 'demo12345' })).status).toBe(403);
      const staff = first.request();
      await staff.post('/api/auth/login').send({ identifier: 'moderator', password: 'moderator123' }).expect(200);
      expect((await staff.get('/api/admin/reports').query({ filter: '{"status":"open"}' }).expect(200)).body).toHaveLength(1);
      expect((await staff.get('/api/admin/moderation').expect(200)).body.length).toBeGreaterThan(0);
      const registrations = (await auditor.get('/api/admin/audit/registrations').query({ range: '[0,999]' }).expect(200)).body as { id: string }[];
      expect(registrations.length).toBeGreaterThan(0);
      // Nothing seeded happens later than now: neither an event's time nor a time it records (an
      // audit once showed registrations two days ahead). Offers, holds and deadlines lie ahead by nature.
      const now = Date.now();
      const ahead: string[] = [];
      for (let after = 0n; ; ) {
        const page = await first.store.readAll(after, 1000);
        if (page.length === 0) break;
        after = page.at(-1)!.position;
        for (const e of page) {
          const times = Object.entries({ occurredAt: e.occurredAt, ...(e.data as Record<string, unknown>) }).filter(([k, v]) => (k === 'at' || k.endsWith('At')) && k !== 'expiresAt' && typeof v === 'string');
          for (const [k, v] of times) if (Date.parse(v as string) > now) ahead.push(`${e.type}.${k} = ${String(v)}`);
        }
      }
      expect(ahead).toEqual([]);
      for (const r of registrations) {
        const detail = (await auditor.get(`/api/admin/audit/registrations/${encodeURIComponent(r.id)}`).expect(200)).body;
        expect({ id: r.id, differences: detail.current.differences }).toEqual({ id: r.id, differences: [] });
      }

      ({ user } = await first.signUpVerified());
      const agent = first.request();
      const login = await agent.post('/api/auth/login').send({ identifier: user.username, password: user.password }).expect(200);
      cookie = (login.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('circuit.sid='))!.split(';')[0]!;
      head = await settledHead(first.store);
    } finally {
      await first.stop();
    }

    const second = await createTestApp({ env });
    try {
      // The seed ran once: a second start on a store with events adds nothing.
      expect(await second.store.headPosition()).toBe(head);
      await second.request().post('/api/auth/login').send({ identifier: user.username, password: user.password }).expect(200);
      await second.request().post('/api/auth/login').send({ identifier: 'moderator', password: 'moderator123' }).expect(200);
      expect(await second.knex('users').where({ username_lower: 'moderator' })).toHaveLength(1);
      // Sessions live in the database: the browser is still signed in.
      await second.request().get('/api/auth/me').set('Cookie', cookie).expect(200);
      // The mail process manager resumed from its checkpoint: the verification code was not sent again.
      await new Promise((r) => setTimeout(r, 200));
      expect(await second.mailsTo(user.email)).toHaveLength(1);
      // The taken username stays taken.
      await second.request().post('/api/auth/signup').send(second.newUser({ username: user.username })).expect(409);
    } finally {
      await second.stop();
    }
  });
});

describe('an interrupted first-start seed', () => {
  it('is finished at the next start, without duplicating what it had already created; with Razorpay configured, paid registrations wait for their payment', { timeout: 120_000 }, async () => {
    const fake = await startRazorpayFake('rzp_test_seed', 'seed-key-secret');
    const t = await createTestApp({ env: { SEED: 'false', RAZORPAY_KEY_ID: 'rzp_test_seed', RAZORPAY_KEY_SECRET: 'seed-key-secret', RAZORPAY_API_URL: fake.url } });
    try {
      // What a first start killed after its first account leaves behind.
      await t.store.append(SEED_STREAM, toNewEvents([{ type: 'DemoSeedStarted', data: { at: new Date().toISOString() } }], {}, new Date().toISOString()), 'no_stream');
      await t.embedded.commands.accounts.register(
        { username: 'moderator', email: 'moderator@circuit.local', password: 'moderator123', firstName: 'Maya', lastName: 'Moderator', role: 'moderator', emailVerified: true },
        {},
      );

      const seed = (config: TestApp['config']) =>
        seedIfEmpty({ config, store: t.store, knex: t.knex, log: t.embedded.log, ...t.embedded.commands });
      const seeding = { ...t.config, SEED: 'true' as const };
      expect(await seed(seeding)).toBe(true);
      expect(await t.knex('users').where({ username_lower: 'moderator' })).toHaveLength(1);
      await t.request().post('/api/auth/login').send({ identifier: 'admin', password: 'admin12345' }).expect(200);
      const projects = Number((await t.knex('projects').count<{ count: string }[]>('id as count'))[0]!.count);
      expect(projects).toBeGreaterThan(0);

      // Razorpay takes real checkouts only: the demo made no orders there, and its paid registrations await payment.
      expect(fake.received).toEqual([]);
      await t.caughtUp();
      const pending = await t.knex('hackathon_participants').where({ payment_status: 'pending' }).count<{ count: string }[]>('* as count');
      expect(Number(pending[0]!.count)).toBeGreaterThan(0);

      // Finished: a later start adds nothing.
      const head = await settledHead(t.store);
      expect(await seed(seeding)).toBe(false);
      expect(await t.store.headPosition()).toBe(head);
    } finally {
      await t.stop();
      await fake.close();
    }
  });

  it('that fails lets the site start, is tried again at the next start, and is given up after three failed starts', { timeout: 60_000 }, async () => {
    const t = await createTestApp({ env: { SEED: 'false' } });
    try {
      const seeding = { ...t.config, SEED: 'true' as const };
      const broken = { ...t.embedded.commands.social, act: async () => Promise.reject(new Error('the social graph is down')) };
      const seed = (social: typeof t.embedded.commands.social = broken) => seedIfEmpty({ config: seeding, store: t.store, knex: t.knex, log: t.embedded.log, accounts: t.embedded.commands.accounts, social });
      const failedStarts = async () => (await t.store.readStream(SEED_STREAM)).filter((e) => e.type === 'DemoSeedFailed').map((e) => (e.data as { message: string }).message);

      expect(await seed()).toBe(false);
      expect(await failedStarts()).toEqual(['the social graph is down']);
      // What came before the failure is there, and the next start goes on from it.
      await t.request().post('/api/auth/login').send({ identifier: 'moderator', password: 'moderator123' }).expect(200);
      expect(await seed()).toBe(false);
      expect(await seed()).toBe(false);
      expect(await failedStarts()).toHaveLength(3);
      // Given up: even a working start leaves it.
      const head = await t.store.headPosition();
      expect(await seed(t.embedded.commands.social)).toBe(false);
      expect(await t.store.headPosition()).toBe(head);
    } finally {
      await t.stop();
    }
  });

  it('that failed once is finished by the next start', { timeout: 60_000 }, async () => {
    const t = await createTestApp({ env: { SEED: 'false' } });
    try {
      const seeding = { ...t.config, SEED: 'true' as const };
      const broken = { ...t.embedded.commands.social, act: async () => Promise.reject(new Error('the social graph is down')) };
      const seed = (social: typeof t.embedded.commands.social) => seedIfEmpty({ config: seeding, store: t.store, knex: t.knex, log: t.embedded.log, accounts: t.embedded.commands.accounts, social });
      expect(await seed(broken)).toBe(false);
      expect(await seed(t.embedded.commands.social)).toBe(true);
      expect((await t.store.readStream(SEED_STREAM)).map((e) => e.type)).toEqual(['DemoSeedStarted', 'DemoSeedFailed', 'DemoSeedCompleted']);
    } finally {
      await t.stop();
    }
  });
});
