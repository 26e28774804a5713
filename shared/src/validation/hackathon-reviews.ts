import { z } from 'zod';
import { HACKATHON_BOARD_LIMITS as L } from '../hackathons/options';

/** Reviews of a hackathon (spec 2: rating 1-5, default 5; comment optional, at most 1000 characters). */
export { ReviewMessages } from '../hackathons/review-messages';
import { ReviewMessages } from '../hackathons/review-messages';

const rating = z
  .preprocess(
    (v) => (v === '' || v === null || v === undefined ? L.defaultRating : typeof v === 'string' ? Number(v) : v),
    z.number({ error: ReviewMessages.ratingRange }).int(ReviewMessages.ratingRange).min(L.ratingMin, ReviewMessages.ratingRange).max(L.ratingMax, ReviewMessages.ratingRange),
  )
  .default(L.defaultRating);

/** POST and PUT /api/hackathons/{id}/reviews. The comment is plain text (shown as text, never as HTML). */
export const ReviewBodySchema = z.object({
  rating,
  comment: z
    .string({ error: 'The comment must be text' })
    .trim()
    .max(L.reviewCommentMax, ReviewMessages.commentMax)
    .default(''),
});
export type ReviewBody = z.infer<typeof ReviewBodySchema>;

/** GET /api/hackathons/{id}/reviews: page 1 first, 10 a page. */
export const ReviewListQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a positive whole number' }).int('page must be a positive whole number').min(1, 'page must be a positive whole number').max(10_000, 'page must be a positive whole number').default(1),
  limit: z.coerce.number({ error: 'limit must be between 1 and 50' }).int('limit must be between 1 and 50').min(1, 'limit must be between 1 and 50').max(50, 'limit must be between 1 and 50').default(L.reviewsPage),
});
export type ReviewListQuery = z.infer<typeof ReviewListQuerySchema>;
