import { Plus } from 'lucide-react';
import { RequireAuth } from '../../auth/RequireAuth';
import { MyListingGrid } from '../../dashboard/DashboardPage';
import { useListing } from '../../dashboard/listings';
import { ButtonLink } from '../../ui/Button';
import { useDocumentTitle } from '../../ui/useDocumentTitle';

function ManageHackathons() {
  useDocumentTitle('Manage hackathons');
  const list = useListing('mine', 'hackathons');
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Manage Hackathons</h1>
          <p className="mt-1 text-slate-600">Post announcements and add sponsors for the hackathons you host: Announcements on each card.</p>
        </div>
        <ButtonLink to="/create-hackathon" size="sm">
          <Plus className="size-4" aria-hidden="true" /> Create Hackathon
        </ButtonLink>
      </div>
      <MyListingGrid kind="hackathons" list={list} error={list.isError ? 'Failed to load your hackathons.' : null} />
    </div>
  );
}

/** /admin/hackathons: the hackathons the signed-in organiser manages, the way back from each one's announcements admin (spec 2). */
export function ManageHackathonsPage() {
  return (
    <RequireAuth>
      <ManageHackathons />
    </RequireAuth>
  );
}
