import { describe, expect, it } from 'vitest';
import { given } from '@circuit/shared/testkit/given-when-then';
import type { TicketPayload } from '@circuit/shared/tickets/ticket-token';
import { checkInDecider, countsOf, verdictOf, type CheckInCommand, type CheckInEvent, type CheckedScan, type Door } from './check-in-decider';
import { coHostDecider, type CoHostEvent, type HostedListing } from './co-host-decider';

const NOW = new Date('2026-11-24T05:02:00.000Z');
const AT = NOW.toISOString();
const door: Door = { kind: 'event', listingId: 'e1', open: true, holders: new Set(['asha', 'ravi']) };
const ticket = (u: string, over: Partial<TicketPayload> = {}): TicketPayload => ({ t: `t-${u}`, k: 'event', l: 'e1', u, n: u, ...over });
const byTicket = (scanId: string, payload: TicketPayload | null): CheckedScan => ({ scanId, scannedAt: AT, byUserId: 'priya', method: 'ticket', ticket: payload });
const scans = (...list: CheckedScan[]): CheckInCommand => ({ type: 'RecordScans', scans: list, door, role: 'check-in', actorId: 'priya', now: NOW });
const checkedIn = (attendeeId: string, scanId: string, by = 'priya'): CheckInEvent => ({
  type: 'AttendeeCheckedIn',
  data: { listingKind: 'event', listingId: 'e1', at: AT, byUserId: by, attendeeId, ticketId: `t-${attendeeId}`, scanId, method: 'ticket', scannedAt: AT },
});

describe('check-in decider', () => {
  it('checks a ticket holder in; the same ticket again, from any device, is "already checked in" and appends nothing', () => {
    given(checkInDecider).when(scans(byTicket('s1', ticket('asha')))).then([checkedIn('asha', 's1')]);
    given(checkInDecider, [checkedIn('asha', 's1')]).when(scans(byTicket('s2', ticket('asha')))).then([]);
    const state = given(checkInDecider, [checkedIn('asha', 's1')]).state();
    expect(verdictOf(byTicket('s2', ticket('asha')), door, state)).toMatchObject({ outcome: 'already_checked_in', attendeeId: 'asha', record: { at: AT, byUserId: 'priya', scanId: 's1' } });
  });

  it('of two scans of one ticket in a batch the first checks in; a scan id seen before appends nothing and is answered as the first time', () => {
    const events = given(checkInDecider).when(scans(byTicket('s1', ticket('asha')), byTicket('s2', ticket('asha')), byTicket('s3', ticket('ravi')))).then([checkedIn('asha', 's1'), checkedIn('ravi', 's3')]);
    expect(events).toHaveLength(2);
    // The queue flushed again after an undo: the scan is the one recorded, not a new check-in.
    const undone: CheckInEvent = { type: 'AttendeeCheckInUndone', data: { listingKind: 'event', listingId: 'e1', at: AT, byUserId: 'org', attendeeId: 'asha' } };
    given(checkInDecider, [checkedIn('asha', 's1'), undone]).when(scans(byTicket('s1', ticket('asha')))).then([]);
    const state = given(checkInDecider, [checkedIn('asha', 's1'), undone]).state();
    expect(verdictOf(byTicket('s1', ticket('asha')), door, state)).toMatchObject({ outcome: 'checked_in', attendeeId: 'asha' });
  });

  it('refuses a ticket that is not valid, one for another listing, one without a place, and a search for someone without a place', () => {
    const state = given(checkInDecider).state();
    given(checkInDecider).when(scans(byTicket('s1', null), byTicket('s2', ticket('asha', { l: 'e2' })), byTicket('s3', ticket('asha', { k: 'hackathon' })), byTicket('s4', ticket('nobody')))).then([]);
    expect(verdictOf(byTicket('s1', null), door, state)).toEqual({ outcome: 'refused', attendeeId: null, reason: 'invalid' });
    expect(verdictOf(byTicket('s2', ticket('asha', { l: 'e2' })), door, state)).toEqual({ outcome: 'refused', attendeeId: null, reason: 'other_listing' });
    expect(verdictOf(byTicket('s4', ticket('nobody')), door, state)).toEqual({ outcome: 'refused', attendeeId: 'nobody', reason: 'no_place' });
    expect(verdictOf({ scanId: 's5', scannedAt: AT, byUserId: 'priya', method: 'search', attendeeId: 'nobody' }, door, state)).toEqual({ outcome: 'refused', attendeeId: 'nobody', reason: 'no_attendee' });
  });

  it('checks in by search, without a ticket id', () => {
    given(checkInDecider)
      .when(scans({ scanId: 's1', scannedAt: '2026-11-24T04:00:00.000Z', byUserId: 'priya', method: 'search', attendeeId: 'ravi' }))
      .then([{ type: 'AttendeeCheckedIn', data: { listingKind: 'event', listingId: 'e1', at: AT, byUserId: 'priya', attendeeId: 'ravi', ticketId: null, scanId: 's1', method: 'search', scannedAt: '2026-11-24T04:00:00.000Z' } }]);
  });

  it('undoes a check-in; undoing one that is not there is 404; nobody without a role checks in or undoes', () => {
    given(checkInDecider, [checkedIn('asha', 's1')])
      .when({ type: 'UndoCheckIn', attendeeId: 'asha', door, role: 'manager', actorId: 'm', now: NOW })
      .then([{ type: 'AttendeeCheckInUndone', data: { listingKind: 'event', listingId: 'e1', at: AT, byUserId: 'm', attendeeId: 'asha' } }]);
    given(checkInDecider).when({ type: 'UndoCheckIn', attendeeId: 'asha', door, role: 'organiser', actorId: 'o', now: NOW }).thenThrows('not_found', 'This attendee is not checked in');
    given(checkInDecider).when({ ...scans(byTicket('s1', ticket('asha'))), role: null }).thenThrows('forbidden', 'Only the organiser, admins and co-hosts can check people in here');
    given(checkInDecider, [checkedIn('asha', 's1')]).when({ type: 'UndoCheckIn', attendeeId: 'asha', door, role: null, actorId: 'x', now: NOW }).thenThrows('forbidden');
  });

  it('counts the places held and those of them checked in', () => {
    const state = given(checkInDecider, [checkedIn('asha', 's1'), checkedIn('gone', 's2')]).state();
    expect(countsOf(door, state)).toEqual({ registered: 2, checkedIn: 1 });
  });
});

