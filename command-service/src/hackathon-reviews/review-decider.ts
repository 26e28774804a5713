import type { Decider } from '@circuit/shared/commands/decider';
import type { DomainEvent } from '@circuit/shared/events/catalogue';
import { conflict, forbidden, notFound } from '@circuit/shared/commands/domain-errors';
import { HackathonMessages } from '@circuit/shared/validation/hackathons';
import { ReviewMessages } from '@circuit/shared/validation/hackathon-reviews';
import { listingTakesRegistrations, type ListingRef } from '../hackathons/listing-lookup';

/**
 * One user's review of one hackathon, on `hackathon-review-<hackathonId>-<userId>`: written once,
 * edited and deleted by its author (a deleted review may be written again). Who may review is
 * decided on the listing and the roster the command carries: the hackathon is public, the
 * reviewer is not its creator and, when it takes registrations, is registered.
 */
export interface ReviewState {
  exists: boolean;
  reviewId: string;
  rating: number;
  comment: string;
}

export type ReviewEvent = DomainEvent<'HackathonReviewSubmitted' | 'HackathonReviewEdited' | 'HackathonReviewDeleted'>;

interface Target {
  listing: ListingRef;
  userId: string;
  now: Date;
}

export type ReviewCommand =
  | ({ type: 'SubmitReview'; reviewId: string; rating: number; comment: string; registered: boolean } & Target)
  | ({ type: 'EditReview'; rating: number; comment: string } & Target)
  | ({ type: 'DeleteReview' } & Target);

/** The listing exists and is public (a listing in review has no reviewers yet). */
function assertPublic(listing: ListingRef): void {
  if (!listing.exists || listing.deleted) throw notFound(HackathonMessages.notFound);
  if (listing.status !== 'accepted') throw forbidden(HackathonMessages.notAvailable);
}

export const reviewDecider: Decider<ReviewState, ReviewCommand, ReviewEvent> = {
  initialState: () => ({ exists: false, reviewId: '', rating: 0, comment: '' }),
  evolve(state, event) {
    switch (event.type) {
      case 'HackathonReviewSubmitted':
        return { exists: true, reviewId: event.data.reviewId, rating: event.data.rating, comment: event.data.comment };
      case 'HackathonReviewEdited':
        return { ...state, rating: event.data.rating, comment: event.data.comment };
      case 'HackathonReviewDeleted':
        return { exists: false, reviewId: '', rating: 0, comment: '' };
    }
  },
  decide(command, state) {
    const at = command.now.toISOString();
    const { hackathonId } = command.listing;
    assertPublic(command.listing);
    switch (command.type) {
      case 'SubmitReview':
        if (command.listing.createdBy === command.userId) throw forbidden(ReviewMessages.ownHackathon);
        if (listingTakesRegistrations(command.listing) && !command.registered) throw forbidden(ReviewMessages.notRegistered);
        if (state.exists) throw conflict(ReviewMessages.alreadyReviewed);
        return [{ type: 'HackathonReviewSubmitted', data: { hackathonId, userId: command.userId, reviewId: command.reviewId, rating: command.rating, comment: command.comment, at } }];
      case 'EditReview':
        if (!state.exists) throw notFound(ReviewMessages.notFound);
        if (state.rating === command.rating && state.comment === command.comment) return [];
        return [{ type: 'HackathonReviewEdited', data: { hackathonId, userId: command.userId, reviewId: state.reviewId, rating: command.rating, comment: command.comment, at } }];
      case 'DeleteReview':
        if (!state.exists) throw notFound(ReviewMessages.notFound);
        return [{ type: 'HackathonReviewDeleted', data: { hackathonId, userId: command.userId, reviewId: state.reviewId, at } }];
    }
  },
};
