import { useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { CalendarDays, Building2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { HackathonCard } from '@circuit/shared/api/hackathons';
import { HackathonMessages } from '@circuit/shared/hackathons/messages';
import { api, messageOf, newRequestId } from '../auth/apiClient';
import { Banner, CardFact } from '../hackathons/HackathonCard';
import { formatDate, LOCATION_LABELS } from '../hackathons/labels';
import { shareLink } from '../hackathons/useHackathonDetail';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { notify } from '../ui/toast';
import { ManageActions, StatusNote } from './ManageCardParts';
import { DoorLinks } from '../check-in/DoorLinks';
import { organiserPageOf } from '../check-in/paths';

const STATUS = {
  pending: { label: 'Pending', className: 'bg-amber-100 text-amber-800' },
  accepted: { label: 'Accepted', className: 'bg-emerald-100 text-emerald-800' },
  rejected: { label: 'Rejected', className: 'bg-red-100 text-red-700' },
} as const;

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
        <StatusNote status={h.status} type="hackathon" reason={h.rejectionReason} />
        <ManageActions
          title={h.title}
          view={page}
          edit={`${page}/edit`}
          extra={organiserPageOf('hackathon', h)}
          onShare={() => void shareLink(h.title, `${window.location.origin}${page}`)}
          onDelete={() => setConfirm(true)}
        />
        <DoorLinks kind="hackathon" id={h.id} title={h.title} door={h.location.type !== 'online'} />
      </div>
      <ConfirmDialog open={confirm} title="Delete hackathon" message="Are you sure you want to delete this hackathon?" confirmLabel="Delete" tone="danger" loading={deleting} onCancel={() => setConfirm(false)} onConfirm={() => void remove()} />
    </article>
  );
}
