import type { CheckInAttendee, CheckInCounts, Scan, ScanAnswer, ScanBatch } from '@circuit/shared/api/check-in';

/**
 * The door's offline queue as plain data (docs/day-of.md): scans accepted on this device wait here, each
 * with the id the device gave it, until the server has answered them. The server's answers replace what
 * the device assumed; a scan the server has not answered stays queued and is sent again with the same id,
 * which the server records once.
 */

/** A scan waiting for the server, with the attendee this device matched it to. */
export interface QueuedScan {
  scan: Scan;
  userId: string;
  /** The name to show while the server has not answered (the ticket's, for someone not on the list loaded). */
  name: string;
}

/** An attendee as the screen shows them: the server's state, or this device's check-in still to be synced. */
export interface DoorAttendee extends CheckInAttendee {
  waitingToSync: boolean;
}

/** The most scans one request carries (the batch schema's bound). */
export const BATCH_MAX = 200;

/** The attendees with this device's unsynced check-ins laid over the server's state. */
export function doorAttendees(attendees: CheckInAttendee[], queue: QueuedScan[], me: string): DoorAttendee[] {
  const queued = new Map(queue.map((q) => [q.userId, q]));
  return attendees.map((a) => {
    const q = queued.get(a.userId);
    if (a.checkedInAt || !q) return { ...a, waitingToSync: false };
    return { ...a, checkedInAt: q.scan.scannedAt, checkedInBy: me, waitingToSync: true };
  });
}

/** The server's counts plus this device's unsynced check-ins of people the server has not seen checked in. */
export function doorCounts(counts: CheckInCounts, attendees: CheckInAttendee[], queue: QueuedScan[]): CheckInCounts {
  const known = new Map(attendees.map((a) => [a.userId, a]));
  const extra = new Set(queue.filter((q) => !known.get(q.userId)?.checkedInAt).map((q) => q.userId)).size;
  return { registered: counts.registered, checkedIn: Math.min(counts.registered, counts.checkedIn + extra) };
}

/** The first batch to send, oldest first (the order scanned). */
export function nextBatch(queue: QueuedScan[]): ScanBatch | null {
  return queue.length === 0 ? null : { scans: queue.slice(0, BATCH_MAX).map((q) => q.scan) };
}

/** Adds a scan unless one with its id is queued already (a scan queued twice is one scan). */
export function enqueue(queue: QueuedScan[], item: QueuedScan): QueuedScan[] {
  return queue.some((q) => q.scan.scanId === item.scan.scanId) ? queue : [...queue, item];
}

/**
 * The server's answer to a batch folded in: each answered scan leaves the queue, each attendee it names takes
 * the server's check-in (which may be another device's, earlier), and the counts become the server's.
 * A refused scan leaves its attendee as the server had them.
 */
export function mergeAnswer(attendees: CheckInAttendee[], queue: QueuedScan[], answer: ScanAnswer): { attendees: CheckInAttendee[]; queue: QueuedScan[]; counts: CheckInCounts } {
  const answered = new Set(answer.results.map((r) => r.scanId));
  const server = new Map<string, { checkedInAt: string | null; checkedInBy: string | null }>();
  for (const r of answer.results) {
    if (r.outcome !== 'refused' && r.attendee) server.set(r.attendee.userId, { checkedInAt: r.checkedInAt, checkedInBy: r.checkedInBy });
  }
  return {
    attendees: attendees.map((a) => {
      const s = server.get(a.userId);
      return s ? { ...a, checkedInAt: s.checkedInAt, checkedInBy: s.checkedInBy } : a;
    }),
    queue: queue.filter((q) => !answered.has(q.scan.scanId)),
    counts: answer.counts,
  };
}

/** An undone check-in: the attendee as not checked in. */
export const withUndo = (attendees: CheckInAttendee[], userId: string): CheckInAttendee[] => attendees.map((a) => (a.userId === userId ? { ...a, checkedInAt: null, checkedInBy: null } : a));

/** Waits before the n-th retry of a batch whose answer was lost: 2 s doubling, at most a minute. */
export const retryDelayMs = (attempt: number) => Math.min(60_000, 2_000 * 2 ** attempt);

/** Attendees whose name, username or e-mail holds every word typed, case and accents aside. */
export function searchAttendees<A extends CheckInAttendee>(attendees: A[], query: string, limit = 8): A[] {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return attendees.filter((a) => words.every((w) => fold(`${a.name} ${a.username} ${a.email}`).includes(w))).slice(0, limit);
}
