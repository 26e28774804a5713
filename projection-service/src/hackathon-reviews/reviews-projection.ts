import type { Knex } from 'knex';
import type { RecordedEvent } from '@circuit/shared/ports/event-store';
import { HackathonReviewEventSchemas as S, HACKATHON_REVIEW_EVENT_TYPES } from '@circuit/shared/events/hackathon-reviews';
import { HackathonEventSchemas } from '@circuit/shared/events/hackathons';
import { REVIEW_STATS_TABLE, REVIEWS_TABLE } from '@circuit/shared/read-models/hackathon-reviews';
import type { Projection } from '../runner/projection';
import { TableChanges } from '../runner/table-changes';

/**
 * Reviews of hackathons and their totals. The rows follow the events; the totals of every
 * hackathon a batch touched are then counted again from the rows, in the same transaction: the
 * count and the average are exact by construction, however many reviews arrive at once (the
 * runner applies the feed in order, one batch at a time).
 */
export const reviewsProjection: Projection = {
  name: 'hackathon-reviews',
  tables: [REVIEWS_TABLE, REVIEW_STATS_TABLE],
  eventTypes: [...HACKATHON_REVIEW_EVENT_TYPES, 'HackathonDeleted'],
  async applyBatch(trx: Knex.Transaction, events: RecordedEvent[]) {
    const rows = new TableChanges(REVIEWS_TABLE, ['hackathon_id', 'user_id']);
    const touched = new Set<string>();
    const deletedHackathons = new Set<string>();
    for (const event of events) {
      switch (event.type) {
        case 'HackathonReviewSubmitted': {
          const d = S.HackathonReviewSubmitted.parse(event.data);
          rows.delete({ hackathon_id: d.hackathonId, user_id: d.userId });
          rows.insert({ hackathon_id: d.hackathonId, user_id: d.userId, id: d.reviewId, rating: d.rating, comment: d.comment, created_at: d.at, updated_at: d.at });
          touched.add(d.hackathonId);
          break;
        }
        case 'HackathonReviewEdited': {
          const d = S.HackathonReviewEdited.parse(event.data);
          rows.patch({ hackathon_id: d.hackathonId, user_id: d.userId }, { rating: d.rating, comment: d.comment, updated_at: d.at });
          touched.add(d.hackathonId);
          break;
        }
        case 'HackathonReviewDeleted': {
          const d = S.HackathonReviewDeleted.parse(event.data);
          rows.delete({ hackathon_id: d.hackathonId, user_id: d.userId });
          touched.add(d.hackathonId);
          break;
        }
        case 'HackathonDeleted':
          deletedHackathons.add(HackathonEventSchemas.HackathonDeleted.parse(event.data).hackathonId);
          break;
        default:
          break;
      }
    }
    await rows.flush(trx);
    if (deletedHackathons.size > 0) {
      // A deleted listing takes its reviews with it (no review can be written after the delete).
      await trx(REVIEWS_TABLE).whereIn('hackathon_id', [...deletedHackathons]).del();
      for (const id of deletedHackathons) touched.add(id);
    }
    if (touched.size === 0) return;
    const ids = [...touched];
    await trx.raw(
      `insert into ?? (hackathon_id, total_reviews, rating_sum)
       select h.id, count(r.user_id)::integer, coalesce(sum(r.rating), 0)::integer
       from unnest(?::text[]) as h(id) left join ?? as r on r.hackathon_id = h.id
       group by h.id
       on conflict (hackathon_id) do update set total_reviews = excluded.total_reviews, rating_sum = excluded.rating_sum`,
      [REVIEW_STATS_TABLE, ids, REVIEWS_TABLE],
    );
  },
};
