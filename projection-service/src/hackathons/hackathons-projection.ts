import type { Knex } from 'knex';
import { HackathonEventSchemas as S, type HackathonContent } from '@circuit/shared/events/hackathons';
import { HackathonRegistrationEventSchemas as R } from '@circuit/shared/events/hackathon-registrations';
import { HACKATHON_LISTINGS } from '../listings/listing-kind';
import { listingProjection, organisedContentColumns, organisedSearchText } from '../listings/listing-projection';

/** The columns a listing's content fills (filters, search and the detail's JSON). */
export function contentColumns(trx: Knex, content: HackathonContent) {
  const searchText = organisedSearchText(content, content.technologies);
  return {
    ...organisedContentColumns(trx, content, searchText),
    categories: content.categories,
    themes: [...new Set([...content.technologies, ...content.categories].map((v) => v.toLowerCase()))],
    pricing_type: content.pricing.type === 'paid' && content.pricing.amount > 0 ? 'paid' : 'free',
    search_text: searchText,
  };
}

/** Hackathon listings, saves, and who registered (for currentParticipants and user/registered). */
export const hackathonsProjection = listingProjection({
  rows: { names: HACKATHON_LISTINGS, schemas: S, contentColumns },
  ownTables: ['hackathon_registered_users'],
  on: {
    async HackathonParticipantRegistered(trx, event) {
      const d = R.HackathonParticipantRegistered.parse(event.data);
      const inserted = await trx('hackathon_registered_users')
        .insert({ hackathon_id: d.hackathonId, user_id: d.userId, registered_at: d.at })
        .onConflict(['user_id', 'hackathon_id'])
        .ignore()
        .returning('user_id');
      if (inserted.length > 0) await trx('hackathons').where({ id: d.hackathonId }).increment('current_participants', 1);
    },
    async HackathonParticipantUnregistered(trx, event) {
      const d = R.HackathonParticipantUnregistered.parse(event.data);
      const removed = await trx('hackathon_registered_users').where({ hackathon_id: d.hackathonId, user_id: d.userId }).del();
      if (removed > 0) await trx('hackathons').where({ id: d.hackathonId }).decrement('current_participants', removed);
    },
  },
});
