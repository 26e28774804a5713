import { z } from 'zod';
import { Timestamp } from './users';

/** The answers of /api/hackathons/{id}/reviews (spec 2 section 7), for the contract and the web app. */

export const ReviewerSchema = z
  .strictObject({ _id: z.string(), username: z.string(), firstName: z.string(), lastName: z.string(), profilePicture: z.string().nullable() })
  .meta({ id: 'Reviewer' });

export const ReviewSchema = z
  .strictObject({
    _id: z.string(),
    hackathonId: z.string(),
    rating: z.number().int().min(1).max(5),
    comment: z.string().meta({ description: 'Plain text (at most 1000 characters)' }),
    user: ReviewerSchema,
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .meta({ id: 'HackathonReview' });
export type Review = z.infer<typeof ReviewSchema>;

const stats = {
  averageRating: z.number().meta({ description: 'The exact mean of every rating, rounded to two decimals (0 without reviews)' }),
  totalReviews: z.number().int(),
};

/** GET: one page of reviews, newest first, the totals, and the viewer's own review wherever it is. */
export const ReviewPageSchema = z
  .strictObject({
    reviews: z.array(ReviewSchema),
    ...stats,
    myReview: z.union([ReviewSchema, z.null()]).meta({ description: 'The signed-in viewer’s review (null when none, or signed out)' }),
    pagination: z.strictObject({ page: z.number().int(), limit: z.number().int(), total: z.number().int(), totalPages: z.number().int() }),
  })
  .meta({ id: 'HackathonReviewPage' });
export type ReviewPage = z.infer<typeof ReviewPageSchema>;

/** POST, PUT, DELETE: the review as it now is (null after a delete) and the new totals. */
export const ReviewWrittenSchema = z
  .strictObject({ review: z.union([ReviewSchema, z.null()]), ...stats })
  .meta({ id: 'HackathonReviewWritten' });
export type ReviewWritten = z.infer<typeof ReviewWrittenSchema>;
