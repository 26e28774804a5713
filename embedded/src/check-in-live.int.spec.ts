/** Live check-in counts: a scan through the command service reaches the sockets watching the listing's door, and nobody else's. */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { CHECK_IN_COUNTS, CHECK_IN_WATCH, type CheckInCountsEvent } from '@circuit/shared/api/check-in';
import { next, nextWhere, silence } from '@circuit/shared/testkit/socket-events';
import { sessionCookieOf } from '@circuit/shared/testkit/session-cookie';
import { fullProfile, listedEvent } from '@circuit/command-service/events/event-fixtures';
import { createTestApp, type Agent, type TestApp } from './testing/test-app';

describe('live check-in counts', () => {
  let t: TestApp;
  let base: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    base = `http://127.0.0.1:${await t.embedded.listen(0)}`;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t?.stop();
  });

  async function person(): Promise<{ agent: Agent; cookie: string; username: string }> {
    const u = t.newUser();
    const { agent } = await t.signUpVerified(u);
    const login = await agent.post('/api/auth/login').send({ identifier: u.username, password: u.password }).expect(200);
    return { agent, cookie: sessionCookieOf(login), username: u.username };
  }

  const socketOf = async (cookie: string) => {
    const socket = io(base, { transports: ['websocket'], extraHeaders: { cookie }, reconnection: false, forceNew: true });
    sockets.push(socket);
    await next(socket, 'connect');
    return socket;
  };

  it('lets a check-in co-host watch the counts of their listing, and refuses a stranger', async () => {
    const [organiser, moderator, attendee] = [await t.member(), await t.member('moderator'), await t.member()];
    const [doorkeeper, stranger] = [await person(), await person()];
    const event = await listedEvent(organiser, moderator, t);
    await attendee.agent.post(`/api/events/${event.id}/register`).send(fullProfile).expect(201);
    await organiser.agent.put(`/api/listings/event/${event.id}/co-hosts/${doorkeeper.username}`).send({ role: 'check-in' }).expect(200);

    const watching = await socketOf(doorkeeper.cookie);
    const elsewhere = await socketOf(stranger.cookie);
    const initial = next<CheckInCountsEvent>(watching, CHECK_IN_COUNTS);
    expect(await watching.timeout(5000).emitWithAck(CHECK_IN_WATCH, { kind: 'event', listingId: event.id })).toEqual({ ok: true });
    expect(await initial).toEqual({ kind: 'event', listingId: event.id, registered: 1, checkedIn: 0 });
    expect(await elsewhere.timeout(5000).emitWithAck(CHECK_IN_WATCH, { kind: 'event', listingId: event.id })).toEqual({ ok: false, message: 'Only the organiser, admins and co-hosts can check people in here' });
    expect(await elsewhere.timeout(5000).emitWithAck(CHECK_IN_WATCH, { kind: 'concert', listingId: 'x' })).toEqual({ ok: false, message: 'Listing not found' });

    const counted = nextWhere<CheckInCountsEvent>(watching, CHECK_IN_COUNTS, (c) => c.checkedIn === 1);
    const quiet = silence(elsewhere, CHECK_IN_COUNTS, 1000);
    const scan = { scanId: crypto.randomUUID(), attendeeId: attendee.userId, scannedAt: new Date().toISOString() };
    await doorkeeper.agent.post(`/api/check-in/event/${event.id}/scans`).send({ scans: [scan] }).expect(200);
    expect(await counted).toEqual({ kind: 'event', listingId: event.id, registered: 1, checkedIn: 1 });
    await quiet;

    const undone = nextWhere<CheckInCountsEvent>(watching, CHECK_IN_COUNTS, (c) => c.checkedIn === 0);
    await organiser.agent.delete(`/api/check-in/event/${event.id}/attendees/${attendee.userId}`).expect(200);
    expect(await undone).toMatchObject({ registered: 1, checkedIn: 0 });
  });
});
