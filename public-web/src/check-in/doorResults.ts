import type { CheckInAttendee, ScanResult } from '@circuit/shared/api/check-in';
import { dateTimeFormat } from '@circuit/shared/time/format';

/** What the screen says after a scan, large and announced: green, amber, red, or still asking the server. */
export interface DoorResult {
  tone: 'success' | 'warning' | 'danger' | 'pending';
  title: string;
  name: string | null;
  team: string | null;
  /** Accepted on this device while offline: shown as checked in, sent when the network is back. */
  waitingToSync: boolean;
  /** Tells two equal results apart, so the second is announced too. */
  key: string;
}

const clock = (iso: string) => dateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

const result = (r: Omit<DoorResult, 'key' | 'waitingToSync'> & { waitingToSync?: boolean }, key: string): DoorResult => ({ waitingToSync: false, ...r, key });

export const checkedInHere = (a: Pick<CheckInAttendee, 'name' | 'teamName'>, key: string, waitingToSync: boolean) =>
  result({ tone: 'success', title: `Checked in: ${a.name}`, name: a.name, team: a.teamName, waitingToSync }, key);

/** The device's own words for a check-in it already knows of, in the server's form ("Already checked in at 10:32 by priya_codes"). */
export const alreadyHere = (a: Pick<CheckInAttendee, 'name' | 'teamName' | 'checkedInAt' | 'checkedInBy'>, key: string) =>
  result({ tone: 'warning', title: `Already checked in${a.checkedInAt ? ` at ${clock(a.checkedInAt)}` : ''}${a.checkedInBy ? ` by ${a.checkedInBy}` : ''}`, name: a.name, team: a.teamName }, key);

export const refusedHere = (title: string, key: string, name: string | null = null) => result({ tone: 'danger', title, name, team: null }, key);

export const asking = (name: string | null, key: string) => result({ tone: 'pending', title: 'Checking…', name, team: null }, key);

/** The server's answer: a check-in in the door's own words, as offline; "already" and refusals in the server's. The team comes from the board. */
export function fromServer(r: ScanResult, attendees: CheckInAttendee[]): DoorResult {
  const team = attendees.find((a) => a.userId === r.attendee?.userId)?.teamName ?? null;
  if (r.outcome === 'checked_in' && r.attendee) return checkedInHere({ name: r.attendee.name, teamName: team }, r.scanId, false);
  return result({ tone: r.outcome === 'already_checked_in' ? 'warning' : 'danger', title: r.message, name: r.attendee?.name ?? null, team }, r.scanId);
}
