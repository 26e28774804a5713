import clsx from 'clsx';
import { Bookmark, Heart } from 'lucide-react';
import { Button } from '../ui/Button';

const LOOK = {
  like: { Icon: Heart, on: 'Liked', off: 'Like' },
  save: { Icon: Bookmark, on: 'Saved', off: 'Save' },
} as const;

/** A like or save toggle with its count (aria-pressed says whether it is the viewer's). */
export function ReactionButton({ kind, active, count, loading, disabled, onClick }: { kind: 'like' | 'save'; active: boolean; count: number; loading: boolean; disabled: boolean; onClick(): void }) {
  const { Icon, on, off } = LOOK[kind];
  return (
    <Button
      variant={active ? 'primary' : 'secondary'}
      size="sm"
      aria-pressed={active}
      loading={loading}
      disabled={disabled}
      onClick={onClick}
      icon={<Icon className={clsx('size-4', active && 'fill-current')} aria-hidden="true" />}
    >
      {active ? on : off} <span className="tabular-nums">({count})</span>
    </Button>
  );
}
