import { ArrowLeft, ScanLine } from 'lucide-react';
import { useLocation, useParams } from 'react-router-dom';
import { RequireAuth } from '../auth/RequireAuth';
import { ButtonLink } from '../ui/Button';
import { StateScreen } from '../ui/EmptyState';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { isCheckInKind } from './checkInApi';
import { checkInPath } from './paths';
import { CoHostsPanel } from './CoHostsPanel';

/** /manage/{kind}/{id}/co-hosts: the organiser's co-hosts of one listing, and the way to its door. */
export function CoHostsPage() {
  const { kind = '', id = '' } = useParams();
  // The dashboard's card passes the title along; opened from elsewhere the page does without it.
  const title = (useLocation().state as { title?: unknown } | null)?.title;
  useDocumentTitle(typeof title === 'string' ? `Co-hosts · ${title}` : 'Co-hosts');
  if (!isCheckInKind(kind)) {
    return (
      <StateScreen title="Listing not found" actions={<ButtonLink to="/dashboard">Go to your dashboard</ButtonLink>}>
        There is no listing at this address.
      </StateScreen>
    );
  }
  return (
    <RequireAuth>
      <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-8">
        <ButtonLink to="/dashboard" variant="ghost" size="sm" className="-ml-3">
          <ArrowLeft className="size-4" aria-hidden="true" /> Dashboard
        </ButtonLink>
        <div className="mt-2 flex flex-wrap items-end justify-between gap-4">
          <div className="min-w-0">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Co-hosts and check-in</h1>
            {typeof title === 'string' && <p className="mt-1 break-words text-slate-600">{title}</p>}
          </div>
          <ButtonLink to={checkInPath(kind, id)} size="lg">
            <ScanLine className="size-5" aria-hidden="true" /> Open check-in
          </ButtonLink>
        </div>
        <p className="mt-3 text-sm text-slate-600">
          Send your co-hosts the check-in screen’s address: <code className="break-all text-slate-800">{`${window.location.origin}${checkInPath(kind, id)}`}</code>
        </p>
        <div className="mt-6">
          <CoHostsPanel kind={kind} id={id} />
        </div>
      </div>
    </RequireAuth>
  );
}
