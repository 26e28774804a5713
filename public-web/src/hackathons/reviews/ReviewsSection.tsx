import { Pencil, Star, Trash2 } from 'lucide-react';
import { lazy, Suspense, useEffect } from 'react';
import type { Hackathon } from '@circuit/shared/api/hackathons';
import type { Review } from '@circuit/shared/api/hackathon-reviews';
import { LoginButtonLink } from '../../auth/LoginLinks';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { plural } from '../../ui/plural';
import { Spinner } from '../../ui/Spinner';
import { Stars } from './StarRating';
import { useReviews } from './useReviews';
import { useDateLabels } from '../../ui/useDateLabels';

// Only a signed-in visitor sees the form, so the page's first load does not carry it; it loads once a session is known.
const loadReviewForm = () => import('./ReviewForm');
const ReviewForm = lazy(async () => ({ default: (await loadReviewForm()).ReviewForm }));

const nameOf = (r: Review) => `${r.user.firstName} ${r.user.lastName}`.trim() || r.user.username || 'Circuit user';

function ReviewItem({ review, mine }: { review: Review; mine?: boolean }) {
  const { date: when } = useDateLabels();
  return (
    <li className="py-4 first:pt-0">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-medium text-slate-900">{nameOf(review)}</span>
        {mine && <span className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-semibold text-indigo-700">Your review</span>}
        <Stars value={review.rating} />
        <time dateTime={review.createdAt} className="text-xs text-slate-500">
          {when(review.createdAt)}
        </time>
      </div>
      {review.comment && <p className="mt-1 whitespace-pre-line break-words text-slate-700">{review.comment}</p>}
    </li>
  );
}

/** The average and the count, as the listing's card shows them. */
export function RatingSummary({ averageRating, totalReviews }: { averageRating: number; totalReviews: number }) {
  if (totalReviews === 0) return <p className="text-slate-600">No reviews yet.</p>;
  return (
    <p className="flex flex-wrap items-center gap-2 text-slate-700">
      <Star className="h-5 w-5 fill-amber-400 text-amber-400" aria-hidden="true" />
      <span className="text-lg font-semibold text-slate-900">{averageRating.toFixed(1)}</span>
      <span>
        <span className="sr-only">out of 5, </span>from {totalReviews} {plural(totalReviews, 'review', 'reviews')}
      </span>
    </p>
  );
}

/**
 * The detail page's Reviews section: the totals, the viewer's own review (write, edit, delete;
 * sign-in needed) and the reviews 10 at a time with Load More.
 */
export function ReviewsSection({ hackathon }: { hackathon: Hackathon }) {
  const r = useReviews(hackathon);
  const mine = r.myReview;
  useEffect(() => {
    if (r.signedIn) void loadReviewForm();
  }, [r.signedIn]);

  let own;
  if (!r.signedIn) {
    own = (
      <div className="flex flex-col items-start gap-2 rounded-xl bg-slate-50 p-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-700">Log in to write a review.</p>
        <LoginButtonLink size="sm">Log in</LoginButtonLink>
      </div>
    );
  } else if (mine && !r.editing) {
    own = (
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => r.setEditing(true)}>
          <Pencil className="size-4" aria-hidden="true" /> Edit your review
        </Button>
        <Button variant="ghost" size="sm" onClick={() => r.setConfirmDelete(true)}>
          <Trash2 className="size-4" aria-hidden="true" /> Delete your review
        </Button>
      </div>
    );
  } else if (mine) {
    own = (
      <Suspense fallback={null}>
        <ReviewForm initial={mine} saving={r.saving} onSave={r.save} onCancel={() => r.setEditing(false)} />
      </Suspense>
    );
  } else if (r.mayWrite && !r.loading) {
    own = (
      <Suspense fallback={null}>
        <ReviewForm saving={r.saving} onSave={r.save} />
      </Suspense>
    );
  } else if (!r.isCreator && r.needsRegistration) {
    own = <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-700">Reviews of this hackathon are open to its registered participants.</p>;
  }

  return (
    <div className="space-y-4">
      <RatingSummary averageRating={r.averageRating} totalReviews={r.totalReviews} />
      {own}
      {r.loading && <Spinner label="Loading reviews..." />}
      {r.failed && <p className="text-sm text-red-700">The reviews could not be loaded.</p>}
      {mine && (
        <ul aria-label="Your review" className="divide-y divide-slate-200">
          <ReviewItem review={mine} mine />
        </ul>
      )}
      {r.reviews.some((x) => x._id !== mine?._id) && (
        <ul aria-label="Reviews" className="divide-y divide-slate-200">
          {r.reviews
            .filter((x) => x._id !== mine?._id)
            .map((x) => (
              <ReviewItem key={x._id} review={x} />
            ))}
        </ul>
      )}
      {r.hasMore && (
        <Button variant="secondary" onClick={r.loadMore} loading={r.loadingMore}>
          Load More Reviews
        </Button>
      )}
      <ConfirmDialog
        open={r.confirmDelete}
        title="Delete your review?"
        message="Your rating and comment will be removed. You can write a new review later."
        confirmLabel="Delete"
        tone="danger"
        loading={r.saving}
        onConfirm={() => void r.remove()}
        onCancel={() => r.setConfirmDelete(false)}
      />
    </div>
  );
}
