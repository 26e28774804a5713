import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithMembers, type Member, type TestApp } from '@circuit/embedded/testing/test-app';
import { checkInStream } from '@circuit/shared/events/check-in';
import { base64url, splitTicket, type TicketPayload } from '@circuit/shared/tickets/ticket-token';
import type { CheckInBoard, CoHosting, ScanAnswer, TicketView } from '@circuit/shared/api/check-in';
import { eventForm, fullProfile, listedEvent } from '../events/event-fixtures';
import { hackathonFormFixture } from '../hackathons/hackathon-form-fixture';
import { createdListing } from '../listings/listing-fixtures.testkit';

/** Co-hosts, tickets and check-in through the embedded app (docs/day-of.md). */

const scan = (token: string, scanId: string = crypto.randomUUID()) => ({ scanId, token, scannedAt: new Date().toISOString() });
const search = (attendeeId: string) => ({ scanId: crypto.randomUUID(), attendeeId, scannedAt: new Date().toISOString() });
/** The token with its payload swapped for `changed`, its signature kept. */
const altered = (token: string, changed: TicketPayload) => {
  const [prefix, , signature] = token.split('.');
  return `${prefix}.${base64url(new TextEncoder().encode(JSON.stringify(changed)))}.${signature}`;
};

describe('co-hosts, tickets and check-in', () => {
  let t: TestApp;
  let organiser: Member, moderator: Member, admin: Member, asha: Member, ravi: Member, priya: Member, manager: Member, stranger: Member;
  let event: { id: string; username: string };
  let other: { id: string };
  beforeAll(async () => {
    ({ t, members: [organiser, moderator, admin, asha, ravi, priya, manager, stranger] } = await appWithMembers(['user', 'moderator', 'admin', 'user', 'user', 'user', 'user', 'user']));
    event = await listedEvent(organiser, moderator, t);
    other = await listedEvent(organiser, moderator, t);
    for (const who of [asha, ravi]) await who.agent.post(`/api/events/${event.id}/register`).send(fullProfile).expect(201);
    await asha.agent.post(`/api/events/${other.id}/register`).send(fullProfile).expect(201);
  }, 180_000);
  afterAll(async () => t?.stop());

  const coHosts = (kind: string, id: string) => `/api/listings/${kind}/${id}/co-hosts`;
  const scans = (id: string) => `/api/check-in/event/${id}/scans`;
  const ticketOf = async (who: Member, listingId: string) => ((await who.agent.get('/api/tickets').expect(200)).body.data.tickets as TicketView[]).find((x) => x.listingId === listingId)!;

  it('manages co-hosts: the organiser adds by username with a role, changes it and removes them; mistakes are told apart', async () => {
    const url = coHosts('event', event.id);
    const unknown = await organiser.agent.put(`${url}/nobody_here_at_all`).send({ role: 'manager' });
    expect([unknown.status, unknown.body.message]).toEqual([404, 'No user with that username']);
    const self = await organiser.agent.put(`${url}/${organiser.username}`).send({ role: 'manager' });
    expect([self.status, self.body.message]).toEqual([400, 'The organiser already runs this listing: they cannot be a co-host of it']);
    for (const body of [{ role: 'owner' }, {}]) {
      const bad = await organiser.agent.put(`${url}/${priya.username}`).send(body);
      expect([bad.status, bad.body.message]).toEqual([400, 'Role must be manager or check-in']);
    }
    const refused = await stranger.agent.put(`${url}/${priya.username}`).send({ role: 'check-in' });
    expect([refused.status, refused.body.message]).toEqual([403, 'Only the organiser or an admin can manage co-hosts']);
    await t.request().put(`${url}/${priya.username}`).send({ role: 'check-in' }).expect(401);
    await organiser.agent.put(`/api/listings/event/not-an-id/co-hosts/${priya.username}`).send({ role: 'check-in' }).expect(404);
    await organiser.agent.put(`/api/listings/concert/${event.id}/co-hosts/${priya.username}`).send({ role: 'check-in' }).expect(404);

    const added = await organiser.agent.put(`${url}/${priya.username}`).send({ role: 'manager' }).expect(200);
    expect(added.body.data).toMatchObject({ userId: priya.userId, username: priya.username, role: 'manager' });
    await admin.agent.put(`${url}/${manager.username}`).send({ role: 'manager' }).expect(200);
    // A manager does not name co-hosts.
    await manager.agent.put(`${url}/${stranger.username}`).send({ role: 'check-in' }).expect(403);
    await organiser.agent.put(`${url}/${priya.username}`).send({ role: 'check-in' }).expect(200);
    const list = (await manager.agent.get(url).expect(200)).body.data as { username: string; role: string }[];
    expect(list.map((h) => [h.username, h.role])).toEqual([
      [priya.username, 'check-in'],
      [manager.username, 'manager'],
    ]);
    await priya.agent.get(url).expect(403);
    await stranger.agent.get(url).expect(403);

    await organiser.agent.put(`${url}/${stranger.username}`).send({ role: 'check-in' }).expect(200);
    await organiser.agent.delete(`${url}/${stranger.username}`).expect(200);
    const gone = await organiser.agent.delete(`${url}/${stranger.username}`);
    expect([gone.status, gone.body.message]).toEqual([404, `${stranger.username} is not a co-host of this listing`]);
    expect(((await organiser.agent.get(url).expect(200)).body.data as unknown[]).length).toBe(2);
  });

  it('gives every confirmed attendee a signed ticket, mailed with its QR code and on the dashboard', async () => {
    const ticket = await ticketOf(asha, event.id);
    expect(ticket).toMatchObject({ kind: 'event', listingId: event.id, listingPath: `/events/${event.username}`, venue: 'MG Road, Bengaluru, Karnataka, India', attendeeName: 'Asha Rao', checkedInAt: null });
    expect(splitTicket(ticket.token)?.payload).toEqual({ t: ticket.ticketId, k: 'event', l: event.id, u: asha.userId, n: 'Asha Rao' });
    // The same ticket every time.
    expect((await ticketOf(asha, event.id)).token).toBe(ticket.token);
    expect((await stranger.agent.get('/api/tickets').expect(200)).body.data.tickets).toEqual([]);
    await t.request().get('/api/tickets').expect(401);

    await t.latestMail(asha.email, { subject: /Your ticket for/ });
    const mail = (await t.mailsTo(asha.email)).find((m) => m.html.includes(`cid:ticket-${ticket.ticketId}`))!;
    expect(mail.subject).toMatch(/^Your ticket for “Event \d+”$/);
    expect(mail.text).toContain('/user-dashboard');
    expect(mail.html).toContain(`cid:ticket-${ticket.ticketId}`);
    expect(mail.attachments?.[0]).toMatchObject({ contentType: 'image/png', cid: `ticket-${ticket.ticketId}` });
    expect(Buffer.from(mail.attachments![0]!.content, 'base64').subarray(1, 4).toString()).toBe('PNG');
  });

  it('checks tickets in: forged and altered tickets refused, a scan sent twice counted once, two scans of one ticket settle on the first', async () => {
    const board = (await priya.agent.get(`/api/check-in/event/${event.id}`).expect(200)).body.data as CheckInBoard;
    expect(board).toMatchObject({ role: 'check-in', counts: { registered: 2, checkedIn: 0 }, listing: { kind: 'event', id: event.id } });
    expect(board.attendees.map((a) => a.username).sort()).toEqual([asha.username, ravi.username].sort());
    const ashaTicket = await ticketOf(asha, event.id);
    const raviTicket = await ticketOf(ravi, event.id);
    // The board's public key checks the tickets on its own (the check-in screen, offline).
    const key = crypto.createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: board.publicKey }, format: 'jwk' });
    const split = splitTicket(ashaTicket.token)!;
    expect(crypto.verify(null, split.signedBytes, key, split.signature)).toBe(true);

    const forged = `${ashaTicket.token.slice(0, ashaTicket.token.lastIndexOf('.'))}.${base64url(crypto.randomBytes(64))}`;
    const changed = altered(ashaTicket.token, { ...split.payload, u: stranger.userId });
    const elsewhere = (await ticketOf(asha, other.id)).token;
    const refused = (await priya.agent.post(scans(event.id)).send({ scans: [scan(forged), scan(changed), scan('not a ticket'), scan(elsewhere), search(stranger.userId)] }).expect(200)).body.data as ScanAnswer;
    expect(refused.results.map((r) => [r.outcome, r.message])).toEqual([
      ['refused', 'This ticket is not valid'],
      ['refused', 'This ticket is not valid'],
      ['refused', 'This ticket is not valid'],
      ['refused', 'This ticket is for another listing'],
      ['refused', 'No registration for this attendee'],
    ]);
    expect(refused.counts).toEqual({ registered: 2, checkedIn: 0 });

    // A batch sent twice (the answer was lost): recorded once, answered the same.
    const first = scan(ashaTicket.token);
    const once = (await priya.agent.post(scans(event.id)).send({ scans: [first] }).expect(200)).body.data as ScanAnswer;
    const twice = (await priya.agent.post(scans(event.id)).send({ scans: [first] }).expect(200)).body.data as ScanAnswer;
    expect(once.results[0]).toMatchObject({ outcome: 'checked_in', attendee: { userId: asha.userId, username: asha.username }, checkedInBy: priya.username, message: 'Asha Rao checked in' });
    expect(twice).toEqual(once);
    expect(twice.counts).toEqual({ registered: 2, checkedIn: 1 });
    // The same ticket scanned again: already in, with when and by whom (the event's zone: India's).
    const again = (await organiser.agent.post(scans(event.id)).send({ scans: [scan(ashaTicket.token)] }).expect(200)).body.data as ScanAnswer;
    const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Asia/Kolkata' }).format(new Date(once.results[0]!.checkedInAt!));
    expect(again.results[0]).toMatchObject({ outcome: 'already_checked_in', message: `Already checked in at ${time} by ${priya.username}` });

    // Two devices scan one ticket at once: the first to reach the server checks in, the other hears "already".
    const both = await Promise.all([priya.agent.post(scans(event.id)).send({ scans: [scan(raviTicket.token)] }), organiser.agent.post(scans(event.id)).send({ scans: [scan(raviTicket.token)] })]);
    expect(both.map((r) => (r.body.data as ScanAnswer).results[0]!.outcome).sort()).toEqual(['already_checked_in', 'checked_in']);
    const recorded = (await t.store.readStream(checkInStream('event', event.id))).filter((e) => e.type === 'AttendeeCheckedIn');
    expect(recorded.map((e) => (e.data as { attendeeId: string }).attendeeId).sort()).toEqual([asha.userId, ravi.userId].sort());

    // Attendance shows on the participants screen and in its export, and on the attendee's ticket.
    // A scan answers from the check-in stream without waiting for the read models.
    await t.caughtUp();
    const participants = (await organiser.agent.get(`/api/events/${event.id}/participants`).expect(200)).body.data.participants as { user: { username: string }; checkedInAt: string | null }[];
    expect(participants.every((p) => p.checkedInAt)).toBe(true);
    const csv = (await organiser.agent.get(`/api/events/${event.id}/participants/export`).expect(200)).text;
    expect(csv.split('\n')[0]).toContain('"Checked in"');
    expect((await ticketOf(asha, event.id)).checkedInAt).toBe(once.results[0]!.checkedInAt);
  });

  it('undoes a check-in; a second undo is 404; strangers may neither scan, undo nor see the board', async () => {
    const undone = await priya.agent.delete(`/api/check-in/event/${event.id}/attendees/${ravi.userId}`).expect(200);
    expect(undone.body.data).toEqual({ userId: ravi.userId, counts: { registered: 2, checkedIn: 1 } });
    const again = await priya.agent.delete(`/api/check-in/event/${event.id}/attendees/${ravi.userId}`);
    expect([again.status, again.body.message]).toEqual([404, 'This attendee is not checked in']);
    const back = (await manager.agent.post(scans(event.id)).send({ scans: [search(ravi.userId)] }).expect(200)).body.data as ScanAnswer;
    expect(back.results[0]).toMatchObject({ outcome: 'checked_in', checkedInBy: manager.username });

    for (const who of [stranger, asha, moderator]) {
      await who.agent.get(`/api/check-in/event/${event.id}`).expect(403);
      const res = await who.agent.post(scans(event.id)).send({ scans: [search(ravi.userId)] });
      expect([res.status, res.body.message]).toEqual([403, 'Only the organiser, admins and co-hosts can check people in here']);
      await who.agent.delete(`/api/check-in/event/${event.id}/attendees/${ravi.userId}`).expect(403);
    }
    expect((await admin.agent.get(`/api/check-in/event/${event.id}`).expect(200)).body.data.role).toBe('admin');
    await priya.agent.post(scans(event.id)).send({ scans: [{ scanId: crypto.randomUUID(), scannedAt: new Date().toISOString() }] }).expect(400);
  });

  it('lets a check-in co-host do nothing else, and a manager everything but delete', async () => {
    const form = eventForm(t, { title: 'Renamed by a manager' });
    // Check-in co-host: edit, participants, export refused.
    await priya.agent.put(`/api/events/${event.id}`).send(form).expect(403);
    await priya.agent.get(`/api/events/${event.id}/participants`).expect(403);
    await priya.agent.get(`/api/events/${event.id}/participants/export`).expect(403);
    // Manager: edit, participants and export; never delete.
    await manager.agent.put(`/api/events/${event.id}`).send(form).expect(200);
    await manager.agent.get(`/api/events/${event.id}/participants`).expect(200);
    await manager.agent.get(`/api/events/${event.id}/participants/export`).expect(200);
    await manager.agent.delete(`/api/events/${event.id}`).expect(403);
    // In the console too: the manager sees the event among their listings, with its attendance; the check-in co-host has no console.
    const filter = JSON.stringify({ kind: 'event', listingId: event.id });
    const rows = (await manager.agent.get('/api/admin/participants').query({ filter }).expect(200)).body as { username: string; checkedInAt: string | null }[];
    expect(rows.filter((r) => r.checkedInAt).map((r) => r.username).sort()).toEqual([asha.username, ravi.username].sort());
    const listings = (await manager.agent.get('/api/admin/participant-listings').expect(200)).body as { listingId: string }[];
    expect(listings.map((l) => l.listingId)).toContain(event.id);
    await priya.agent.get('/api/admin/participants').query({ filter }).expect(403);

    // A hackathon's announcements and judging.
    const hackathon = await createdListing('hackathons', hackathonFormFixture(t.clock.now(), { takeRegistrations: true }), organiser, moderator);
    await organiser.agent.put(`${coHosts('hackathon', hackathon.id)}/${priya.username}`).send({ role: 'check-in' }).expect(200);
    await organiser.agent.put(`${coHosts('hackathon', hackathon.id)}/${manager.username}`).send({ role: 'manager' }).expect(200);
    const announcement = { type: 'general', title: 'Doors open', content: '<p>At 9</p>' };
    await priya.agent.post(`/api/hackathons/${hackathon.id}/announcements`).send(announcement).expect(403);
    await manager.agent.post(`/api/hackathons/${hackathon.id}/announcements`).send(announcement).expect(201);
    await priya.agent.get(`/api/hackathons/${hackathon.id}/judging/rankings`).expect(403);
    await manager.agent.get(`/api/hackathons/${hackathon.id}/judging/rankings`).expect(200);
    await priya.agent.get(`/api/check-in/hackathon/${hackathon.id}`).expect(200);
    await manager.agent.delete(`/api/hackathons/${hackathon.id}`).expect(403);

    // Quizzes are held online: no check-in co-hosts, no door.
    const quizBoard = await organiser.agent.get(`/api/check-in/quiz/${hackathon.id}`);
    expect(quizBoard.status).toBe(404);
  });

  it('lists the listings each co-host co-hosts, soonest first; a removed co-host, a deleted listing and a stranger list none', async () => {
    const coHosting = async (who: Member) => ((await who.agent.get('/api/listings/co-hosting').expect(200)).body.data as CoHosting).listings;
    const managed = await coHosting(manager);
    expect(managed.map((l) => l.startsAt)).toEqual(managed.map((l) => l.startsAt).sort());
    expect(managed.map((l) => [l.kind, l.role])).toEqual(expect.arrayContaining([['event', 'manager'], ['hackathon', 'manager']]));
    expect(managed.find((l) => l.id === event.id)).toEqual({ kind: 'event', id: event.id, title: 'Renamed by a manager', username: event.username, path: `/events/${event.username}`, startsAt: expect.any(String), role: 'manager', hasDoor: true });
    const hackathon = managed.find((l) => l.kind === 'hackathon')!;
    expect((await coHosting(priya)).map((l) => [l.id, l.role]).sort()).toEqual([[event.id, 'check-in'], [hackathon.id, 'check-in']].sort());

    await organiser.agent.delete(`${coHosts('hackathon', hackathon.id)}/${manager.username}`).expect(200);
    expect((await coHosting(manager)).map((l) => l.id)).toEqual([event.id]);
    await organiser.agent.delete(`/api/hackathons/${hackathon.id}`).expect(200);
    expect((await coHosting(priya)).map((l) => l.id)).toEqual([event.id]);
    expect(await coHosting(stranger)).toEqual([]);
    await t.request().get('/api/listings/co-hosting').expect(401);
  });
});
