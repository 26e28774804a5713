import { LockKeyhole } from 'lucide-react';
import { useAuth } from '../auth/AuthContext';
import { LoginButtonLink } from '../auth/LoginLinks';
import { StateScreen } from '../ui/EmptyState';
import { PageSpinner } from '../ui/Spinner';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { DataExportSection } from './DataExportSection';
import { DeleteAccountSection } from './DeleteAccountSection';

/** /settings/data: what Circuit holds of the person, one section per thing they can do with it. */
export function YourDataPage() {
  useDocumentTitle('Your data');
  const { state } = useAuth();
  if (state.status === 'loading') return <PageSpinner />;
  if (state.status === 'unauthenticated') {
    return (
      <StateScreen icon={<LockKeyhole className="size-7" aria-hidden="true" />} title="Authentication Required" actions={<LoginButtonLink>Go to Login</LoginButtonLink>}>
        Please sign in to manage your data.
      </StateScreen>
    );
  }
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Your data</h1>
      <p className="mt-1 mb-6 text-sm text-slate-600">What Circuit holds about you, and what you can do with it.</p>
      <div className="flex flex-col gap-6">
        <DataExportSection />
        <DeleteAccountSection />
      </div>
    </div>
  );
}
