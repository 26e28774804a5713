import type { Knex } from 'knex';
import type { RecordedEvent } from '@circuit/shared/ports/event-store';
import { HackathonAnnouncementEventSchemas as S } from '@circuit/shared/events/hackathon-announcements';
import { HackathonEventSchemas } from '@circuit/shared/events/hackathons';
import { ANNOUNCEMENTS_TABLE, SPONSORS_TABLE } from '@circuit/shared/read-models/hackathon-announcements';
import type { Projection } from '../runner/projection';
import { TableChanges, type Row } from '../runner/table-changes';

/** How the events of one kind of a hackathon's items (announcements, sponsors) change its rows. */
interface ItemEvents {
  /** The type that adds an item, and the row it inserts. */
  added: [type: string, row: (event: RecordedEvent) => Row];
  /** The type that edits an item, and the item's id with the columns it changes. */
  changed: [type: string, change: (event: RecordedEvent) => { id: string; columns: Row }];
  /** The type that removes an item, and the item's id. */
  removed: [type: string, id: (event: RecordedEvent) => string];
}

/** A hackathon's items of one kind, one row each; the rows of a deleted hackathon go with it. */
function hackathonItemsProjection(name: string, table: string, items: ItemEvents): Projection {
  const { added, changed, removed } = items;
  return {
    name,
    tables: [table],
    eventTypes: [added[0], changed[0], removed[0], 'HackathonDeleted'],
    async applyBatch(trx: Knex.Transaction, events: RecordedEvent[]) {
      const rows = new TableChanges(table, ['id']);
      for (const event of events) {
        if (event.type === added[0]) rows.insert(added[1](event));
        if (event.type === changed[0]) {
          const { id, columns } = changed[1](event);
          rows.patch({ id }, columns);
        }
        if (event.type === removed[0]) rows.delete({ id: removed[1](event) });
      }
      await rows.flush(trx);
      const deleted = events.filter((e) => e.type === 'HackathonDeleted').map((e) => HackathonEventSchemas.HackathonDeleted.parse(e.data).hackathonId);
      if (deleted.length > 0) await trx(table).whereIn('hackathon_id', deleted).del();
    },
  };
}

/** A hackathon's announcements, one row each (results as JSON). */
export const announcementsProjection = hackathonItemsProjection('hackathon-announcements', ANNOUNCEMENTS_TABLE, {
  added: [
    'HackathonAnnouncementPosted',
    (event) => {
      const d = S.HackathonAnnouncementPosted.parse(event.data);
      const { type, title, content, results } = d.announcement;
      return { id: d.announcementId, hackathon_id: d.hackathonId, type, title, content, results, created_by: d.byUserId, created_at: d.at, updated_at: d.at, position: event.position.toString() };
    },
  ],
  changed: [
    'HackathonAnnouncementEdited',
    (event) => {
      const d = S.HackathonAnnouncementEdited.parse(event.data);
      const { type, title, content, results } = d.announcement;
      return { id: d.announcementId, columns: { type, title, content, results, updated_at: d.at } };
    },
  ],
  removed: ['HackathonAnnouncementDeleted', (event) => S.HackathonAnnouncementDeleted.parse(event.data).announcementId],
});

/** A hackathon's sponsors, one row each. */
export const sponsorsProjection = hackathonItemsProjection('hackathon-sponsors', SPONSORS_TABLE, {
  added: [
    'HackathonSponsorAdded',
    (event) => {
      const d = S.HackathonSponsorAdded.parse(event.data);
      return { id: d.sponsorId, hackathon_id: d.hackathonId, name: d.sponsor.name, tier: d.sponsor.tier, image: d.sponsor.image, created_at: d.at, position: event.position.toString() };
    },
  ],
  changed: [
    'HackathonSponsorUpdated',
    (event) => {
      const { sponsorId, sponsor } = S.HackathonSponsorUpdated.parse(event.data);
      return { id: sponsorId, columns: { name: sponsor.name, tier: sponsor.tier, image: sponsor.image } };
    },
  ],
  removed: ['HackathonSponsorRemoved', (event) => S.HackathonSponsorRemoved.parse(event.data).sponsorId],
});
