import { LockKeyhole } from 'lucide-react';
import type { ReactNode } from 'react';
import { LoginButtonLink } from '../../auth/LoginLinks';
import { Button, ButtonLink } from '../../ui/Button';
import { StateScreen } from '../../ui/EmptyState';
import { PageSpinner } from '../../ui/Spinner';

/**
 * The states both judging screens share before their data: checking the session, signed out, no
 * such hackathon, a failed load. Null when none applies and the screen shows itself.
 */
export function judgingPageState(s: { auth: 'loading' | 'authenticated' | 'unauthenticated'; signInTo: string; notFound: boolean; loadError: string | null; retry(): void }): ReactNode | null {
  if (s.auth === 'loading') return <PageSpinner />;
  if (s.auth === 'unauthenticated') {
    return (
      <StateScreen icon={<LockKeyhole className="size-7" aria-hidden="true" />} title="Authentication Required" actions={<LoginButtonLink>Go to Login</LoginButtonLink>}>
        Please sign in to {s.signInTo}.
      </StateScreen>
    );
  }
  if (s.notFound) {
    return (
      <StateScreen title="Hackathon not found" actions={<ButtonLink to="/hackathons">Browse Hackathons</ButtonLink>}>
        There is no hackathon at this address.
      </StateScreen>
    );
  }
  if (s.loadError) {
    return (
      <StateScreen title={s.loadError} actions={<Button onClick={s.retry}>Try again</Button>}>
        Please check your connection and try again.
      </StateScreen>
    );
  }
  return null;
}
