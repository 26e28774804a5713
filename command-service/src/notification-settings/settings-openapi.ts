import { z } from 'zod';
import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { NotificationSettingsAnswerSchema, NotificationSettingsChangeSchema, UnsubscribeAnswerSchema } from '@circuit/shared/api/notification-settings';

export const SETTINGS_TAG = 'Notification settings';

/** The settings writes and one-click unsubscribe (settings-routes.ts); the GET is in the projection service's part. */
export const settingsOpenApi: ApiRegistration = (api) => {
  api.tag(SETTINGS_TAG, [
    'Each kind of reminder (a day and an hour before a listing you registered for starts, a project submission due, registration closing on a listing you saved) can be turned off as an e-mail and as a notification; listing reviews, waitlist offers and important announcements as e-mails. Everything is on until turned off.',
    'Sign-up and sign-in codes, password reset links and payment receipts and refunds always go: they are answers to what you just did, or the record of your money.',
    'Every e-mail that can be turned off carries `List-Unsubscribe: <…/api/unsubscribe/{token}>` and `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058), and a footer link to the page `/unsubscribe/{token}` that asks before turning it off.',
  ]);
  api.route({
    method: 'put',
    path: '/api/users/notification-settings',
    tag: SETTINGS_TAG,
    summary: 'Turn notification and e-mail switches on or off',
    description: 'Only the switches named change; one already as asked appends nothing. Answers every switch.',
    auth: 'session',
    body: NotificationSettingsChangeSchema,
    ok: { data: NotificationSettingsAnswerSchema, message: 'Notification settings saved' },
    errors: { 400: 'A kind or channel that does not exist, or a kind that has no switch on that channel' },
  });
  api.route({
    method: 'post',
    path: '/api/unsubscribe/{token}',
    tag: SETTINGS_TAG,
    summary: 'One-click unsubscribe from one kind of e-mail (no session)',
    description: 'The token names the address and the kind of mail and is signed by the server (HMAC); it does not expire. A mail client may post `List-Unsubscribe=One-Click` as a form; the body is not read. Posting again changes nothing. An address no account holds gets the same answer.',
    params: z.object({ token: z.string().meta({ description: 'From the List-Unsubscribe header or the mail’s footer link' }) }),
    ok: { data: UnsubscribeAnswerSchema, message: 'You will get no more of these e-mails' },
    errors: { 400: 'The token was changed or cut short: "This unsubscribe link is not valid: it was changed or cut short. Open your notification settings to turn e-mails off."' },
  });
};
