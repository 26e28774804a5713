import type { Knex } from 'knex';
import type { RecordedEvent } from '@circuit/shared/ports/event-store';
import { HackathonAnnouncementEventSchemas as S } from '@circuit/shared/events/hackathon-announcements';
import { HackathonEventSchemas } from '@circuit/shared/events/hackathons';
import { ANNOUNCEMENTS_TABLE, SPONSORS_TABLE } from '@circuit/shared/read-models/hackathon-announcements';
import type { Projection } from '../runner/projection';
import { TableChanges } from '../runner/table-changes';

/** Rows of a deleted listing go with it. */
async function dropDeleted(trx: Knex.Transaction, table: string, events: RecordedEvent[]) {
  const ids = events.filter((e) => e.type === 'HackathonDeleted').map((e) => HackathonEventSchemas.HackathonDeleted.parse(e.data).hackathonId);
  if (ids.length > 0) await trx(table).whereIn('hackathon_id', ids).del();
}

/** A hackathon's announcements, one row each (results as JSON). */
export const announcementsProjection: Projection = {
  name: 'hackathon-announcements',
  tables: [ANNOUNCEMENTS_TABLE],
  eventTypes: ['HackathonAnnouncementPosted', 'HackathonAnnouncementEdited', 'HackathonAnnouncementDeleted', 'HackathonDeleted'],
  async applyBatch(trx: Knex.Transaction, events: RecordedEvent[]) {
    const rows = new TableChanges(ANNOUNCEMENTS_TABLE, ['id']);
    for (const event of events) {
      switch (event.type) {
        case 'HackathonAnnouncementPosted': {
          const d = S.HackathonAnnouncementPosted.parse(event.data);
          const a = d.announcement;
          rows.insert({
            id: d.announcementId,
            hackathon_id: d.hackathonId,
            type: a.type,
            title: a.title,
            content: a.content,
            results: a.results,
            created_by: d.byUserId,
            created_at: d.at,
            updated_at: d.at,
            position: event.position.toString(),
          });
          break;
        }
        case 'HackathonAnnouncementEdited': {
          const d = S.HackathonAnnouncementEdited.parse(event.data);
          const a = d.announcement;
          rows.patch({ id: d.announcementId }, { type: a.type, title: a.title, content: a.content, results: a.results, updated_at: d.at });
          break;
        }
        case 'HackathonAnnouncementDeleted':
          rows.delete({ id: S.HackathonAnnouncementDeleted.parse(event.data).announcementId });
          break;
        default:
          break;
      }
    }
    await rows.flush(trx);
    await dropDeleted(trx, ANNOUNCEMENTS_TABLE, events);
  },
};

/** A hackathon's sponsors, one row each. */
export const sponsorsProjection: Projection = {
  name: 'hackathon-sponsors',
  tables: [SPONSORS_TABLE],
  eventTypes: ['HackathonSponsorAdded', 'HackathonSponsorUpdated', 'HackathonSponsorRemoved', 'HackathonDeleted'],
  async applyBatch(trx: Knex.Transaction, events: RecordedEvent[]) {
    const rows = new TableChanges(SPONSORS_TABLE, ['id']);
    for (const event of events) {
      switch (event.type) {
        case 'HackathonSponsorAdded': {
          const d = S.HackathonSponsorAdded.parse(event.data);
          rows.insert({ id: d.sponsorId, hackathon_id: d.hackathonId, name: d.sponsor.name, tier: d.sponsor.tier, image: d.sponsor.image, created_at: d.at, position: event.position.toString() });
          break;
        }
        case 'HackathonSponsorUpdated': {
          const d = S.HackathonSponsorUpdated.parse(event.data);
          rows.patch({ id: d.sponsorId }, { name: d.sponsor.name, tier: d.sponsor.tier, image: d.sponsor.image });
          break;
        }
        case 'HackathonSponsorRemoved':
          rows.delete({ id: S.HackathonSponsorRemoved.parse(event.data).sponsorId });
          break;
        default:
          break;
      }
    }
    await rows.flush(trx);
    await dropDeleted(trx, SPONSORS_TABLE, events);
  },
};
