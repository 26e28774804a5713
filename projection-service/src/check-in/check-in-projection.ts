import type { Knex } from 'knex';
import type { RecordedEvent } from '@circuit/shared/ports/event-store';
import { CheckInEventSchemas as S } from '@circuit/shared/events/check-in';
import { CHECK_INS_TABLE, CO_HOSTS_TABLE } from '@circuit/shared/read-models/check-in';
import type { Projection } from '../runner/projection';
import { TableChanges } from '../runner/table-changes';

/** Co-hosts (the latest role holds) and who is checked in now at each listing's door. */
export const checkInProjection: Projection = {
  name: 'check-in',
  tables: [CO_HOSTS_TABLE, CHECK_INS_TABLE],
  eventTypes: ['ListingCoHostAdded', 'ListingCoHostRemoved', 'AttendeeCheckedIn', 'AttendeeCheckInUndone'],
  async applyBatch(trx: Knex.Transaction, events: RecordedEvent[]) {
    const hosts = new TableChanges(CO_HOSTS_TABLE, ['kind', 'listing_id', 'user_id']);
    const checkIns = new TableChanges(CHECK_INS_TABLE, ['kind', 'listing_id', 'user_id']);
    for (const event of events) {
      switch (event.type) {
        case 'ListingCoHostAdded': {
          const d = S.ListingCoHostAdded.parse(event.data);
          const key = { kind: d.listingKind, listing_id: d.listingId, user_id: d.userId };
          // A new role keeps the co-host's place in the list: the insert is ignored for a row there, the patch is not.
          hosts.insert({ ...key, role: d.role, added_at: d.at });
          hosts.patch(key, { role: d.role });
          break;
        }
        case 'ListingCoHostRemoved': {
          const d = S.ListingCoHostRemoved.parse(event.data);
          hosts.delete({ kind: d.listingKind, listing_id: d.listingId, user_id: d.userId });
          break;
        }
        case 'AttendeeCheckedIn': {
          const d = S.AttendeeCheckedIn.parse(event.data);
          const key = { kind: d.listingKind, listing_id: d.listingId, user_id: d.attendeeId };
          checkIns.delete(key);
          checkIns.insert({ ...key, checked_in_at: d.at, scanned_at: d.scannedAt, checked_in_by: d.byUserId, method: d.method, ticket_id: d.ticketId });
          break;
        }
        case 'AttendeeCheckInUndone': {
          const d = S.AttendeeCheckInUndone.parse(event.data);
          checkIns.delete({ kind: d.listingKind, listing_id: d.listingId, user_id: d.attendeeId });
          break;
        }
      }
    }
    await hosts.flush(trx);
    await checkIns.flush(trx);
  },
};
