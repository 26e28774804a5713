import type { Knex } from 'knex';
import type { RecordedEvent } from '@circuit/shared/ports/event-store';
import { HackathonEventSchemas as S, type HackathonContent } from '@circuit/shared/events/hackathons';
import { HackathonRegistrationEventSchemas as R } from '@circuit/shared/events/hackathon-registrations';
import type { Projection } from '../runner/projection';

/** The columns a listing's content fills (filters, search and the detail's JSON). */
export function contentColumns(trx: Knex, content: HackathonContent) {
  const searchText = [content.title, content.shortDescription, content.organization.name, ...content.technologies].join(' ');
  return {
    username: content.username,
    title: content.title,
    organization_name: content.organization.name,
    categories: content.categories,
    themes: [...new Set([...content.technologies, ...content.categories].map((v) => v.toLowerCase()))],
    location_type: content.location.type || 'online',
    country: content.location.country,
    state: content.location.state,
    start_date: content.dates.startDate,
    end_date: content.dates.endDate,
    registration_deadline: content.dates.registrationDeadline,
    pricing_type: content.pricing.type === 'paid' && content.pricing.amount > 0 ? 'paid' : 'free',
    search_text: searchText,
    search: trx.raw(`to_tsvector('simple', ?)`, [searchText]),
    content: JSON.stringify(content),
  };
}

/**
 * Hackathon listings, saves, and who registered (for currentParticipants and user/registered).
 * Events of one batch are applied in feed order; a listing changes a few times in its life, so
 * one statement per event is cheap here.
 */
export const hackathonsProjection: Projection = {
  name: 'hackathons',
  tables: ['hackathons', 'hackathon_saves', 'hackathon_registered_users'],
  eventTypes: [
    'HackathonCreated',
    'HackathonUpdated',
    'HackathonDeleted',
    'HackathonApproved',
    'HackathonRejected',
    'HackathonFeatureChanged',
    'HackathonSaved',
    'HackathonUnsaved',
    'HackathonParticipantRegistered',
    'HackathonParticipantUnregistered',
  ],
  async applyBatch(trx: Knex.Transaction, events: RecordedEvent[]) {
    for (const event of events) {
      switch (event.type) {
        case 'HackathonCreated': {
          const d = S.HackathonCreated.parse(event.data);
          await trx('hackathons')
            .insert({ id: d.hackathonId, status: 'pending', created_by: d.createdBy, created_at: d.at, updated_at: d.at, ...contentColumns(trx, d.content) })
            .onConflict('id')
            .ignore();
          break;
        }
        case 'HackathonUpdated': {
          const d = S.HackathonUpdated.parse(event.data);
          await trx('hackathons').where({ id: d.hackathonId }).update({ ...contentColumns(trx, d.content), updated_at: d.at });
          // An edit of a rejected listing resubmits it (the decider does the same).
          await trx('hackathons').where({ id: d.hackathonId, status: 'rejected' }).update({ status: 'pending', rejection_reason: null });
          break;
        }
        case 'HackathonDeleted': {
          const d = S.HackathonDeleted.parse(event.data);
          await trx('hackathons').where({ id: d.hackathonId }).del();
          await trx('hackathon_saves').where({ hackathon_id: d.hackathonId }).del();
          break;
        }
        case 'HackathonApproved': {
          const d = S.HackathonApproved.parse(event.data);
          await trx('hackathons').where({ id: d.hackathonId }).update({ status: 'accepted', rejection_reason: null, updated_at: d.at });
          break;
        }
        case 'HackathonRejected': {
          const d = S.HackathonRejected.parse(event.data);
          await trx('hackathons').where({ id: d.hackathonId }).update({ status: 'rejected', rejection_reason: d.reason, updated_at: d.at });
          break;
        }
        case 'HackathonFeatureChanged': {
          const d = S.HackathonFeatureChanged.parse(event.data);
          await trx('hackathons').where({ id: d.hackathonId }).update({ is_featured: d.isFeatured });
          break;
        }
        case 'HackathonSaved': {
          const d = S.HackathonSaved.parse(event.data);
          await trx('hackathon_saves').insert({ hackathon_id: d.hackathonId, user_id: d.userId, saved_at: d.at }).onConflict(['user_id', 'hackathon_id']).ignore();
          break;
        }
        case 'HackathonUnsaved': {
          const d = S.HackathonUnsaved.parse(event.data);
          await trx('hackathon_saves').where({ hackathon_id: d.hackathonId, user_id: d.userId }).del();
          break;
        }
        case 'HackathonParticipantRegistered': {
          const d = R.HackathonParticipantRegistered.parse(event.data);
          const inserted = await trx('hackathon_registered_users')
            .insert({ hackathon_id: d.hackathonId, user_id: d.userId, registered_at: d.at })
            .onConflict(['user_id', 'hackathon_id'])
            .ignore()
            .returning('user_id');
          if (inserted.length > 0) await trx('hackathons').where({ id: d.hackathonId }).increment('current_participants', 1);
          break;
        }
        case 'HackathonParticipantUnregistered': {
          const d = R.HackathonParticipantUnregistered.parse(event.data);
          const removed = await trx('hackathon_registered_users').where({ hackathon_id: d.hackathonId, user_id: d.userId }).del();
          if (removed > 0) await trx('hackathons').where({ id: d.hackathonId }).decrement('current_participants', removed);
          break;
        }
        default:
          break;
      }
    }
  },
};
