import { useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { CalendarDays, Building2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { HackathonCard } from '@circuit/shared/api/hackathons';
import { HackathonMessages } from '@circuit/shared/validation/hackathons';
import { api, messageOf, newRequestId } from '../auth/apiClient';
import { Banner, CardFact } from '../hackathons/HackathonCard';
import { formatDate, LOCATION_LABELS } from '../hackathons/labels';
import { shareLink } from '../hackathons/useHackathonDetail';
import { SUPPORT_EMAIL } from '../info/InfoLayout';
import { Button, ButtonLink } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { notify } from '../ui/toast';

const STATUS = {
  pending: { label: 'Pending', className: 'bg-amber-100 text-amber-800' },
  accepted: { label: 'Accepted', className: 'bg-emerald-100 text-emerald-800' },
  rejected: { label: 'Rejected', className: 'bg-red-100 text-red-700' },
} as const;

/** The review notes of spec 3, "Organizer dashboard", for a hackathon. */
function StatusNote({ hackathon: h }: { hackathon: HackathonCard }) {
  if (h.status === 'pending') {
    return (
      <p className="rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-900">
        Your hackathon is successfully posted. We are reviewing it within 24 to 48 hours. Questions? Write to{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`} className="font-medium underline">
          {SUPPORT_EMAIL}
        </a>
        .
      </p>
    );
  }
  if (h.status === 'accepted') {
    return <p className="rounded-lg bg-emerald-50 px-3 py-2 text-xs text-emerald-900">We have accepted your hackathon. You can click on view and check if it is live now. You can promote it. Congrats!</p>;
  }
  return (
    <p className="rounded-lg bg-red-50 px-3 py-2 text-xs text-red-800">
      We are sorry, but we found something inappropriate in your hackathon. Please try again.
      {h.rejectionReason && <span className="mt-1 block">Reason: {h.rejectionReason}</span>}
    </p>
  );
}

/** One of the organiser's hackathons on /dashboard, with View, Edit, Announcements, Share and Delete. */
export function HackathonManageCard({ hackathon: h }: { hackathon: HackathonCard }) {
  const client = useQueryClient();
  const [confirm, setConfirm] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const page = `/hackathons/${h.username}`;
  const status = STATUS[h.status];

  async function remove() {
    setDeleting(true);
    try {
      await api.delete(`/api/hackathons/${h.id}`, newRequestId());
      notify.success(HackathonMessages.deleted);
      await Promise.all([client.invalidateQueries({ queryKey: ['listings'] }), client.invalidateQueries({ queryKey: ['hackathons'] })]);
    } catch (error) {
      notify.error(messageOf(error, 'Failed to delete hackathon'));
    } finally {
      setDeleting(false);
      setConfirm(false);
    }
  }

  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="relative">
        <Banner src={h.images.banner} title={h.title} className="h-32 w-full" />
        <span className="absolute left-3 top-3 rounded-full bg-white/90 px-2.5 py-0.5 text-xs font-semibold text-slate-800">{LOCATION_LABELS[h.location.type] ?? h.location.type}</span>
        <span className={clsx('absolute right-3 top-3 rounded-full px-2.5 py-0.5 text-xs font-semibold', status.className)}>{status.label}</span>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <h3 className="text-lg font-semibold leading-snug text-slate-900">
          <Link to={page} className="hover:text-indigo-600 hover:underline">
            {h.title}
          </Link>
        </h3>
        <p className="line-clamp-2 text-sm text-slate-600">{h.shortDescription}</p>
        <dl className="space-y-1 text-xs text-slate-600">
          <CardFact icon={CalendarDays} label="Starts">
            {formatDate(h.dates.startDate)}
          </CardFact>
          <CardFact icon={Building2} label="Organization">
            {h.organization.name}
          </CardFact>
        </dl>
        <StatusNote hackathon={h} />
        <div className="mt-auto flex flex-wrap gap-2 pt-1">
          <ButtonLink to={page} size="sm" variant="secondary">
            View
            <span className="sr-only"> {h.title}</span>
          </ButtonLink>
          <ButtonLink to={`${page}/edit`} size="sm" variant="secondary">
            Edit
            <span className="sr-only"> {h.title}</span>
          </ButtonLink>
          <ButtonLink to={`/admin/hackathons/${h.username}/announcements`} size="sm" variant="secondary">
            Announcements
            <span className="sr-only"> {h.title}</span>
          </ButtonLink>
          <Button size="sm" variant="ghost" onClick={() => void shareLink(h.title, `${window.location.origin}${page}`)}>
            Share
            <span className="sr-only"> {h.title}</span>
          </Button>
          <Button size="sm" variant="ghost" className="text-red-700 hover:bg-red-50 hover:text-red-800" onClick={() => setConfirm(true)}>
            Delete
            <span className="sr-only"> {h.title}</span>
          </Button>
        </div>
      </div>
      <ConfirmDialog open={confirm} title="Delete hackathon" message="Are you sure you want to delete this hackathon?" confirmLabel="Delete" tone="danger" loading={deleting} onCancel={() => setConfirm(false)} onConfirm={() => void remove()} />
    </article>
  );
}
