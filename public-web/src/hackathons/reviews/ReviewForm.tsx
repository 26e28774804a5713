import { useState, type FormEvent } from 'react';
import { HACKATHON_BOARD_LIMITS as L } from '@circuit/shared/hackathons/options';
import { ReviewMessages } from '@circuit/shared/hackathons/review-messages';
import { Button } from '../../ui/Button';
import { TextArea } from '../../ui/TextArea';
import { StarInput } from './StarRating';

/** Write or edit one's review: rating 1-5 (default 5), comment up to 1000 characters. */
export function ReviewForm({ initial, saving, onSave, onCancel }: { initial?: { rating: number; comment: string }; saving: boolean; onSave(rating: number, comment: string): Promise<boolean>; onCancel?(): void }) {
  const [rating, setRating] = useState(initial?.rating ?? L.defaultRating);
  const [comment, setComment] = useState(initial?.comment ?? '');
  const tooLong = comment.length > L.reviewCommentMax;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (tooLong) return;
    if ((await onSave(rating, comment.trim())) && !initial) setComment('');
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-3 rounded-xl bg-slate-50 p-4" aria-label={initial ? 'Edit your review' : 'Write a review'}>
      <StarInput value={rating} onChange={setRating} disabled={saving} />
      <TextArea
        label="Comment (optional)"
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        counterMax={L.reviewCommentMax}
        error={tooLong ? ReviewMessages.commentMax : null}
        placeholder="What was it like? Mentors, problems, organisation..."
        rows={3}
        disabled={saving}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
        )}
        <Button type="submit" loading={saving} disabled={tooLong}>
          {initial ? 'Update Review' : 'Submit Review'}
        </Button>
      </div>
    </form>
  );
}
