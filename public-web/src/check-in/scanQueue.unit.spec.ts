import { describe, expect, it } from 'vitest';
import type { CheckInAttendee, ScanAnswer } from '@circuit/shared/api/check-in';
import { doorAttendees, doorCounts, enqueue, mergeAnswer, nextBatch, retryDelayMs, searchAttendees, withUndo, type QueuedScan } from './scanQueue';

const person = (userId: string, name: string, extra: Partial<CheckInAttendee> = {}): CheckInAttendee => ({
  userId,
  name,
  username: name.toLowerCase().replace(/ /g, '_'),
  email: `${userId}@example.test`,
  ticketId: `t-${userId}`,
  teamName: null,
  checkedInAt: null,
  checkedInBy: null,
  ...extra,
});
const anya = person('u1', 'Anya Rao');
const bala = person('u2', 'Bala Subramanian');
const chitra = person('u3', 'Chitra Iyer', { checkedInAt: '2026-11-29T10:00:00.000Z', checkedInBy: 'priya_codes' });
const queued = (scanId: string, userId: string): QueuedScan => ({ scan: { scanId, token: `CT1.${userId}.sig`, scannedAt: '2026-11-29T10:32:00.000Z' }, userId, name: userId });

describe('the door queue', () => {
  it('shows a queued scan as checked in, waiting to sync, and counts it once', () => {
    const queue = [queued('s1', 'u1'), queued('s2', 'u1'), queued('s3', 'u3')];
    const shown = doorAttendees([anya, bala, chitra], queue, 'door_dev');
    expect(shown.find((a) => a.userId === 'u1')).toMatchObject({ checkedInAt: '2026-11-29T10:32:00.000Z', checkedInBy: 'door_dev', waitingToSync: true });
    expect(shown.find((a) => a.userId === 'u2')).toMatchObject({ checkedInAt: null, waitingToSync: false });
    // The server already had Chitra: her queued scan changes nothing shown.
    expect(shown.find((a) => a.userId === 'u3')).toMatchObject({ checkedInBy: 'priya_codes', waitingToSync: false });
    expect(doorCounts({ registered: 3, checkedIn: 1 }, [anya, bala, chitra], queue)).toEqual({ registered: 3, checkedIn: 2 });
  });

  it('keeps one scan per scan id, and sends the oldest first', () => {
    let queue: QueuedScan[] = [];
    queue = enqueue(queue, queued('s1', 'u1'));
    queue = enqueue(queue, queued('s2', 'u2'));
    queue = enqueue(queue, queued('s1', 'u1'));
    expect(nextBatch(queue)?.scans.map((s) => s.scanId)).toEqual(['s1', 's2']);
    expect(nextBatch([])).toBeNull();
  });

  it('takes the server’s answers over what the device assumed: another device got there first', () => {
    const queue = [queued('s1', 'u1'), queued('s2', 'u2'), queued('s9', 'u2')];
    const answer: ScanAnswer = {
      results: [
        { scanId: 's1', outcome: 'checked_in', attendee: { userId: 'u1', name: 'Anya Rao', username: 'anya_rao' }, checkedInAt: '2026-11-29T10:40:00.000Z', checkedInBy: 'door_dev', message: 'Checked in: Anya Rao' },
        {
          scanId: 's2',
          outcome: 'already_checked_in',
          attendee: { userId: 'u2', name: 'Bala Subramanian', username: 'bala_subramanian' },
          checkedInAt: '2026-11-29T10:31:00.000Z',
          checkedInBy: 'priya_codes',
          message: 'Already checked in at 10:31 by priya_codes',
        },
      ],
      counts: { registered: 3, checkedIn: 3 },
    };
    const merged = mergeAnswer([anya, bala, chitra], queue, answer);
    expect(merged.queue.map((q) => q.scan.scanId)).toEqual(['s9']);
    expect(merged.attendees.find((a) => a.userId === 'u1')).toMatchObject({ checkedInAt: '2026-11-29T10:40:00.000Z', checkedInBy: 'door_dev' });
    expect(merged.attendees.find((a) => a.userId === 'u2')).toMatchObject({ checkedInAt: '2026-11-29T10:31:00.000Z', checkedInBy: 'priya_codes' });
    expect(merged.counts).toEqual({ registered: 3, checkedIn: 3 });
  });

  it('drops a refused scan from the queue and leaves its attendee as the server had them', () => {
    const answer: ScanAnswer = { results: [{ scanId: 's1', outcome: 'refused', attendee: null, checkedInAt: null, checkedInBy: null, message: 'Registration cancelled' }], counts: { registered: 2, checkedIn: 0 } };
    const merged = mergeAnswer([anya, bala], [queued('s1', 'u1')], answer);
    expect(merged.queue).toEqual([]);
    expect(doorAttendees(merged.attendees, merged.queue, 'door_dev').find((a) => a.userId === 'u1')).toMatchObject({ checkedInAt: null, waitingToSync: false });
  });

  it('undoes one attendee’s check-in and leaves the others', () => {
    expect(withUndo([chitra, anya], 'u3')).toEqual([{ ...chitra, checkedInAt: null, checkedInBy: null }, anya]);
  });

  it('backs off between retries, up to a minute', () => {
    expect([0, 1, 2, 3, 10].map(retryDelayMs)).toEqual([2_000, 4_000, 8_000, 16_000, 60_000]);
  });

  it('finds attendees by any part of name, username or e-mail', () => {
    const list = [anya, bala, chitra];
    expect(searchAttendees(list, 'anya').map((a) => a.userId)).toEqual(['u1']);
    expect(searchAttendees(list, 'SUBRA bala').map((a) => a.userId)).toEqual(['u2']);
    expect(searchAttendees(list, 'u3@example').map((a) => a.userId)).toEqual(['u3']);
    expect(searchAttendees(list, '  ')).toEqual([]);
  });
});
