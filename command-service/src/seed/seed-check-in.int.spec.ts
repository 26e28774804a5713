import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithMembers, type Member, type TestApp } from '@circuit/embedded/testing/test-app';
import type { CheckInBoard, TicketView } from '@circuit/shared/api/check-in';
import { seedLiveEvent } from './seed-check-in';

describe('the running demo event', () => {
  let t: TestApp;
  let organiser: Member, doorkeeper: Member, attendees: Member[];
  beforeAll(async () => {
    let rest: Member[];
    ({ t, members: [organiser, doorkeeper, ...rest] } = await appWithMembers(['user', 'user', 'user', 'user', 'user', 'user']));
    attendees = rest;
  }, 120_000);
  afterAll(async () => t?.stop());

  it('is running at a venue, with a check-in co-host who has checked some of its attendees in; a second seed adds nothing', async () => {
    const now = t.clock.now();
    const people = { organiser, doorkeeper, attendees: attendees.map((a, i) => ({ userId: a.userId, firstName: `Guest${i}`, lastName: 'Demo' })), checkedIn: 2 };
    const eventId = await seedLiveEvent(t.store, people, now, {});
    expect(eventId).toBeTruthy();
    const head = await t.store.headPosition();
    expect(await seedLiveEvent(t.store, people, now, {})).toBeNull();
    expect(await t.store.headPosition()).toBe(head);
    await t.caughtUp();

    const board = (await doorkeeper.agent.get(`/api/check-in/event/${eventId}`).expect(200)).body.data as CheckInBoard;
    expect(board.role).toBe('check-in');
    expect(board.counts).toEqual({ registered: 4, checkedIn: 2 });
    expect(board.attendees.filter((a) => a.checkedInAt).map((a) => a.checkedInBy)).toEqual([doorkeeper.username, doorkeeper.username]);
    expect(Date.parse(board.listing.startsAt)).toBe(now.getTime() - 3_600_000);
    const ticket = ((await attendees[3]!.agent.get('/api/tickets').expect(200)).body.data.tickets as TicketView[])[0]!;
    expect(ticket).toMatchObject({ listingId: eventId, venue: 'Hall B, 12 Residency Road, Bengaluru, Karnataka, India', checkedInAt: null });
    expect(Date.parse(ticket.endsAt!)).toBeGreaterThan(now.getTime());
  });
});
