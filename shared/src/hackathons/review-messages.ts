
/** The review messages of spec 2, word for word, in a module without zod so the hackathon page's first load can use them. */
export const ReviewMessages = {
  ratingRange: 'Rating must be between 1 and 5',
  commentMax: 'Comment cannot exceed 1000 characters',
  alreadyReviewed: 'You have already reviewed this hackathon',
  notRegistered: 'Only registered participants can review this hackathon',
  ownHackathon: 'You cannot review your own hackathon',
  notFound: 'Review not found',
  submitted: 'Review submitted',
  updated: 'Review updated',
  deleted: 'Review deleted',
  submitFailed: 'Failed to submit review',
  deleteFailed: 'Failed to delete review',
  loginRequired: 'Please log in to write a review',
} as const;
