import { beforeAll, expect, it } from 'vitest';
import { notificationsStream } from '@circuit/shared/events/notifications';
import { notificationSettingsStream } from '@circuit/shared/events/notification-settings';
import type { Mailer } from '@circuit/shared/ports/mailer';
import { DevMailbox } from '@circuit/shared/adapters/mailer/dev-mailbox';
import type { Member, TestApp } from '@circuit/embedded/testing/test-app';
import { describeOnBothDatabases } from '@circuit/embedded/testing/both-databases';
import { createdListing } from '../listings/listing-fixtures.testkit';
import { eventForm, fullProfile } from '../events/event-fixtures';
import { appendListedHackathon } from '../hackathon-registrations/hackathon-fixtures';
import { UNSUBSCRIBE_LINK_INVALID } from '../notification-settings/unsubscribe-token';
import { ReminderTimer } from './reminder-timer';

const MINUTE = 60_000;

/** The app's mailer: its dev mailbox, where the test reads what was sent. */
function devMailbox(t: TestApp): Mailer {
  const box = t.embedded.mailbox;
  if (!(box instanceof DevMailbox)) throw new Error('the test app keeps its mail in the dev mailbox');
  return box;
}
const DAY = 24 * 60 * MINUTE;

/** The reminder gauges as a scrape of the app's /metrics reads them. */
async function backlog(t: TestApp) {
  const { registry } = t.embedded.metrics;
  const pending = (await registry.getSingleMetric('circuit_reminders_pending')!.get()).values;
  const [oldest] = (await registry.getSingleMetric('circuit_reminders_oldest_pending_seconds')!.get()).values;
  const count = (state: string) => pending.find((v) => v.labels.state === state)?.value ?? NaN;
  return { due: count('due'), claimed: count('claimed'), oldestSeconds: oldest?.value };
}

/**
 * Reminders end to end on the composed app, on PGlite and on a real Postgres (TEST_DATABASE_URL),
 * where two timers truly race. The app's own timer is stopped; each test ticks timers by hand on
 * the test clock. An event made now starts in 7 days, so its day-before reminder is due 6 days on.
 */
