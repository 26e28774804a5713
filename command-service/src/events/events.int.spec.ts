import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queriesDuring } from '@circuit/shared/testkit/queries';
import { appWithMembers, type Member, type TestApp } from '@circuit/embedded/testing/test-app';
import { eventRosterStream } from '@circuit/shared/events/event-registrations';
import { paymentStream } from '@circuit/shared/events/payments';
import { EventRegistrationMessages as R } from '@circuit/shared/validation/events';
import { eventForm, fullProfile, listedEvent } from './event-fixtures';
import { expectFormsRefused, sharedListingRuleCases } from '../listings/listing-fixtures.testkit';
import { appendListedHackathon } from '../hackathon-registrations/hackathon-fixtures';
import { formatDateTime } from '@circuit/shared/time/format';

const DAY = 86_400_000;

/** The event calls of spec 2 section 7 through the embedded app: listing writes, moderation, queries, registration and the waitlist. */
describe('events', () => {
  let t: TestApp;
  let organiser: Member, moderator: Member, admin: Member, stranger: Member;
  beforeAll(async () => ({ t, members: [organiser, moderator, admin, stranger] } = await appWithMembers(['user', 'moderator', 'admin', 'user'])));
  afterAll(async () => t?.stop());

  it('answers the first broken rule of section 5 in the spec’s order and stores nothing', async () => {
    const head = await t.store.headPosition();
    await expectFormsRefused((overrides) => organiser.agent.post('/api/events').send(eventForm(t, overrides)), [
      [{ username: '' }, 'Username is required'],
      [{ shortDescription: '' }, 'Short description is required'],
      [{ dates: { startDate: '', endDate: '2030-01-01T00:00:00Z', registrationDeadline: '2029-01-01T00:00:00Z' } }, 'Start date is required'],
      [{ location: { type: 'hybrid', country: '' } }, 'Country is required for offline/hybrid events'],
      [{ faqs: [{ question: 'When?', answer: '  ' }] }, 'Each FAQ needs a question and an answer'],
      ...sharedListingRuleCases,
    ]);
    await organiser.agent.post('/api/events').send(eventForm(t, { eventType: 'party' })).expect(400);
    await organiser.agent.post('/api/events').send(eventForm(t, { maxAttendees: -1 })).expect(400);
    expect(await t.store.headPosition()).toBe(head);
  });

  it('creates with the defaults of section 9, pending and hidden until a moderator approves; the organiser is notified and mailed', async () => {
    const online = eventForm(t, { location: { type: 'online', country: '' } });
    const res = await organiser.agent.post('/api/events').send({ ...online, location: undefined, eventType: undefined }).expect(201);
    const { id, username } = res.body.data;
    const mine = (await organiser.agent.get(`/api/events/${id}`).expect(200)).body.data;
    expect(mine).toMatchObject({ status: 'pending', eventType: 'conference', category: 'technology', maxAttendees: 0, pricing: { type: 'free', amount: 0, currency: 'USD' }, location: { type: 'online' }, takeRegistrations: 'pending' });
    expect(mine.description).not.toContain('javascript:');
    expect((await stranger.agent.get(`/api/events/username/${username}`)).status).toBe(403);
    expect((await t.request().get('/api/events').query({ search: mine.title })).body.data).toEqual([]);

    // The slug is held: a second event with it is refused, and the check says so.
    expect((await stranger.agent.post('/api/events').send(eventForm(t, { username }))).body.message).toBe('Username is not available. Please choose a different username.');
    expect((await t.request().get(`/api/events/check-username/${username}`)).body.data.available).toBe(false);
    expect((await t.request().get('/api/events/check-username/fresh-name-1')).body.data).toEqual({ available: true, message: 'Username is available!' });

    await stranger.agent.post(`/api/admin/events/${id}/approve`).send({}).expect(403);
    await moderator.agent.post(`/api/admin/events/${id}/reject`).send({ reason: '' }).expect(400);
    await moderator.agent.post(`/api/admin/events/${id}/reject`).send({ reason: 'Add the venue' }).expect(200);
    await t.latestMail(organiser.email, { subject: /needs changes/ });
    expect((await organiser.agent.get(`/api/events/${id}`)).body.data.rejectionReason).toBe('Add the venue');
    // A rejection stands until the organiser changes the listing, which sends it back for review.
    expect((await moderator.agent.post(`/api/admin/events/${id}/approve`).send({})).status).toBe(409);
    await organiser.agent.put(`/api/events/${id}`).send({ ...online, username, location: { type: 'online', country: '' } }).expect(200);
    expect((await organiser.agent.get(`/api/events/${id}`)).body.data.status).toBe('pending');
    await moderator.agent.post(`/api/admin/events/${id}/approve`).send({}).expect(200);
    await t.latestMail(organiser.email, { subject: /is live on Circuit/ });
    const notes = (await organiser.agent.get('/api/users/notifications').expect(200)).body.data;
    expect(JSON.stringify(notes)).toContain(`/events/${username}`);
    expect((await t.request().get(`/api/events/username/${username}`).expect(200)).body.data.status).toBe('accepted');
  });

  it("takes takeRegistrations as the spec's string ('false', 'pending', 'true') as well as a boolean, on create and on edit", async () => {
    const stored = async (id: string) => (await organiser.agent.get(`/api/events/${id}`).expect(200)).body.data.takeRegistrations;
    const created = (await organiser.agent.post('/api/events').send(eventForm(t, { takeRegistrations: 'pending' })).expect(201)).body.data;
    expect(await stored(created.id)).toBe('pending');
    await organiser.agent.put(`/api/events/${created.id}`).send(eventForm(t, { username: created.username, takeRegistrations: 'false' })).expect(200);
    expect(await stored(created.id)).toBe('false');
    await organiser.agent.put(`/api/events/${created.id}`).send(eventForm(t, { username: created.username, takeRegistrations: 'true' })).expect(200);
    expect(await stored(created.id)).toBe('pending');
    await organiser.agent.post('/api/events').send(eventForm(t, { takeRegistrations: 'yes' })).expect(400);
  });

  it('edits by the creator or an admin only, username locked; deletes free the username', async () => {
    const { id, username } = await listedEvent(organiser, moderator, t);
    const denied = await stranger.agent.put(`/api/events/${id}`).send(eventForm(t, { username }));
    expect([denied.status, denied.body.message]).toEqual([403, 'You are not authorized to edit this event']);
    await admin.agent.put(`/api/events/${id}`).send(eventForm(t, { username: 'other-name', title: 'Renamed' })).expect(200);
    const after = (await t.request().get(`/api/events/${id}`)).body.data;
    expect([after.title, after.username]).toEqual(['Renamed', username]);
    await stranger.agent.delete(`/api/events/${id}`).expect(403);
    await organiser.agent.delete(`/api/events/${id}`).expect(200);
    await t.request().get(`/api/events/${id}`).expect(404);
    await organiser.agent.post('/api/events').send(eventForm(t, { username })).expect(201);
  });

  it('answers signed-out visitors from one cached detail that follows every change to it: an edit, a registration', async () => {
    const { id, username } = await listedEvent(organiser, moderator, t);
    const paths = [`/api/events/${id}`, `/api/events/username/${username}`];
    const anonymous = async () => Promise.all(paths.map(async (path) => (await t.request().get(path).expect(200)).body.data));
    expect((await anonymous()).map((d) => d.id)).toEqual([id, id]);
    expect(await queriesDuring(t.knex, anonymous)).toBe(0);
    await (await t.member()).agent.post(`/api/events/${id}/register`).send(fullProfile).expect(201);
    expect((await anonymous()).map((d) => d.currentAttendees)).toEqual([1, 1]);
    await organiser.agent.put(`/api/events/${id}`).send(eventForm(t, { username, title: 'Cached no more' })).expect(200);
    expect((await anonymous()).map((d) => d.title)).toEqual(['Cached no more', 'Cached no more']);
  });

  it('lists with every filter in SQL, 12 a page with a cursor, and the display state from the server’s clock', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const make = (o: Record<string, unknown>) => listedEvent(organiser, moderator, t, { title: `${tag} ${String(o.title ?? '')}`, ...o, ...(o.title ? { title: `${tag} ${String(o.title)}` } : {}) });
    const now = t.clock.now().getTime();
    const iso = (d: number) => new Date(now + d * DAY).toISOString();
    await make({ title: 'workshop', eventType: 'workshop', category: 'education' });
    await make({ title: 'abroad', location: { type: 'hybrid', country: 'Germany', state: '', city: 'Berlin', address: 'x' } });
    await make({ title: 'running', dates: { registrationDeadline: iso(-3), startDate: iso(-1), endDate: iso(1) } });
    await make({ title: 'past', dates: { registrationDeadline: iso(-9), startDate: iso(-8), endDate: iso(-7) } });
    for (let i = 0; i < 12; i++) await make({ title: `bulk${i}`, location: { type: 'online', country: 'India', state: 'Kerala' } });
    const list = async (q: Record<string, string>) => (await t.request().get('/api/events').query({ search: tag, ...q }).expect(200)).body;

    expect((await list({ eventType: 'workshop' })).data.map((e: { title: string }) => e.title)).toEqual([`${tag} workshop`]);
    expect((await list({ category: 'education' })).total).toBe(1);
    expect((await list({ country: 'International' })).data[0].title).toBe(`${tag} abroad`);
    expect((await list({ location: 'online', state: 'kerala' })).total).toBe(12);
    expect((await list({ status: 'ongoing' })).data.map((e: { displayStatus: string }) => e.displayStatus)).toEqual(['In Progress']);
    const expired = await list({ dateRange: 'expired' });
    expect(expired.data.map((e: { title: string; displayStatus: string }) => [e.title, e.displayStatus])).toEqual([[`${tag} past`, 'Completed']]);
    expect((await list({ organization: 'circuit club' })).total).toBe(16);

    const first = await list({});
    expect(first.data).toHaveLength(12);
    const second = await list({ cursor: first.nextCursor });
    expect(second.data).toHaveLength(4);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.data, ...second.data].map((e: { id: string }) => e.id)).size).toBe(16);
    await t.request().get('/api/events').query({ category: 'nope' }).expect(400);
    expect((await t.request().get('/api/events/featured').expect(200)).body.data.length).toBeLessThanOrEqual(8);
  });

  it('saves and unsaves; the saved list and the dashboard lists answer the signed-in user', async () => {
    const { id } = await listedEvent(organiser, moderator, t);
    await t.request().post(`/api/users/save-event/${id}`).expect(401);
    await stranger.agent.post(`/api/users/save-event/${id}`).expect(200);
    await stranger.agent.post(`/api/users/save-event/${id}`).expect(200);
    expect((await stranger.agent.get('/api/users/saved-events')).body.data.map((e: { id: string }) => e.id)).toEqual([id]);
    await stranger.agent.delete(`/api/users/save-event/${id}`).expect(200);
    expect((await stranger.agent.get('/api/users/saved-events')).body.data).toEqual([]);
    expect((await organiser.agent.get('/api/events/my-events')).body.data.some((e: { id: string }) => e.id === id)).toBe(true);
  });

  it('registers with the modal’s fields and rules; refuses a second registration and an unapproved event, changing nothing', async () => {
    const { id } = await listedEvent(organiser, moderator, t);
    const user = await t.member();
    const missing = await user.agent.post(`/api/events/${id}/register`).send({ agreeToTerms: true });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Please fill in all required fields: College, Course, Branch, College Year, Country, State, Mobile');
    expect((await user.agent.post(`/api/events/${id}/register`).send({ ...fullProfile, mobile: '12345' })).body.message).toBe(R.mobile);
    expect((await user.agent.post(`/api/events/${id}/register`).send({ ...fullProfile, agreeToTerms: false })).body.message).toBe(R.terms);
    expect(await t.store.readStream(eventRosterStream(id))).toEqual([]);

    const ok = await user.agent.post(`/api/events/${id}/register`).send(fullProfile).expect(201);
    expect(ok.body.data).toMatchObject({ registered: true, paymentStatus: 'completed', requiresPayment: false });
    expect(ok.body.message).toBe('Successfully registered for event');
    expect((await user.agent.post(`/api/events/${id}/register`).send(fullProfile)).body.message).toBe(R.alreadyRegistered);
    expect((await user.agent.get('/api/events/user/registered')).body.data.map((e: { id: string }) => e.id)).toEqual([id]);
    expect((await t.request().get(`/api/events/${id}`)).body.data.currentAttendees).toBe(1);

    const pending = (await organiser.agent.post('/api/events').send(eventForm(t)).expect(201)).body.data;
    const closed = await user.agent.post(`/api/events/${pending.id}/register`).send(fullProfile);
    expect([closed.status, closed.body.message]).toEqual([409, R.notOpen]);
    const noRegistrations = await listedEvent(organiser, moderator, t, { takeRegistrations: false });
    expect((await user.agent.post(`/api/events/${noRegistrations.id}/register`).send(fullProfile)).status).toBe(409);

    await user.agent.delete(`/api/events/${id}/register`).expect(200);
    expect((await user.agent.get(`/api/events/${id}/registration-status`)).body.data.registered).toBe(false);
    expect((await user.agent.delete(`/api/events/${id}/register`)).status).toBe(409);
  });

  it('acceptance 2: 30 simultaneous registrations for 5 places give 5 registered and 25 in line at positions 1-25', async () => {
    const { id } = await listedEvent(organiser, moderator, t, { maxAttendees: 5 });
    const crowd = await Promise.all(Array.from({ length: 30 }, () => t.member()));
    const answers = await Promise.all(crowd.map((m) => m.agent.post(`/api/events/${id}/register`).send({ ...fullProfile, joinWaitlist: true })));
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(201));
    expect(answers.filter((a) => a.body.data.registered)).toHaveLength(5);
    expect(answers.filter((a) => a.body.data.waitlist !== null)).toHaveLength(25);
    const positions = await Promise.all(crowd.map(async (m) => (await m.agent.get(`/api/events/${id}/registration-status`)).body.data.waitlist?.position as number | undefined));
    expect(positions.filter((p): p is number => p !== undefined).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    const event = (await t.request().get(`/api/events/${id}`)).body.data;
    expect([event.currentAttendees, event.waitlistCount]).toEqual([5, 25]);
    // The line's order is the stream's order.
    const joined = (await t.store.readStream(eventRosterStream(id))).filter((e) => e.type === 'EventWaitlistJoined').map((e) => (e.data as { userId: string }).userId);
    const byPosition = crowd.map((m, i) => [positions[i], m.userId] as const).filter(([p]) => p !== undefined).sort((a, b) => a[0]! - b[0]!).map(([, u]) => u);
    expect(byPosition).toEqual(joined);
  });

  it('a freed place goes to the first in line (notified and mailed) for 24 hours, then to the next', async () => {
    const { id } = await listedEvent(organiser, moderator, t, { maxAttendees: 1 });
    const [a, b, c] = await Promise.all([t.member(), t.member(), t.member()]);
    await a.agent.post(`/api/events/${id}/register`).send(fullProfile).expect(201);
    const full = await b.agent.post(`/api/events/${id}/register`).send(fullProfile);
    expect([full.status, full.body.message]).toEqual([409, R.full]);
    expect((await b.agent.post(`/api/events/${id}/register`).send({ ...fullProfile, joinWaitlist: true })).body.message).toBe(R.waitlisted(1));
    await c.agent.post(`/api/events/${id}/register`).send({ ...fullProfile, joinWaitlist: true }).expect(201);

    await a.agent.delete(`/api/events/${id}/register`).expect(200);
    const offer = (await b.agent.get(`/api/events/${id}/registration-status`)).body.data;
    expect(offer.offer).not.toBeNull();
    expect(Date.parse(offer.offer.expiresAt) - t.clock.now().getTime()).toBeGreaterThan(23.9 * 3_600_000);
    expect((await c.agent.get(`/api/events/${id}/registration-status`)).body.data.waitlist).toEqual({ position: 1, total: 1 });
    // The offered place is taken for everyone else: the page and the list count it.
    expect((await stranger.agent.get(`/api/events/${id}`)).body.data).toMatchObject({ currentAttendees: 0, placesOnOffer: 1, maxAttendees: 1 });
    const card = (await stranger.agent.get('/api/events').query({ limit: 50 })).body.data.find((e: { id: string }) => e.id === id);
    expect(card).toMatchObject({ currentAttendees: 0, placesOnOffer: 1 });
    const mail = await t.latestMail(b.email, { subject: /A place freed up/ });
    expect(mail.text).toContain('confirm');

    // B lets it lapse: after 24 hours the timer passes it to C.
    t.clock.advance(24 * 3_600_000 + 1000);
    expect(await t.embedded.commands.waitlistTimer.tick()).toBe(1);
    await t.latestMail(c.email, { subject: /A place freed up/ });
    await new Promise((r) => setTimeout(r, 200));
    expect((await b.agent.get(`/api/events/${id}/registration-status`)).body.data).toMatchObject({ registered: false, offer: null, waitlist: null });
    expect((await b.agent.post(`/api/events/${id}/waitlist/accept`)).status).toBe(409);
    const accepted = await c.agent.post(`/api/events/${id}/waitlist/accept`).expect(200);
    expect(accepted.body.data).toMatchObject({ registered: true, paymentStatus: 'completed', offer: null });
    expect((await stranger.agent.get(`/api/events/${id}`)).body.data).toMatchObject({ currentAttendees: 1, placesOnOffer: 0 });
    expect((await t.store.readStream(eventRosterStream(id))).map((e) => e.type)).toEqual([
      'EventAttendeeRegistered',
      'EventWaitlistJoined',
      'EventWaitlistJoined',
      'EventAttendeeUnregistered',
      'EventPlaceOffered',
      'EventOfferExpired',
      'EventPlaceOffered',
      'EventAttendeeRegistered',
    ]);
  });

  it('raising maxAttendees offers the new places to the line on the next tick, first first', async () => {
    const { id, username } = await listedEvent(organiser, moderator, t, { maxAttendees: 1 });
    const [a, b, c] = await Promise.all([t.member(), t.member(), t.member()]);
    await a.agent.post(`/api/events/${id}/register`).send(fullProfile).expect(201);
    for (const m of [b, c]) await m.agent.post(`/api/events/${id}/register`).send({ ...fullProfile, joinWaitlist: true }).expect(201);
    await organiser.agent.put(`/api/events/${id}`).send(eventForm(t, { username, maxAttendees: 2 })).expect(200);
    await t.embedded.commands.waitlistTimer.tick();
    await new Promise((r) => setTimeout(r, 200));
    expect((await b.agent.get(`/api/events/${id}/registration-status`)).body.data.offer).not.toBeNull();
    expect((await c.agent.get(`/api/events/${id}/registration-status`)).body.data.waitlist).toEqual({ position: 1, total: 1 });
  });

  it('a paid event: the fee through the sandbox checkout, paid once; a failed payment frees the place for the line', async () => {
    const { id } = await listedEvent(organiser, moderator, t, { maxAttendees: 1, pricing: { type: 'paid', amount: 250, currency: 'INR' } });
    const [a, b] = await Promise.all([t.member(), t.member()]);
    const reg = await a.agent.post(`/api/events/${id}/register`).send(fullProfile).expect(201);
    expect(reg.body.data).toMatchObject({ registered: true, paymentStatus: 'pending', requiresPayment: true });
    await b.agent.post(`/api/events/${id}/register`).send({ ...fullProfile, joinWaitlist: true }).expect(201);
    await b.agent.post(`/api/events/${id}/create-payment-order`).expect(403);
    const order = (await a.agent.post(`/api/events/${id}/create-payment-order`).expect(200)).body.data;
    expect([order.amount, order.currency]).toEqual([25_000, 'INR']);
    await a.agent.post(`/api/payments/sandbox/${order.orderId}/pay`).send({ outcome: 'failure' }).expect(400);
    // The failed payment ended A's registration; B is offered the place.
    let offer = null;
    for (let i = 0; i < 100 && !offer; i++) {
      offer = (await b.agent.get(`/api/events/${id}/registration-status`)).body.data.offer;
      if (!offer) await new Promise((r) => setTimeout(r, 50));
    }
    expect(offer).not.toBeNull();
    const accepted = await b.agent.post(`/api/events/${id}/waitlist/accept`).expect(200);
    expect(accepted.body.data).toMatchObject({ registered: true, requiresPayment: true, holdUntil: offer!.expiresAt });
    const bOrder = (await b.agent.post(`/api/events/${id}/create-payment-order`).expect(200)).body.data;
    const paid = (await b.agent.post(`/api/payments/sandbox/${bOrder.orderId}/pay`).send({ outcome: 'success' }).expect(200)).body.data;
    const verify = { orderId: paid.razorpay_order_id, paymentId: paid.razorpay_payment_id, signature: paid.razorpay_signature };
    await b.agent.post(`/api/events/${id}/verify-payment`).send({ ...verify, signature: `x${verify.signature.slice(1)}` }).expect(400);
    const done = await b.agent.post(`/api/events/${id}/verify-payment`).send(verify).expect(200);
    expect([done.body.message, done.body.data.paymentStatus]).toEqual(['Payment successful! You are now registered.', 'completed']);
    await b.agent.post(`/api/events/${id}/verify-payment`).send(verify).expect(200);
    expect((await t.store.readStream(eventRosterStream(id))).filter((e) => e.type === 'EventRegistrationPaid')).toHaveLength(1);
  });

  it('a payment that arrives after its place passed on to the line is refunded once, and buys no place', async () => {
    const { id } = await listedEvent(organiser, moderator, t, { maxAttendees: 1, pricing: { type: 'paid', amount: 250, currency: 'INR' } });
    const [a, b] = await Promise.all([t.member(), t.member()]);
    await a.agent.post(`/api/events/${id}/register`).send(fullProfile).expect(201);
    const order = (await a.agent.post(`/api/events/${id}/create-payment-order`).expect(200)).body.data;
    await b.agent.post(`/api/events/${id}/register`).send({ ...fullProfile, joinWaitlist: true }).expect(201);
    // A's 30 minutes run out; the place goes to B, who takes it.
    t.clock.advance(31 * 60_000);
    await t.embedded.commands.waitlistTimer.tick();
    await b.agent.post(`/api/events/${id}/waitlist/accept`).expect(200);

    // A's checkout completes now, too late.
    await a.agent.post(`/api/payments/sandbox/${order.orderId}/pay`).send({ outcome: 'success' }).expect(200);
    let types: string[] = [];
    for (let i = 0; i < 100 && !types.includes('PaymentRefunded'); i++) {
      types = (await t.store.readStream(paymentStream(order.orderId))).map((e) => e.type);
      if (!types.includes('PaymentRefunded')) await new Promise((r) => setTimeout(r, 50));
    }
    expect(types).toEqual(['PaymentOrderCreated', 'PaymentVerified', 'PaymentRefunded']);
    expect((await a.agent.get(`/api/events/${id}/registration-status`)).body.data).toMatchObject({ registered: false });
    expect((await t.store.readStream(eventRosterStream(id))).filter((e) => e.type === 'EventPaymentUnplaced')).toHaveLength(1);
    const mail = await t.latestMail(a.email, { subject: /was refunded/ });
    expect(mail.text).toContain('₹250.00');
    const audit = (await admin.agent.get('/api/admin/audit/payments').query({ filter: JSON.stringify({ id: order.orderId }) }).expect(200)).body;
    expect(audit).toEqual([expect.objectContaining({ id: order.orderId, status: 'refunded', refundId: expect.stringMatching(/^rfnd_/) })]);
  });

  it('acceptance 3: participants and their export for the organiser, admins and moderators; 403 for anyone else', async () => {
    const { id } = await listedEvent(organiser, moderator, t, { title: 'Quotes, "commas" & more' });
    const tricky = await t.member();
    await tricky.agent.post(`/api/events/${id}/register`).send({ ...fullProfile, firstName: '=HYPERLINK("x")', lastName: 'Doe, "Jr"', college: 'Line one\nLine two' }).expect(201);
    for (const who of [stranger, tricky]) {
      expect((await who.agent.get(`/api/events/${id}/participants`)).status).toBe(403);
      expect((await who.agent.get(`/api/events/${id}/participants/export`)).status).toBe(403);
    }
    await t.request().get(`/api/events/${id}/participants`).expect(401);
    for (const who of [organiser, admin, moderator]) await who.agent.get(`/api/events/${id}/participants`).expect(200);
    const list = (await organiser.agent.get(`/api/events/${id}/participants`)).body.data;
    expect(list.participants[0]).toMatchObject({ paymentStatus: 'completed', user: { name: '=HYPERLINK("x") Doe, "Jr"', college: 'Line one\nLine two', mobile: '9876543210' } });

    const csv = await organiser.agent.get(`/api/events/${id}/participants/export`).buffer(true).parse((res, done) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString('utf8')));
      res.on('end', () => done(null, body));
    });
    expect(csv.headers['content-disposition']).toBe('attachment; filename="Quotes commas  more_participants.csv"');
    const Papa = (await import('papaparse')).default;
    const rows = Papa.parse<string[]>(String(csv.body).replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(rows[0]![0]).toBe('Name');
    expect(rows[1]![0]).toBe(`'=HYPERLINK("x") Doe, "Jr"`);
    expect(rows[1]![4]).toBe('Line one\nLine two');
  });

  it('calendar: an .ics per event and a personal feed with a rotatable secret, read back by node-ical', async () => {
    const ical = (await import('node-ical')).default;
    const { id } = await listedEvent(organiser, moderator, t, { title: 'Calendar night' });
    const user = await t.member();
    await user.agent.post(`/api/events/${id}/register`).send(fullProfile).expect(201);
    const file = await t.request().get(`/api/events/${id}/calendar.ics`).expect(200);
    expect(file.headers['content-type']).toContain('text/calendar');
    const parsed = Object.values(ical.sync.parseICS(file.text)).filter((c) => c?.type === 'VEVENT');
    expect(parsed).toHaveLength(1);
    expect(parsed[0]).toMatchObject({ summary: 'Calendar night' });

    expect((await user.agent.get('/api/users/calendar-feed')).body.data.url).toBeNull();
    const first = (await user.agent.post('/api/users/calendar-feed').expect(200)).body.data.url as string;
    const path = new URL(first).pathname;
    const feed = await t.request().get(path).expect(200);
    const entries = Object.values(ical.sync.parseICS(feed.text)).filter((c) => c?.type === 'VEVENT');
    expect(entries.map((e) => (e as { summary: string }).summary)).toContain('Calendar night');
    // Hackathons the user registered for are in the same feed.
    const hackathon = await appendListedHackathon(t.store, { now: t.clock.now() });
    await user.agent.post(`/api/hackathons/${hackathon.hackathonId}/register`).send({}).expect(201);
    const withHackathon = Object.values(ical.sync.parseICS((await t.request().get(path).expect(200)).text)).filter((c) => c?.type === 'VEVENT');
    expect(withHackathon.map((e) => (e as { summary: string }).summary).sort()).toEqual(['Calendar night', hackathon.content.title].sort());
    const second = (await user.agent.post('/api/users/calendar-feed').expect(200)).body.data.url as string;
    expect(second).not.toBe(first);
    await t.request().get(path).expect(404);
    await t.request().get(new URL(second).pathname).expect(200);
  });

  it("mails and calendar files give times in the organiser's zone, named (India's for an event stored without one); a zone that is not one is refused", async () => {
    const bad = await organiser.agent.post('/api/events').send(eventForm(t, { timeZone: 'Mars/Olympus' }));
    expect([bad.status, bad.body.message]).toEqual([400, 'Unknown time zone']);

    const offeredMail = async (overrides: Record<string, unknown>) => {
      const { id } = await listedEvent(organiser, moderator, t, { maxAttendees: 1, ...overrides });
      const [a, b] = await Promise.all([t.member(), t.member()]);
      await a.agent.post(`/api/events/${id}/register`).send(fullProfile).expect(201);
      await b.agent.post(`/api/events/${id}/register`).send({ ...fullProfile, joinWaitlist: true }).expect(201);
      await a.agent.delete(`/api/events/${id}/register`).expect(200);
      const { expiresAt } = (await b.agent.get(`/api/events/${id}/registration-status`)).body.data.offer as { expiresAt: string };
      return { id, expiresAt, mail: await t.latestMail(b.email, { subject: /A place freed up/ }) };
    };
    const newYork = await offeredMail({ timeZone: 'America/New_York' });
    expect(newYork.mail.text).toContain(`before ${formatDateTime(newYork.expiresAt, { timeZone: 'America/New_York' })}; after`);
    expect(newYork.mail.text).toMatch(/, \d{1,2}:\d\d [ap]m E[SD]T; after/);
    expect(newYork.mail.html).toMatch(/\d{1,2}:\d\d [ap]m E[SD]T<\/strong>/);
    const india = await offeredMail({});
    expect(india.mail.text).toContain(`before ${formatDateTime(india.expiresAt, { timeZone: 'Asia/Kolkata' })}; after`);
    expect(india.mail.text).toMatch(/, \d{1,2}:\d\d [ap]m IST; after/);

    // The .ics: start and end as UTC instants (never floating), the organiser's times named in the description.
    const form = eventForm(t, { timeZone: 'America/New_York', title: 'Zoned night' });
    const { id } = await listedEvent(organiser, moderator, t, form);
    const ics = (await t.request().get(`/api/events/${id}/calendar.ics`).expect(200)).text;
    const utc = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
    expect(ics).toContain(`DTSTART:${utc(form.dates.startDate)}`);
    expect(ics).toContain(`DTEND:${utc(form.dates.endDate)}`);
    const ical = (await import('node-ical')).default;
    const entry = Object.values(ical.sync.parseICS(ics)).find((c) => c?.type === 'VEVENT') as { start: Date; description: string };
    expect(entry.start.getTime()).toBe(Math.floor(Date.parse(form.dates.startDate) / 1000) * 1000);
    expect(entry.description.startsWith(`${formatDateTime(form.dates.startDate, { timeZone: 'America/New_York' })} to ${formatDateTime(form.dates.endDate, { timeZone: 'America/New_York' })}`)).toBe(true);
  });
});
