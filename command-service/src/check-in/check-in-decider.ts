import type { Decider } from '@circuit/shared/commands/decider';
import { forbidden, notFound } from '@circuit/shared/commands/domain-errors';
import type { CheckInRole } from '@circuit/shared/api/check-in';
import type { DomainEvent } from '@circuit/shared/events/catalogue';
import type { CheckInKind } from '@circuit/shared/events/check-in';
import { CheckInMessages as M } from '@circuit/shared/check-in/messages';
import type { TicketPayload } from '@circuit/shared/tickets/ticket-token';

/**
 * Check-in at a listing's door (`check-in-<kind>-<id>`, docs/day-of.md). One check-in per attendee
 * holds at a time: the first scan to reach the server wins, a later one is answered "already
 * checked in" and appends nothing. A scan carries the id its device gave it; a scan id seen before
 * appends nothing and is answered as it was the first time. Who holds a place comes from the
 * roster's own stream (door.ts), inside the command, so the decider stays pure.
 */

/** What the decider knows of the listing and its roster. */
export interface Door {
  kind: CheckInKind;
  listingId: string;
  /** The listing exists, is not deleted and has a venue. */
  open: boolean;
  /** Who holds a confirmed place (a ticket). */
  holders: ReadonlySet<string>;
}

/**
 * A scan as the service hands it over: a ticket whose signature was checked (null: not valid), or an
 * attendee picked by search; `byUserId`: who scanned it (a batch may gather several devices' scans).
 */
export type CheckedScan = { scanId: string; scannedAt: string; byUserId: string } & ({ method: 'ticket'; ticket: TicketPayload | null } | { method: 'search'; attendeeId: string });

export interface CheckInRecord {
  at: string;
  byUserId: string;
  scanId: string;
}

export interface CheckInState {
  /** Who is checked in now. */
  checkedIn: Readonly<Record<string, CheckInRecord>>;
  /** Every scan that checked someone in, by its id, even once undone: a repeat is answered as the first time. */
  scans: Readonly<Record<string, CheckInRecord & { attendeeId: string }>>;
}

interface By {
  door: Door;
  /** The actor's standing at the door (door.ts); null: none. */
  role: CheckInRole | null;
  actorId: string;
  now: Date;
}

export type CheckInCommand = ({ type: 'RecordScans'; scans: readonly CheckedScan[] } & By) | ({ type: 'UndoCheckIn'; attendeeId: string } & By);
export type CheckInEvent = DomainEvent<'AttendeeCheckedIn' | 'AttendeeCheckInUndone'>;

/** What a scan comes to on a state: who it names, and the check-in it made, found, or why it was refused. */
export type Verdict =
  | { outcome: 'checked_in' | 'already_checked_in'; attendeeId: string; record: CheckInRecord }
  | { outcome: 'refused'; attendeeId: string | null; reason: 'invalid' | 'other_listing' | 'no_place' | 'no_attendee' }
  | { outcome: 'new'; attendeeId: string };

/** The verdict on `scan` given `state`: pure, so the answer is worked out again from the state after the append. */
export function verdictOf(scan: CheckedScan, door: Door, state: CheckInState): Verdict {
  const seen = state.scans[scan.scanId];
  if (seen) return { outcome: 'checked_in', attendeeId: seen.attendeeId, record: seen };
  let attendeeId: string;
  if (scan.method === 'ticket') {
    if (!scan.ticket) return { outcome: 'refused', attendeeId: null, reason: 'invalid' };
    if (scan.ticket.k !== door.kind || scan.ticket.l !== door.listingId) return { outcome: 'refused', attendeeId: null, reason: 'other_listing' };
    attendeeId = scan.ticket.u;
  } else attendeeId = scan.attendeeId;
  if (!door.holders.has(attendeeId)) return { outcome: 'refused', attendeeId, reason: scan.method === 'ticket' ? 'no_place' : 'no_attendee' };
  const record = state.checkedIn[attendeeId];
  return record ? { outcome: 'already_checked_in', attendeeId, record } : { outcome: 'new', attendeeId };
}

function evolve(state: CheckInState, event: CheckInEvent): CheckInState {
  if (event.type === 'AttendeeCheckedIn') {
    const d = event.data;
    const record = { at: d.at, byUserId: d.byUserId, scanId: d.scanId };
    return { checkedIn: { ...state.checkedIn, [d.attendeeId]: record }, scans: { ...state.scans, [d.scanId]: { ...record, attendeeId: d.attendeeId } } };
  }
  const { [event.data.attendeeId]: _undone, ...checkedIn } = state.checkedIn;
  return { ...state, checkedIn };
}

function assertHost(command: By): void {
  if (!command.role) throw forbidden(M.notHost);
  if (!command.door.open) throw notFound(M.listingNotFound);
}

export const checkInDecider: Decider<CheckInState, CheckInCommand, CheckInEvent> = {
  initialState: () => ({ checkedIn: {}, scans: {} }),
  evolve,
  decide(command, state) {
    assertHost(command);
    const { door } = command;
    const base = { listingKind: door.kind, listingId: door.listingId, at: command.now.toISOString(), byUserId: command.actorId };
    if (command.type === 'UndoCheckIn') {
      if (!state.checkedIn[command.attendeeId]) throw notFound(M.notCheckedIn);
      return [{ type: 'AttendeeCheckInUndone', data: { ...base, attendeeId: command.attendeeId } }];
    }
    const events: CheckInEvent[] = [];
    let now = state;
    // In the order scanned: of two scans of one ticket in a batch the first checks in.
    for (const scan of command.scans) {
      const verdict = verdictOf(scan, door, now);
      if (verdict.outcome !== 'new') continue;
      const event: CheckInEvent = {
        type: 'AttendeeCheckedIn',
        data: { ...base, byUserId: scan.byUserId, attendeeId: verdict.attendeeId, ticketId: scan.method === 'ticket' ? (scan.ticket?.t ?? null) : null, scanId: scan.scanId, method: scan.method, scannedAt: scan.scannedAt },
      };
      events.push(event);
      now = evolve(now, event);
    }
    return events;
  },
};

/** The counts of the door: places held, and how many of those are checked in. */
export const countsOf = (door: Door, state: CheckInState) => ({ registered: door.holders.size, checkedIn: Object.keys(state.checkedIn).filter((id) => door.holders.has(id)).length });