function reminders(app: () => TestApp) {
  /** Another timer on the same database: a second instance, or this one started again. */
  const timerOn = (t: TestApp, mailer: Mailer = devMailbox(t)) =>
    new ReminderTimer({ knex: t.knex, store: t.store, bus: t.embedded.bus, mailer, log: t.embedded.log, publicUrl: t.config.publicUrl, secret: t.config.sessionSecret, schedule: t.embedded.commands.reminderSchedule, now: t.clock.now });
  // Reminders only (their Message-ID says so): a registration's ticket mail names the listing too.
  const remindersTo = async (t: TestApp, email: string, title: string) =>
    (await t.mailsTo(email)).filter((m) => m.subject.includes(title) && (m.headers['Message-ID'] ?? '').startsWith('<reminder-'));
  const notified = async (t: TestApp, userId: string, listingId: string) =>
    (await t.store.readStream(notificationsStream(userId))).filter((e) => e.type === 'NotificationCreated' && (e.data as { type: string; subject?: { id: string } }).subject?.id === listingId && (e.data as { type: string }).type === 'listing_reminder');

  async function eventWith(t: TestApp, registrants: Member[]) {
    const [organiser, moderator] = await Promise.all([t.member(), t.member('moderator')]);
    const form = eventForm(t);
    const { id } = await createdListing('events', form, organiser, moderator);
    for (const m of registrants) await m.agent.post(`/api/events/${id}/register`).send(fullProfile).expect(201);
    return { id, form, organiser };
  }

  beforeAll(async () => {
    await app().embedded.commands.reminderTimer.stop();
  });

  it('sends the day-before reminder once, with two timers racing and after a restart', async () => {
    const t = app();
    const [a, b] = await Promise.all([t.member(), t.member()]);
    const { id, form, organiser } = await eventWith(t, [a, b]);
    // Every mail that can be turned off carries one-click unsubscribe; mail that must go does not.
    const live = await t.latestMail(organiser.email, { subject: /is live/ });
    expect(live.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const { user } = await t.signUpVerified();
    expect((await t.mailsTo(user.email)).map((m) => m.headers['List-Unsubscribe'])).toEqual([undefined]);
    t.clock.advance(6 * DAY + MINUTE);
    await Promise.all([timerOn(t).tick(), timerOn(t).tick(), t.embedded.commands.reminderTimer.tick()]);
    for (const m of [a, b]) {
      const mails = await remindersTo(t, m.email, form.title);
      expect(mails.map((mail) => mail.subject)).toEqual([`Tomorrow: “${form.title}”`]);
      expect(await notified(t, m.userId, id)).toHaveLength(1);
    }
    // Started again on the same database: nothing is sent twice.
    expect(await timerOn(t).tick()).toBe(0);
    expect(await remindersTo(t, a.email, form.title)).toHaveLength(1);
  });

  it('a reminder whose sender stopped between the claim and the record goes once, after the lease, keyed by its id', async () => {
    const t = app();
    const [a] = await Promise.all([t.member()]);
    const { id, form } = await eventWith(t, [a]);
    t.clock.advance(6 * DAY + MINUTE);
    // The backlog at /metrics, from the tables: this event's moment due, then this person's reminder claimed and unsent.
    const before = await backlog(t);
    expect(before.due).toBeGreaterThanOrEqual(1);
    expect(before.oldestSeconds).toBeGreaterThan(0);
    const gone: Mailer = { send: () => Promise.reject(new Error('the process stopped while sending')) };
    expect(await timerOn(t, gone).tick()).toBe(0);
    expect(await notified(t, a.userId, id)).toHaveLength(1);
    expect(await remindersTo(t, a.email, form.title)).toHaveLength(0);
    expect(await backlog(t)).toMatchObject({ due: before.due - 1, claimed: before.claimed + 1 });
    // A new instance leaves it to its claimer for the lease, then takes it over.
    const restarted = timerOn(t);
    expect(await restarted.tick()).toBe(0);
    t.clock.advance(3 * MINUTE);
    expect(await restarted.tick()).toBe(1);
    expect((await backlog(t)).claimed).toBe(before.claimed);
    expect(await timerOn(t).tick()).toBe(0);
    const mails = await remindersTo(t, a.email, form.title);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.headers['Message-ID']).toMatch(/^<reminder-[0-9a-f-]{36}@[\w.-]+>$/);
    // The notification was keyed by the reminder: taking it over added none.
    expect(await notified(t, a.userId, id)).toHaveLength(1);
  });

  it('moves the reminders of an event whose start moves: the old moment sends nothing, the new one does', async () => {
    const t = app();
    const [a] = await Promise.all([t.member()]);
    const { id, form, organiser } = await eventWith(t, [a]);
    const later = (iso: string) => new Date(Date.parse(iso) + 3 * DAY).toISOString();
    await organiser.agent.put(`/api/events/${id}`).send({ ...form, dates: { ...form.dates, startDate: later(form.dates.startDate), endDate: later(form.dates.endDate) } }).expect(200);
    t.clock.advance(6 * DAY + MINUTE);
    await timerOn(t).tick();
    expect(await remindersTo(t, a.email, form.title)).toHaveLength(0);
    t.clock.advance(3 * DAY);
    await timerOn(t).tick();
    expect((await remindersTo(t, a.email, form.title)).map((m) => m.subject)).toEqual([`Tomorrow: “${form.title}”`]);
    expect(await notified(t, a.userId, id)).toHaveLength(1);
  });

  it('a reminder turned off is not mailed; its mail carries one-click unsubscribe, which works without a session and only for its address and kind', async () => {
    const t = app();
    const [a, b] = await Promise.all([t.member(), t.member()]);
    await b.agent.put('/api/users/notification-settings').send({ settings: [{ kind: 'reminder_starts_24h', channel: 'email', enabled: false }] }).expect(200);
    const settingsOfB = (await b.agent.get('/api/users/notification-settings').expect(200)).body.data.settings as { kind: string; channel: string; enabled: boolean }[];
    expect(settingsOfB.find((s) => s.kind === 'reminder_starts_24h' && s.channel === 'email')?.enabled).toBe(false);
    const { id, form } = await eventWith(t, [a, b]);
    t.clock.advance(6 * DAY + MINUTE);
    await timerOn(t).tick();
    expect(await remindersTo(t, b.email, form.title)).toHaveLength(0);
    expect(await notified(t, b.userId, id)).toHaveLength(1);

    const [mail] = await remindersTo(t, a.email, form.title);
    expect(mail?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const token = /^<https?:\/\/[^>]+\/api\/unsubscribe\/([\w-]+\.[\w-]+)>$/.exec(mail?.headers['List-Unsubscribe'] ?? '')?.[1];
    expect(token).toBeDefined();
    expect(mail?.text).toContain(`/unsubscribe/${token}`);
    expect(mail?.html).toContain(`/unsubscribe/${token}`);

    const stranger = t.request();
    const settingsEvents = async (userId: string) => t.store.readStream(notificationSettingsStream(userId));
    // Opening the address (a scanner's prefetch) only leads to the page that asks.
    const opened = await stranger.get(`/api/unsubscribe/${token}`).expect(302);
    expect(opened.headers.location).toBe(`/unsubscribe/${token}`);
    expect(await settingsEvents(a.userId)).toHaveLength(0);

    // A forged token (another address, another kind, the same signature) is refused and changes nothing.
    const [, mac] = token!.split('.');
    for (const payload of [{ e: b.email.toLowerCase(), k: 'reminder_starts_24h' }, { e: a.email.toLowerCase(), k: 'announcement' }]) {
      const forged = await stranger.post(`/api/unsubscribe/${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${mac}`).send({}).expect(400);
      expect(forged.body.message).toBe(UNSUBSCRIBE_LINK_INVALID);
    }
    expect(await settingsEvents(a.userId)).toHaveLength(0);
    expect(await settingsEvents(b.userId)).toHaveLength(1);

    // The mail client's one-click POST: a form, no session. Twice changes it once.
    for (let i = 0; i < 2; i++) {
      const done = await stranger.post(`/api/unsubscribe/${token}`).type('form').send('List-Unsubscribe=One-Click').expect(200);
      expect(done.body.data).toEqual({ kind: 'reminder_starts_24h', email: a.email.toLowerCase() });
    }
    expect((await settingsEvents(a.userId)).map((e) => e.data)).toEqual([expect.objectContaining({ kind: 'reminder_starts_24h', channel: 'email', enabled: false, via: 'unsubscribe' })]);
    const settingsOfA = (await a.agent.get('/api/users/notification-settings').expect(200)).body.data.settings as { kind: string; channel: string; enabled: boolean }[];
    expect(settingsOfA.filter((s) => !s.enabled)).toEqual([{ kind: 'reminder_starts_24h', channel: 'email', enabled: false }]);
  });

  it('reminds who saved a listing and did not register, 48 hours before registration closes', async () => {
    const t = app();
    const [saver, registrant] = await Promise.all([t.member(), t.member()]);
    const { id, form } = await eventWith(t, [registrant]);
    for (const m of [saver, registrant]) await m.agent.post(`/api/users/save-event/${id}`).send({}).expect(200);
    // Registration closes 5 days on: its reminder is due 3 days on.
    t.clock.advance(3 * DAY + MINUTE);
    await timerOn(t).tick();
    expect((await remindersTo(t, saver.email, form.title)).map((m) => m.subject)).toEqual([`Registration for “${form.title}” closes in 2 days`]);
    expect(await remindersTo(t, registrant.email, form.title)).toHaveLength(0);
  });

  it('reminds the members of a hackathon team without a submitted project, 24 hours before the judging setup’s deadline', async () => {
    const t = app();
    const [organiser, alice, bob, carol, dave] = await Promise.all([t.member(), t.member(), t.member(), t.member(), t.member()]);
    const { hackathonId, content } = await appendListedHackathon(t.store, { createdBy: organiser.userId, minMembers: 2, takeRegistrations: 'true', now: t.clock.now() });
    const url = (path: string) => `/api/hackathons/${hackathonId}${path}`;
    for (const who of [alice, bob, carol, dave]) await who.agent.post(url('/register')).send({}).expect(201);
    for (const [creator, member, name] of [[alice, bob, 'Idle'], [carol, dave, 'Done']] as const) {
      const created = await creator.agent.post(url('/teams')).send({ name }).expect(201);
      await member.agent.post(url('/teams/join')).send({ code: created.body.data.team.code }).expect(200);
      await creator.agent.post(url(`/teams/${created.body.data.team.id}/submit`)).expect(200);
    }
    // The setup moves the deadline from the hackathon's end (14 days on) to 3 days on.
    const deadline = new Date(t.clock.now().getTime() + 3 * DAY);
    await organiser.agent.put(url('/judging')).send({ submissionDeadline: deadline.toISOString(), tracks: [], criteria: [{ name: 'Impact', description: 'Does it matter?', weight: 1, scale: 5 }], galleryOpen: false, assignment: { mode: 'all' } }).expect(200);
    await carol.agent.put(url('/project')).send({ title: 'Floodwatch', tagline: 'Flood alerts over SMS', description: '<p>Alerts</p>', builtWith: ['TypeScript'], links: { repository: 'https://github.com/x/floodwatch', demo: '', video: '' }, images: [], trackIds: [] }).expect(200);
    await carol.agent.post(url('/project/submit')).expect(200);
    t.clock.advance(2 * DAY + MINUTE);
    await timerOn(t).tick();
    for (const who of [alice, bob]) expect((await remindersTo(t, who.email, content.title)).map((m) => m.subject)).toEqual([`24 hours left to submit your project to “${content.title}”`]);
    for (const who of [carol, dave]) expect(await remindersTo(t, who.email, content.title)).toHaveLength(0);
    expect(await notified(t, alice.userId, hackathonId)).toHaveLength(1);
  });
}

describeOnBothDatabases('reminders', { schemaLabel: 'reminders' }, reminders);
