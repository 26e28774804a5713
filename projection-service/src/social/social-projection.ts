import type { Knex } from 'knex';
import type { RecordedEvent } from '@circuit/shared/ports/event-store';
import { SocialEventSchemas } from '@circuit/shared/events/social';
import { SOCIAL_TABLES } from '@circuit/shared/read-models/social';
import type { Projection } from '../runner/projection';

const { follows, connections, requests, blocks, reports } = SOCIAL_TABLES;

/**
 * Keeps `users.followers_count`, `following_count` and `connections_count` exact: they are counted
 * again from the rows after every change, never incremented, so a repeated or reordered delivery
 * and a rebuild give the same numbers.
 */
async function recount(trx: Knex.Transaction, userIds: string[]): Promise<void> {
  for (const id of new Set(userIds)) {
    await trx.raw(
      `update users set
         followers_count = (select cast(count(*) as integer) from ${follows} where followee_id = ?),
         following_count = (select cast(count(*) as integer) from ${follows} where follower_id = ?),
         connections_count = (select cast(count(*) as integer) from ${connections} where user_id = ?)
       where id = ?`,
      [id, id, id, id],
    );
  }
}

/**
 * The social graph's read models from the pair streams `relationship-<a>-<b>` and the report
 * streams: follows, connections (one row per direction), pending requests, blocks and reports.
 * Registered after the users projection, whose rows it counts into.
 */
export const socialProjection: Projection = {
  name: 'social',
  tables: [follows, connections, requests, blocks, reports],
  async apply(trx: Knex.Transaction, event: RecordedEvent) {
    if (event.streamId.startsWith('report-')) {
      if (event.type !== 'UserReported') return;
      const d = SocialEventSchemas.UserReported.parse(event.data);
      await trx(reports).insert({ id: d.reportId, reporter_id: d.from, target_id: d.to, reason: d.reason, created_at: d.at }).onConflict('id').ignore();
      return;
    }
    if (!event.streamId.startsWith('relationship-')) return;
    switch (event.type) {
      case 'UserFollowed': {
        const d = SocialEventSchemas.UserFollowed.parse(event.data);
        await trx(follows).insert({ follower_id: d.from, followee_id: d.to, created_at: d.at }).onConflict(['follower_id', 'followee_id']).ignore();
        await recount(trx, [d.from, d.to]);
        return;
      }
      case 'UserUnfollowed': {
        const d = SocialEventSchemas.UserUnfollowed.parse(event.data);
        await trx(follows).where({ follower_id: d.from, followee_id: d.to }).del();
        await recount(trx, [d.from, d.to]);
        return;
      }
      case 'ConnectionRequested': {
        const d = SocialEventSchemas.ConnectionRequested.parse(event.data);
        await trx(requests).insert({ from_id: d.from, to_id: d.to, created_at: d.at }).onConflict(['from_id', 'to_id']).ignore();
        return;
      }
      case 'ConnectionAccepted': {
        // `from` accepted the request `to` had sent.
        const d = SocialEventSchemas.ConnectionAccepted.parse(event.data);
        await trx(requests).where({ from_id: d.to, to_id: d.from }).del();
        await trx(connections)
          .insert([
            { user_id: d.from, other_id: d.to, created_at: d.at },
            { user_id: d.to, other_id: d.from, created_at: d.at },
          ])
          .onConflict(['user_id', 'other_id'])
          .ignore();
        await recount(trx, [d.from, d.to]);
        return;
      }
      case 'ConnectionRejected': {
        const d = SocialEventSchemas.ConnectionRejected.parse(event.data);
        await trx(requests).where({ from_id: d.to, to_id: d.from }).del();
        return;
      }
      case 'ConnectionRemoved': {
        const d = SocialEventSchemas.ConnectionRemoved.parse(event.data);
        await trx(connections)
          .where({ user_id: d.from, other_id: d.to })
          .orWhere({ user_id: d.to, other_id: d.from })
          .del();
        await recount(trx, [d.from, d.to]);
        return;
      }
      case 'UserBlocked': {
        const d = SocialEventSchemas.UserBlocked.parse(event.data);
        await trx(blocks).insert({ blocker_id: d.from, blocked_id: d.to, created_at: d.at }).onConflict(['blocker_id', 'blocked_id']).ignore();
        return;
      }
      case 'UserUnblocked': {
        const d = SocialEventSchemas.UserUnblocked.parse(event.data);
        await trx(blocks).where({ blocker_id: d.from, blocked_id: d.to }).del();
        return;
      }
      default:
        return;
    }
  },
};
