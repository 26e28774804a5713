import { CheckInEventSchemas } from '../events/check-in';

/** One attendee's check-in as the check-in stream tells it: the last check-in, and whether an undo came after it. */
export interface CheckInFact {
  state: 'checked-in' | 'undone';
  /** When the check-in was recorded, or when it was undone. */
  at: string;
  checkedInAt: string;
}

/**
 * The check-in stream (`check-in-<kind>-<listingId>`) folded to each attendee's state: the command side
 * issues participation from it, the verification page reads it back for one holder. Pure.
 */
export function checkInFacts(events: readonly { type: string; data: unknown }[]): Map<string, CheckInFact> {
  const facts = new Map<string, CheckInFact>();
  for (const event of events) {
    if (event.type === 'AttendeeCheckedIn') {
      const d = CheckInEventSchemas.AttendeeCheckedIn.parse(event.data);
      facts.set(d.attendeeId, { state: 'checked-in', at: d.at, checkedInAt: d.at });
    } else if (event.type === 'AttendeeCheckInUndone') {
      const d = CheckInEventSchemas.AttendeeCheckInUndone.parse(event.data);
      const known = facts.get(d.attendeeId);
      if (known) facts.set(d.attendeeId, { ...known, state: 'undone', at: d.at });
    }
  }
  return facts;
}

/** When the attendee is checked in now; null when never, or undone since. */
export const checkedInAt = (facts: ReadonlyMap<string, CheckInFact>, attendeeId: string) => {
  const fact = facts.get(attendeeId);
  return fact?.state === 'checked-in' ? fact.checkedInAt : null;
};
