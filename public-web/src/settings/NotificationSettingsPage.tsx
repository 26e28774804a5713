import { Bell, LockKeyhole, ShieldCheck } from 'lucide-react';
import { ALWAYS_SENT_MAIL } from '@circuit/shared/notifications/notification-settings';
import { useAuth } from '../auth/AuthContext';
import { LoginButtonLink } from '../auth/LoginLinks';
import { Button, ButtonLink } from '../ui/Button';
import { Card } from '../ui/Card';
import { EmptyState, StateScreen } from '../ui/EmptyState';
import { PageSpinner } from '../ui/Spinner';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { SettingsRows } from './SettingsRows';
import { useNotificationSettings } from './useNotificationSettings';

/** /settings/notifications: which reminders and e-mails reach the user, and which mail always goes. */
export function NotificationSettingsPage() {
  useDocumentTitle('Notification settings');
  const { state } = useAuth();
  if (state.status === 'loading') return <PageSpinner />;
  if (state.status === 'unauthenticated') {
    return (
      <StateScreen icon={<LockKeyhole className="size-7" aria-hidden="true" />} title="Authentication Required" actions={<LoginButtonLink>Go to Login</LoginButtonLink>}>
        Please sign in to change your notification settings.
      </StateScreen>
    );
  }
  return <NotificationSettings />;
}

function NotificationSettings() {
  const { query, enabled, toggle } = useNotificationSettings();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Notification settings</h1>
          <p className="mt-1 text-sm text-slate-600">Choose what reaches you. Changes are saved as you make them.</p>
        </div>
        <ButtonLink to="/notifications" variant="secondary" size="sm">
          <Bell className="size-4" aria-hidden="true" />
          Your notifications
        </ButtonLink>
      </div>
      {query.isPending ? (
        <PageSpinner label="Loading your settings..." />
      ) : query.isError ? (
        <Card>
          <EmptyState title="Your settings could not be loaded" actions={<Button onClick={() => void query.refetch()}>Try again</Button>} />
        </Card>
      ) : (
        <div className="flex flex-col gap-6">
          <SettingsRows
            group="reminders"
            title="Reminders"
            intro="Before the events, hackathons and quizzes you registered for or saved."
            channels={['email', 'notification']}
            enabled={enabled}
            onToggle={toggle}
          />
          <SettingsRows group="emails" title="Other e-mails" intro="You still see these on Circuit when their e-mail is off." channels={['email']} enabled={enabled} onToggle={toggle} />
          <AlwaysSent />
        </div>
      )}
    </div>
  );
}

function AlwaysSent() {
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby="settings-always">
        <h2 id="settings-always" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <ShieldCheck className="size-5 text-emerald-600" aria-hidden="true" />
          Always sent
        </h2>
        <p className="mt-1 text-sm text-slate-600">These e-mails cannot be turned off.</p>
        <ul className="mt-4 space-y-3">
          {ALWAYS_SENT_MAIL.map((mail) => (
            <li key={mail.label}>
              <p className="font-medium text-slate-900">{mail.label}</p>
              <p className="text-sm text-slate-600">{mail.why}</p>
            </li>
          ))}
        </ul>
      </section>
    </Card>
  );
}
