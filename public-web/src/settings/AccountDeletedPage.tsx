import { CircleCheck } from 'lucide-react';
import { ButtonLink } from '../ui/Button';
import { StateScreen } from '../ui/EmptyState';
import { useDocumentTitle } from '../ui/useDocumentTitle';

/** Where "Delete my account" ends: the person is signed out and told what happened. */
export function AccountDeletedPage() {
  useDocumentTitle('Account deleted');
  return (
    <StateScreen icon={<CircleCheck className="size-7" aria-hidden="true" />} title="Your account has been deleted" actions={<ButtonLink to="/">Go to the home page</ButtonLink>}>
      <p>Your personal data has been erased and you have been signed out everywhere.</p>
      <p className="mt-2 text-sm">Some pages may show your old details for a few more minutes while they update.</p>
    </StateScreen>
  );
}
