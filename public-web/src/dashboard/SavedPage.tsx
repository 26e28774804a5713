import { RequireAuth } from '../auth/RequireAuth';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { DashboardHeader, DashboardSkeleton } from './DashboardPage';
import { ScopedListings } from './UserDashboardPage';

/** /saved: saved hackathons, events and quizzes (spec 2, "Saved items"). */
export function SavedPage() {
  useDocumentTitle('Saved');
  return (
    <RequireAuth fallback={<DashboardSkeleton />}>
      <DashboardHeader title="Saved" subtitle="Hackathons, events and quizzes you saved for later" />
      <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        <ScopedListings scope="saved" emptyTitle={(kind) => `No saved ${kind} yet.`} errorText="Failed to load saved items." />
      </div>
    </RequireAuth>
  );
}
