import type { Knex } from 'knex';
import type { RecordedEvent } from '@circuit/shared/ports/event-store';
import { SocialEventSchemas } from '@circuit/shared/events/social';
import { SOCIAL_TABLES } from '@circuit/shared/read-models/social';
import type { Projection } from '../runner/projection';
import { TableChanges } from '../runner/table-changes';

const { follows, connections, requests, blocks, reports } = SOCIAL_TABLES;

interface SocialChanges {
  follows: TableChanges;
  connections: TableChanges;
  requests: TableChanges;
  blocks: TableChanges;
  reports: TableChanges;
}

function fold(c: SocialChanges, event: RecordedEvent): void {
  if (event.streamId.startsWith('report-')) {
    if (event.type !== 'UserReported') return;
    const d = SocialEventSchemas.UserReported.parse(event.data);
    c.reports.insert({ id: d.reportId, reporter_id: d.from, target_id: d.to, reason: d.reason, created_at: d.at });
    return;
  }
  if (!event.streamId.startsWith('relationship-')) return;
  switch (event.type) {
    case 'UserFollowed': {
      const d = SocialEventSchemas.UserFollowed.parse(event.data);
      c.follows.insert({ follower_id: d.from, followee_id: d.to, created_at: d.at });
      return;
    }
    case 'UserUnfollowed': {
      const d = SocialEventSchemas.UserUnfollowed.parse(event.data);
      c.follows.delete({ follower_id: d.from, followee_id: d.to });
      return;
    }
    case 'ConnectionRequested': {
      const d = SocialEventSchemas.ConnectionRequested.parse(event.data);
      c.requests.insert({ from_id: d.from, to_id: d.to, created_at: d.at });
      return;
    }
    case 'ConnectionAccepted': {
      // `from` accepted the request `to` had sent.
      const d = SocialEventSchemas.ConnectionAccepted.parse(event.data);
      c.requests.delete({ from_id: d.to, to_id: d.from });
      c.connections.insert({ user_id: d.from, other_id: d.to, created_at: d.at });
      c.connections.insert({ user_id: d.to, other_id: d.from, created_at: d.at });
      return;
    }
    case 'ConnectionRejected': {
      const d = SocialEventSchemas.ConnectionRejected.parse(event.data);
      c.requests.delete({ from_id: d.to, to_id: d.from });
      return;
    }
    case 'ConnectionRemoved': {
      const d = SocialEventSchemas.ConnectionRemoved.parse(event.data);
      c.connections.delete({ user_id: d.from, other_id: d.to });
      c.connections.delete({ user_id: d.to, other_id: d.from });
      return;
    }
    case 'UserBlocked': {
      const d = SocialEventSchemas.UserBlocked.parse(event.data);
      c.blocks.insert({ blocker_id: d.from, blocked_id: d.to, created_at: d.at });
      return;
    }
    case 'UserUnblocked': {
      const d = SocialEventSchemas.UserUnblocked.parse(event.data);
      c.blocks.delete({ blocker_id: d.from, blocked_id: d.to });
      return;
    }
    default:
      return;
  }
}

/**
 * The social graph's read models from the pair streams `relationship-<a>-<b>` and the report
 * streams: follows, connections (one row per direction), pending requests, blocks and reports.
 * The counts on `users` belong to the users projection, the only writer of that table.
 */
export const socialProjection: Projection = {
  name: 'social',
  tables: [follows, connections, requests, blocks, reports],
  eventTypes: [
    'UserFollowed',
    'UserUnfollowed',
    'ConnectionRequested',
    'ConnectionAccepted',
    'ConnectionRejected',
    'ConnectionRemoved',
    'UserBlocked',
    'UserUnblocked',
    'UserReported',
  ],
  async applyBatch(trx: Knex.Transaction, events: RecordedEvent[]) {
    const changes: SocialChanges = {
      follows: new TableChanges(follows, ['follower_id', 'followee_id']),
      connections: new TableChanges(connections, ['user_id', 'other_id']),
      requests: new TableChanges(requests, ['from_id', 'to_id']),
      blocks: new TableChanges(blocks, ['blocker_id', 'blocked_id']),
      reports: new TableChanges(reports, ['id']),
    };
    for (const event of events) fold(changes, event);
    for (const table of Object.values(changes)) await table.flush(trx);
  },
};
