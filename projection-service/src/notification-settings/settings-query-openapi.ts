import { z } from 'zod';
import { header, type ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { NotificationSettingsAnswerSchema } from '@circuit/shared/api/notification-settings';

export const settingsQueryOpenApi: ApiRegistration = (api) => {
  api.route({
    method: 'get',
    path: '/api/users/notification-settings',
    tag: 'Notification settings',
    summary: 'Every notification and e-mail switch of yours, on or off',
    auth: 'session',
    ok: { data: NotificationSettingsAnswerSchema },
  });
  api.route({
    method: 'get',
    path: '/api/unsubscribe/{token}',
    tag: 'Notification settings',
    summary: 'Opening an unsubscribe address: sent to the page that asks first (changes nothing)',
    description: 'Mail scanners and link previews fetch the addresses in a mail; only the POST unsubscribes.',
    params: z.object({ token: z.string() }),
    ok: { status: 302, description: 'To `/unsubscribe/{token}`, the page with the button', headers: { Location: header('The confirmation page', { required: true }) } },
  });
};
