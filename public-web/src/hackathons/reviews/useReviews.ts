import { useState } from 'react';
import type { Hackathon } from '@circuit/shared/api/hackathons';
import { ReviewMessages } from '@circuit/shared/hackathons/review-messages';
import { messageOf } from '../../auth/apiClient';
import { useAuth } from '../../auth/AuthContext';
import { userId } from '../../auth/types';
import { notify } from '../../ui/toast';
import { useRegistrationStatus } from '../hackathonsApi';
import { useReviewPages, useWriteReview } from './reviewsApi';

/**
 * The Reviews section's data: the pages loaded so far, the totals, the viewer's own review, and
 * writing, editing and deleting it (spec 2 section 4: "Review: write, edit, delete for the
 * current user"). The server decides who may review; the screen explains it beforehand.
 */
export function useReviews(hackathon: Pick<Hackathon, 'id' | 'status' | 'averageRating' | 'totalReviews' | 'takeRegistrations' | 'createdBy'>) {
  const { user } = useAuth();
  const signedIn = Boolean(user);
  const pages = useReviewPages(hackathon.id, signedIn);
  const write = useWriteReview(hackathon.id);
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const loaded = pages.data?.pages ?? [];
  const first = loaded[0];
  const reviews = loaded.flatMap((p) => p.reviews);
  const myReview = first?.myReview ?? null;
  const isCreator = Boolean(user && userId(user) === hackathon.createdBy._id);
  // Only registered participants may review a hackathon that takes registrations (the registration card asks the same).
  const needsRegistration = hackathon.takeRegistrations !== 'false';
  const registration = useRegistrationStatus(hackathon.id, signedIn && needsRegistration);
  const mayWrite = signedIn && !isCreator && hackathon.status === 'accepted' && (!needsRegistration || Boolean(registration.data?.registered));

  async function save(rating: number, comment: string): Promise<boolean> {
    try {
      await write.mutateAsync(myReview ? { kind: 'edit', body: { rating, comment } } : { kind: 'submit', body: { rating, comment } });
      notify.success(myReview ? ReviewMessages.updated : ReviewMessages.submitted);
      setEditing(false);
      return true;
    } catch (error) {
      notify.error(messageOf(error, ReviewMessages.submitFailed));
      return false;
    }
  }

  async function remove() {
    try {
      await write.mutateAsync({ kind: 'delete' });
      notify.success(ReviewMessages.deleted);
      setConfirmDelete(false);
      setEditing(false);
    } catch (error) {
      notify.error(messageOf(error, ReviewMessages.deleteFailed));
    }
  }

  return {
    signedIn,
    isCreator,
    reviews,
    myReview,
    averageRating: first?.averageRating ?? hackathon.averageRating,
    totalReviews: first?.totalReviews ?? hackathon.totalReviews,
    loading: pages.isPending,
    failed: pages.isError,
    hasMore: Boolean(pages.hasNextPage),
    loadingMore: pages.isFetchingNextPage,
    loadMore: () => void pages.fetchNextPage(),
    editing,
    setEditing,
    confirmDelete,
    setConfirmDelete,
    saving: write.isPending,
    save,
    remove,
    needsRegistration,
    /** Signed in, not its organiser, the hackathon public, and registered when it takes registrations. */
    mayWrite,
  };
}
