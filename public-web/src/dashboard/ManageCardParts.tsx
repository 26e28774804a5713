import clsx from 'clsx';
import { Share2, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { SUPPORT_EMAIL } from '../info/InfoLayout';
import { Button, ButtonLink } from '../ui/Button';

type Review = 'pending' | 'accepted' | 'rejected';

/** The review notes of spec 3, "Organizer dashboard", word for word, for a hackathon, an event or a quiz. */
export function StatusNote({ status, type, reason }: { status: Review; type: 'hackathon' | 'event' | 'quiz'; reason?: string | null }) {
  if (status === 'pending') {
    return (
      <p className="rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-900">
        Your {type} is successfully posted. We are reviewing it within 24 to 48 hours.{' '}
        <span className="mt-1 block">
          Questions? Contact us at{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`} className="font-medium underline">
            {SUPPORT_EMAIL}
          </a>
        </span>
      </p>
    );
  }
  if (status === 'accepted') {
    return <p className="rounded-lg bg-emerald-50 px-3 py-2 text-xs text-emerald-900">We have accepted your {type}. You can click on view and check if it is live now. You can promote it. Congrats!</p>;
  }
  return (
    <p className="rounded-lg bg-red-50 px-3 py-2 text-xs text-red-800">
      We are sorry, but we found something inappropriate in your {type}. Please try again.
      {reason && <span className="mt-1 block">Reason: {reason}</span>}
    </p>
  );
}

/**
 * The five actions of an organiser's card in one row: View, Edit and the type's own page (Announcements or
 * Participants) as labelled buttons, Share and Delete as icon buttons named for screen readers and
 * titled for the pointer, so that the row fits a three-column card on a laptop without wrapping.
 */
export function ManageActions({
  title,
  view,
  edit,
  extra,
  onShare,
  onDelete,
}: {
  title: string;
  view: string;
  edit: string;
  extra: { to: string; label: string };
  onShare(): void;
  onDelete(): void;
}) {
  const text = (label: string): ReactNode => (
    <>
      {label}
      <span className="sr-only"> {title}</span>
    </>
  );
  const compact = 'px-2.5!';
  return (
    <div className="mt-auto flex flex-wrap items-center gap-1.5 border-t border-slate-100 pt-3 lg:flex-nowrap">
      <ButtonLink to={view} size="sm" variant="secondary" className={compact}>
        {text('View')}
      </ButtonLink>
      <ButtonLink to={edit} size="sm" variant="secondary" className={compact}>
        {text('Edit')}
      </ButtonLink>
      <ButtonLink to={extra.to} size="sm" variant="secondary" className={compact}>
        {text(extra.label)}
      </ButtonLink>
      <span className="ml-auto flex gap-1">
        <Button size="sm" variant="ghost" className="px-2!" title="Share" aria-label={`Share ${title}`} onClick={onShare}>
          <Share2 className="size-4" aria-hidden="true" />
        </Button>
        <Button size="sm" variant="ghost" className={clsx('px-2! text-red-700 hover:bg-red-50 hover:text-red-800')} title="Delete" aria-label={`Delete ${title}`} onClick={onDelete}>
          <Trash2 className="size-4" aria-hidden="true" />
        </Button>
      </span>
    </div>
  );
}
