import { useMutation } from '@tanstack/react-query';
import { MailCheck, MailX } from 'lucide-react';
import { useParams } from 'react-router-dom';
import { SETTING_KINDS } from '@circuit/shared/notifications/notification-settings';
import { messageOf } from '../auth/apiClient';
import { Alert } from '../ui/Alert';
import { Button, ButtonLink } from '../ui/Button';
import { StateScreen } from '../ui/EmptyState';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { settingsApi } from './settingsApi';
import { readableToken } from './unsubscribeToken';

const settingsLink = (
  <ButtonLink to="/settings/notifications" variant="secondary">
    Notification settings
  </ButtonLink>
);

/**
 * /unsubscribe/:token, from the footer of an e-mail: asks before turning that kind of mail off.
 * Opening the page changes nothing (mail scanners open links); only the button does, with no sign-in.
 */
export function UnsubscribePage() {
  useDocumentTitle('Unsubscribe');
  const { token = '' } = useParams();
  const named = readableToken(token);
  const unsubscribe = useMutation({ mutationFn: () => settingsApi.unsubscribe(token) });

  if (!named) {
    return (
      <StateScreen icon={<MailX className="size-7" aria-hidden="true" />} title="This link is not valid" actions={settingsLink}>
        It was changed or cut short. Open your notification settings to turn e-mails off.
      </StateScreen>
    );
  }
  const what = SETTING_KINDS[named.kind].label.toLowerCase();
  if (unsubscribe.isSuccess) {
    return (
      <StateScreen icon={<MailCheck className="size-7" aria-hidden="true" />} title="You are unsubscribed" actions={settingsLink}>
        <p role="status">
          No more “{what}” e-mails will go to <strong className="break-words">{named.email}</strong>. You can turn them back on in your notification settings.
        </p>
      </StateScreen>
    );
  }
  return (
    <StateScreen icon={<MailX className="size-7" aria-hidden="true" />} title={'Unsubscribe from these e\u2011mails?'}>
      <p>
        Stop “{what}” e-mails to <strong className="break-words">{named.email}</strong>. {SETTING_KINDS[named.kind].description}
      </p>
      {unsubscribe.isError && (
        <Alert className="mt-4 text-left">
          {messageOf(unsubscribe.error, 'Unsubscribing failed. Try again.')}
        </Alert>
      )}
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Button loading={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>
          Unsubscribe
        </Button>
        {settingsLink}
      </div>
    </StateScreen>
  );
}
