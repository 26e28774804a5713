import { Bookmark, Heart, MessageCircle } from 'lucide-react';
import type { ReactionCounts } from '@circuit/shared/api/hackathon-projects';
import { plural } from '../../ui/plural';

/** The counts of a card: likes, saves and comments, each read out with its word. */
export function ReactionCountsLine({ counts, liked = false, saved = false }: { counts: ReactionCounts; liked?: boolean; saved?: boolean }) {
  const items = [
    [Heart, counts.likes, 'like', liked],
    [Bookmark, counts.saves, 'save', saved],
    [MessageCircle, counts.comments, 'comment', false],
  ] as const;
  return (
    <ul className="flex items-center gap-3 text-xs text-slate-500" aria-label="Reactions">
      {items.map(([Icon, n, word, mine]) => (
        <li key={word} className="inline-flex items-center gap-1">
          <Icon className={mine ? 'size-3.5 fill-current text-indigo-600' : 'size-3.5'} aria-hidden="true" />
          <span className="tabular-nums">{n}</span>
          <span className="sr-only">
            {plural(n, word, `${word}s`)}
            {mine ? ` (yours)` : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}
