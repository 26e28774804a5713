import clsx from 'clsx';
import type { ReactNode } from 'react';
import type { Announcement } from '@circuit/shared/api/hackathon-announcements';
import { RichText } from '../DetailSections';
import { useDateLabels } from '../../ui/useDateLabels';
import { TYPE_LABELS, TYPE_STYLES } from './labels';
import { ResultsView } from './ResultsView';

/** The day it was posted, on the viewer's calendar. */
export function PostedOn({ iso, className }: { iso: string; className?: string }) {
  const { date } = useDateLabels();
  return (
    <time dateTime={iso} className={className}>
      {date(iso)}
    </time>
  );
}

export function TypeBadge({ type }: { type: Announcement['type'] }) {
  return <span className={clsx('rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset', TYPE_STYLES[type])}>{TYPE_LABELS[type]}</span>;
}

/**
 * One announcement: its type, date, title and content; `full` adds the results. `headingLevel`
 * keeps the page outline right wherever the card sits.
 */
export function AnnouncementCard({ announcement: a, full = true, headingLevel = 'h2', actions, clamp }: { announcement: Announcement; full?: boolean; headingLevel?: 'h2' | 'h3'; actions?: ReactNode; clamp?: boolean }) {
  const Heading = headingLevel;
  return (
    <article aria-labelledby={`announcement-${a.id}`} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center gap-2">
        <TypeBadge type={a.type} />
        <PostedOn iso={a.createdAt} className="text-xs text-slate-500" />
      </div>
      <Heading id={`announcement-${a.id}`} className="mt-2 break-words text-lg font-semibold text-slate-900">
        {a.title}
      </Heading>
      <div className={clsx('mt-2', clamp && 'line-clamp-3')}>
        <RichText html={a.content} empty="" />
      </div>
      {full && <ResultsView results={a.results} />}
      {actions && <div className="mt-4 flex flex-wrap gap-2">{actions}</div>}
    </article>
  );
}
