import { describe, it } from 'vitest';
import { given } from '@circuit/shared/testkit/given-when-then';
import type { ListingRef } from '../hackathons/listing-lookup';
import { reviewDecider, type ReviewEvent } from './review-decider';

const NOW = new Date('2026-11-24T10:00:00.000Z');
const AT = NOW.toISOString();
const listing = (over: Partial<ListingRef> = {}): ListingRef => ({
  hackathonId: 'h1',
  exists: true,
  deleted: false,
  status: 'accepted',
  createdBy: 'u-org',
  username: 'monsoon',
  title: 'Monsoon',
  takeRegistrations: 'false',
  ...over,
});
const submitted: ReviewEvent = { type: 'HackathonReviewSubmitted', data: { hackathonId: 'h1', userId: 'u1', reviewId: 'r1', rating: 4, comment: 'Great mentors', at: AT } };
const submit = (over: Partial<{ listing: ListingRef; userId: string; registered: boolean; rating: number }> = {}) => ({
  type: 'SubmitReview' as const,
  listing: listing(),
  userId: 'u1',
  reviewId: 'r1',
  rating: 4,
  comment: 'Great mentors',
  registered: false,
  now: NOW,
  ...over,
});

describe('review decider', () => {
  it('given no review, when a user reviews a public hackathon, then the review is recorded', () => {
    given(reviewDecider, []).when(submit()).then([submitted]);
  });

  it('given a review, when the same user reviews again, then it is refused with 409', () => {
    given(reviewDecider, [submitted]).when(submit({ rating: 5 })).thenThrows('conflict', 'You have already reviewed this hackathon');
  });

  it('given a hackathon taking registrations, only registered users may review', () => {
    const taking = listing({ takeRegistrations: 'pending' });
    given(reviewDecider, []).when(submit({ listing: taking })).thenThrows('forbidden', 'Only registered participants can review this hackathon');
    given(reviewDecider, []).when(submit({ listing: taking, registered: true })).then([submitted]);
  });

  it('refuses the creator, hackathons not public and missing ones', () => {
    given(reviewDecider, []).when(submit({ userId: 'u-org' })).thenThrows('forbidden', 'You cannot review your own hackathon');
    given(reviewDecider, []).when(submit({ listing: listing({ status: 'pending' }) })).thenThrows('forbidden', 'Not Available');
    given(reviewDecider, []).when(submit({ listing: listing({ deleted: true }) })).thenThrows('not_found', 'Hackathon not found');
    given(reviewDecider, []).when(submit({ listing: listing({ exists: false }) })).thenThrows('not_found', 'Hackathon not found');
  });

  it('given a review, its author edits it; an unchanged edit records nothing; without a review it is 404', () => {
    given(reviewDecider, [submitted])
      .when({ type: 'EditReview', listing: listing(), userId: 'u1', rating: 2, comment: 'Wifi was down', now: NOW })
      .then([{ type: 'HackathonReviewEdited', data: { hackathonId: 'h1', userId: 'u1', reviewId: 'r1', rating: 2, comment: 'Wifi was down', at: AT } }]);
    given(reviewDecider, [submitted]).when({ type: 'EditReview', listing: listing(), userId: 'u1', rating: 4, comment: 'Great mentors', now: NOW }).then([]);
    given(reviewDecider, []).when({ type: 'EditReview', listing: listing(), userId: 'u1', rating: 2, comment: '', now: NOW }).thenThrows('not_found', 'Review not found');
  });

  it('given a review, its author deletes it and may then review again', () => {
    const deleted: ReviewEvent = { type: 'HackathonReviewDeleted', data: { hackathonId: 'h1', userId: 'u1', reviewId: 'r1', at: AT } };
    given(reviewDecider, [submitted]).when({ type: 'DeleteReview', listing: listing(), userId: 'u1', now: NOW }).then([deleted]);
    given(reviewDecider, [submitted, deleted]).when({ type: 'DeleteReview', listing: listing(), userId: 'u1', now: NOW }).thenThrows('not_found', 'Review not found');
    given(reviewDecider, [submitted, deleted]).when({ ...submit(), reviewId: 'r2' }).then([{ ...submitted, data: { ...submitted.data, reviewId: 'r2' } }]);
  });
});
