import type { Knex } from 'knex';
import type { Review } from '../api/hackathon-reviews';

/**
 * The reviews read model (projection-service/src/hackathon-reviews writes it): `hackathon_reviews`,
 * one row per hackathon and reviewer, and `hackathon_review_stats`, the count and the sum of the
 * ratings per hackathon, recomputed from the rows in the transaction that changes them (so they
 * are exact whatever arrives at once).
 */
export const REVIEWS_TABLE = 'hackathon_reviews';
export const REVIEW_STATS_TABLE = 'hackathon_review_stats';

export interface ReviewStats {
  averageRating: number;
  totalReviews: number;
}

/** The mean rating rounded to two decimals, from integer totals (no drift however many reviews). */
export function statsOf(total: number | string | null | undefined, sum: number | string | null | undefined): ReviewStats {
  const count = Number(total ?? 0);
  const ratings = Number(sum ?? 0);
  return { totalReviews: count, averageRating: count > 0 ? Math.round((ratings * 100) / count) / 100 : 0 };
}

interface ReviewRow {
  id: string;
  hackathon_id: string;
  user_id: string;
  rating: number;
  comment: string;
  created_at: Date | string;
  updated_at: Date | string;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  profile_picture: string | null;
}

const iso = (v: Date | string) => new Date(v).toISOString();

function toReview(row: ReviewRow): Review {
  return {
    _id: row.id,
    hackathonId: row.hackathon_id,
    rating: Number(row.rating),
    comment: row.comment,
    user: { _id: row.user_id, username: row.username ?? '', firstName: row.first_name ?? '', lastName: row.last_name ?? '', profilePicture: row.profile_picture },
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

const withReviewer = (knex: Knex) =>
  knex(`${REVIEWS_TABLE} as r`)
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .select('r.*', 'u.username', 'u.first_name', 'u.last_name', 'u.profile_picture');

export async function reviewStats(knex: Knex, hackathonId: string): Promise<ReviewStats> {
  const row = (await knex(REVIEW_STATS_TABLE).where({ hackathon_id: hackathonId }).first('total_reviews', 'rating_sum')) as { total_reviews: number; rating_sum: number } | undefined;
  return statsOf(row?.total_reviews, row?.rating_sum);
}

export async function findReview(knex: Knex, hackathonId: string, userId: string): Promise<Review | null> {
  const row = (await withReviewer(knex).where({ 'r.hackathon_id': hackathonId, 'r.user_id': userId }).first()) as ReviewRow | undefined;
  return row ? toReview(row) : null;
}

/** One page of a hackathon's reviews, newest first. */
export async function listReviews(knex: Knex, hackathonId: string, page: number, limit: number): Promise<Review[]> {
  const rows = (await withReviewer(knex)
    .where('r.hackathon_id', hackathonId)
    .orderBy([
      { column: 'r.created_at', order: 'desc' },
      { column: 'r.id', order: 'desc' },
    ])
    .offset((page - 1) * limit)
    .limit(limit)) as ReviewRow[];
  return rows.map(toReview);
}