describe('co-host decider', () => {
  const listing: HostedListing = { kind: 'event', listingId: 'e1', live: true, createdBy: 'org' };
  const organiser = { userId: 'org', role: 'user' as const };
  const added = (role: 'manager' | 'check-in'): CoHostEvent => ({ type: 'ListingCoHostAdded', data: { listingKind: 'event', listingId: 'e1', at: AT, byUserId: 'org', userId: 'priya', role } });

  it('the organiser or an admin adds a co-host, changes the role and removes them; the same role again records nothing', () => {
    given(coHostDecider).when({ type: 'SetCoHost', listing, actor: organiser, userId: 'priya', role: 'check-in', now: NOW }).then([added('check-in')]);
    given(coHostDecider, [added('check-in')]).when({ type: 'SetCoHost', listing, actor: organiser, userId: 'priya', role: 'check-in', now: NOW }).then([]);
    given(coHostDecider, [added('check-in')]).when({ type: 'SetCoHost', listing, actor: organiser, userId: 'priya', role: 'manager', now: NOW }).then([added('manager')]);
    given(coHostDecider, [added('manager')])
      .when({ type: 'RemoveCoHost', listing, actor: { userId: 'adm', role: 'admin' }, userId: 'priya', username: 'priya_codes', now: NOW })
      .then([{ type: 'ListingCoHostRemoved', data: { listingKind: 'event', listingId: 'e1', at: AT, byUserId: 'adm', userId: 'priya' } }]);
  });

  it('refuses anyone else (a manager too), the organiser as their own co-host, a check-in co-host of a quiz, and removing someone who is not one', () => {
    for (const actor of [{ userId: 'x', role: 'user' as const }, { userId: 'm', role: 'user' as const, coHost: 'manager' as const }, { userId: 'mod', role: 'moderator' as const }]) {
      given(coHostDecider).when({ type: 'SetCoHost', listing, actor, userId: 'priya', role: 'check-in', now: NOW }).thenThrows('forbidden', 'Only the organiser or an admin can manage co-hosts');
    }
    given(coHostDecider).when({ type: 'SetCoHost', listing, actor: organiser, userId: 'org', role: 'manager', now: NOW }).thenThrows('refused', /cannot be a co-host/);
    given(coHostDecider).when({ type: 'SetCoHost', listing: { ...listing, kind: 'quiz' }, actor: organiser, userId: 'priya', role: 'check-in', now: NOW }).thenThrows('refused', /Quizzes are held online/);
    given(coHostDecider).when({ type: 'RemoveCoHost', listing, actor: organiser, userId: 'priya', username: 'priya_codes', now: NOW }).thenThrows('not_found', 'priya_codes is not a co-host of this listing');
    given(coHostDecider).when({ type: 'SetCoHost', listing: { ...listing, live: false }, actor: organiser, userId: 'priya', role: 'manager', now: NOW }).thenThrows('not_found', 'Listing not found');
  });
});
