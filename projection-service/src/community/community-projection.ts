import type { Knex } from 'knex';
import type { RecordedEvent } from '@circuit/shared/ports/event-store';
import { CommunityEventSchemas as S, COMMUNITY_EVENT_TYPES } from '@circuit/shared/events/community';
import { COMMUNITY_MEMBERS_EVENT_TYPES, COMMUNITY_MEMBERS_FACET } from '@circuit/shared/read-models/community';
import type { Projection } from '../runner/projection';
import { TableChanges } from '../runner/table-changes';

/**
 * Community chat of each hackathon: messages (posted, edited, deleted: a deleted message keeps its
 * row with `deleted_at`, so a late edit of it changes nothing visible), community admins and
 * removed users. The deciders have refused anything inconsistent, so each event is a row change.
 */
export const communityProjection: Projection = {
  name: 'community',
  tables: ['community_messages', 'community_admins', 'community_removed'],
  eventTypes: COMMUNITY_EVENT_TYPES,
  // The command service keeps a poster's standing while only messages change.
  facets: { [COMMUNITY_MEMBERS_FACET]: COMMUNITY_MEMBERS_EVENT_TYPES },
  async applyBatch(trx: Knex.Transaction, events: RecordedEvent[]) {
    const messages = new TableChanges('community_messages', ['id']);
    const admins = new TableChanges('community_admins', ['hackathon_id', 'user_id']);
    const removed = new TableChanges('community_removed', ['hackathon_id', 'user_id']);
    for (const event of events) {
      switch (event.type) {
        case 'CommunityMessagePosted': {
          const d = S.CommunityMessagePosted.parse(event.data);
          messages.insert({
            id: d.messageId,
            hackathon_id: d.hackathonId,
            user_id: d.userId,
            message: d.message,
            reply_to: d.replyTo,
            created_at: d.at,
            edited: false,
            position: event.position.toString(),
          });
          break;
        }
        case 'CommunityMessageEdited': {
          const d = S.CommunityMessageEdited.parse(event.data);
          messages.patch({ id: d.messageId }, { message: d.message, edited: true, edited_at: d.at });
          break;
        }
        case 'CommunityMessageDeleted': {
          const d = S.CommunityMessageDeleted.parse(event.data);
          messages.patch({ id: d.messageId }, { deleted_at: d.at });
          break;
        }
        case 'CommunityAdminAdded': {
          const d = S.CommunityAdminAdded.parse(event.data);
          admins.insert({ hackathon_id: d.hackathonId, user_id: d.userId, added_by: d.byUserId, added_at: d.at });
          break;
        }
        case 'CommunityAdminRemoved': {
          const d = S.CommunityAdminRemoved.parse(event.data);
          admins.delete({ hackathon_id: d.hackathonId, user_id: d.userId });
          break;
        }
        case 'CommunityUserRemoved': {
          const d = S.CommunityUserRemoved.parse(event.data);
          removed.insert({ hackathon_id: d.hackathonId, user_id: d.userId, removed_by: d.byUserId, removed_at: d.at });
          break;
        }
        case 'CommunityUserReAdded': {
          const d = S.CommunityUserReAdded.parse(event.data);
          removed.delete({ hackathon_id: d.hackathonId, user_id: d.userId });
          break;
        }
        default:
          break;
      }
    }
    await messages.flush(trx);
    await admins.flush(trx);
    await removed.flush(trx);
  },
};
