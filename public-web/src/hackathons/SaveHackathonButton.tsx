import clsx from 'clsx';
import { Bookmark } from 'lucide-react';
import type { HackathonCard } from '@circuit/shared/api/hackathons';
import { useAuth } from '../auth/AuthContext';
import { notify } from '../ui/toast';
import { useSavedHackathons, useSaveHackathon } from './hackathonsApi';

/** A card's save toggle: optimistic, put back when the server refuses; signed-out users are asked to log in (spec 3). */
export function SaveHackathonButton({ hackathon, className }: { hackathon: HackathonCard; className?: string }) {
  const { user } = useAuth();
  const saved = useSavedHackathons(Boolean(user));
  const save = useSaveHackathon();
  const isSaved = Boolean(saved.data?.some((h) => h.id === hackathon.id));
  const toggle = () => {
    if (!user) return notify.error('Please log in to save hackathons');
    save.mutate(
      { hackathon, saved: !isSaved },
      {
        onSuccess: (_data, { saved: now }) => notify.success(now ? 'Saved hackathon!' : 'Removed from saved hackathons'),
        onError: () => notify.error('Failed to update hackathon save status'),
      },
    );
  };
  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={isSaved}
      aria-label={isSaved ? `Remove ${hackathon.title} from saved hackathons` : `Save ${hackathon.title}`}
      className={clsx('rounded-full bg-white/90 p-2 text-slate-700 shadow-sm ring-1 ring-slate-200 transition hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-500', className)}
    >
      <Bookmark className={clsx('size-4', isSaved && 'fill-indigo-600 text-indigo-600')} aria-hidden="true" />
    </button>
  );
}
