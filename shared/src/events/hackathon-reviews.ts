import { z } from 'zod';

/**
 * Reviews of a hackathon: one stream per hackathon and reviewer, `hackathon-review-<hackathonId>-<userId>`,
 * so "one review per user" is the stream's own state (appended with the expected revision: of two
 * simultaneous first reviews by one user exactly one is stored). The reviews projection keeps the
 * rows and the exact count and average per hackathon.
 */
const review = { hackathonId: z.string(), userId: z.string(), reviewId: z.string(), at: z.string() };

export const HackathonReviewEventSchemas = {
  HackathonReviewSubmitted: z.object({ ...review, rating: z.number().int().min(1).max(5), comment: z.string() }),
  HackathonReviewEdited: z.object({ ...review, rating: z.number().int().min(1).max(5), comment: z.string() }),
  HackathonReviewDeleted: z.object(review),
} as const;

export const hackathonReviewStream = (hackathonId: string, userId: string) => `hackathon-review-${hackathonId}-${userId}`;
export const HACKATHON_REVIEW_EVENT_TYPES = Object.keys(HackathonReviewEventSchemas) as (keyof typeof HackathonReviewEventSchemas)[];
