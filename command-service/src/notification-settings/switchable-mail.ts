import type { Mail, Mailer } from '@circuit/shared/ports/mailer';
import type { EventStore } from '@circuit/shared/ports/event-store';
import { SETTING_KINDS, type NotificationSettingKind } from '@circuit/shared/notifications/notification-settings';
import { escape } from '../mail/account-mail';
import { unsubscribeParts } from './unsubscribe-token';
import { allows } from './settings-service';

export interface UnsubscribeOptions {
  secret: string;
  publicUrl: string;
}

/**
 * A mail the user can turn off, made ready to send: the one-click unsubscribe header fields
 * (RFC 8058; a mail client's "unsubscribe" POSTs to the link) and, in the footer, a visible link to
 * the page that asks before turning it off (a GET of it never changes anything).
 */
export function switchableMail(mail: Mail, kind: NotificationSettingKind, options: UnsubscribeOptions): Mail {
  const { headers, pageUrl } = unsubscribeParts(mail.to, kind, options);
  const what = SETTING_KINDS[kind].label.toLowerCase();
  const footer = `<p style="color:#6b7280;font-size:12px">You get this because “${escape(what)}” e-mails are on. <a href="${escape(pageUrl)}">Turn these e-mails off</a> or change them in your <a href="${escape(options.publicUrl)}/settings/notifications">notification settings</a>.</p>`;
  const html = mail.html.includes('</div></body></html>') ? mail.html.replace('</div></body></html>', `${footer}</div></body></html>`) : `${mail.html}${footer}`;
  return {
    ...mail,
    text: `${mail.text}\n\nTo stop “${what}” e-mails: ${pageUrl}`,
    html,
    headers: { ...mail.headers, ...headers },
  };
}

/** Sends a mail the user can turn off: nothing when they turned this kind off, else with its unsubscribe parts. */
export async function sendSwitchable(deps: UnsubscribeOptions & { store: EventStore; mailer: Mailer }, userId: string, kind: NotificationSettingKind, mail: Mail): Promise<void> {
  if (!(await allows(deps.store, userId, kind, 'email'))) return;
  await deps.mailer.send(switchableMail(mail, kind, deps));
}
