import { HackathonEventSchemas as S, type HackathonContent } from '@circuit/shared/events/hackathons';
import { HackathonRegistrationEventSchemas as R } from '@circuit/shared/events/hackathon-registrations';
import { HACKATHON_LISTINGS } from '../listings/listing-kind';
import { listingProjection, ORGANISED_UNIQUE_COLUMNS, organisedContentColumns, organisedSearchText, type BatchListings } from '../listings/listing-projection';
import { BatchRows, keysInEvents } from '../runner/batch-rows';

/** The columns a listing's content fills (filters, search and the detail's JSON). */
export function contentColumns(content: HackathonContent) {
  const searchText = organisedSearchText(content, content.technologies);
  return {
    ...organisedContentColumns(content, searchText),
    categories: content.categories,
    themes: [...new Set([...content.technologies, ...content.categories].map((v) => v.toLowerCase()))],
    pricing_type: content.pricing.type === 'paid' && content.pricing.amount > 0 ? 'paid' : 'free',
    search_text: searchText,
  };
}

/** Who registered for which hackathon in a batch, read first: a registration counts only if it is new. */
interface HackathonsBatch {
  listings: BatchListings;
  registered: BatchRows;
}

const REGISTRATIONS: ReadonlySet<string> = new Set(['HackathonParticipantRegistered', 'HackathonParticipantUnregistered']);

/** current_participants moves with the rows of who registered, on a hackathon there at that point. */
function count(batch: HackathonsBatch, hackathonId: string, delta: number): void {
  const hackathon = batch.listings.get(hackathonId);
  if (hackathon) batch.listings.update(hackathonId, { current_participants: Number(hackathon.current_participants) + delta });
}

/** Hackathon listings, saves, and who registered (for currentParticipants and user/registered). */
export const hackathonsProjection = listingProjection({
  rows: {
    names: HACKATHON_LISTINGS,
    schemas: S,
    contentColumns,
    createdColumns: { is_featured: false, current_participants: 0 },
    readColumns: ['current_participants'],
    uniqueColumns: ORGANISED_UNIQUE_COLUMNS,
  },
  ownTables: ['hackathon_registered_users'],
  batch: {
    async start(trx, events, listings): Promise<HackathonsBatch> {
      const registered = new BatchRows('hackathon_registered_users', ['user_id', 'hackathon_id']);
      await registered.load(trx, keysInEvents(events, REGISTRATIONS, { user_id: 'userId', hackathon_id: 'hackathonId' }), []);
      return { listings, registered };
    },
    finish: (trx, batch) => batch.registered.flush(trx),
  },
  on: {
    HackathonParticipantRegistered(event, batch) {
      const d = R.HackathonParticipantRegistered.parse(event.data);
      if (batch.registered.insert({ hackathon_id: d.hackathonId, user_id: d.userId, registered_at: d.at })) count(batch, d.hackathonId, 1);
    },
    HackathonParticipantUnregistered(event, batch) {
      const d = R.HackathonParticipantUnregistered.parse(event.data);
      if (batch.registered.delete({ hackathon_id: d.hackathonId, user_id: d.userId })) count(batch, d.hackathonId, -1);
    },
  },
});
