import type { Mail } from '@circuit/shared/ports/mailer';
import { escape, layout } from '../mail/account-mail';

/** The link goes to the settings page, where the owner downloads it signed in: the mail carries none of the data. */
export function exportReadyMail(to: string, firstName: string, publicUrl: string): Mail {
  const link = `${publicUrl}/settings/data`;
  const said = 'The copy of your Circuit data you asked for is ready. Sign in and download it from the Your data page within 24 hours; after that it is deleted.';
  return {
    to,
    subject: 'Your Circuit data is ready to download',
    text: `Hi ${firstName},\n\n${said}\n\n${link}\n\n— Circuit`,
    html: layout(
      'Your data is ready',
      `<p>Hi ${escape(firstName)},</p><p>${escape(said)}</p><p><a href="${escape(link)}" style="background:#4f46e5;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">Download my data</a></p><p>Or open ${escape(link)}.</p>`,
    ),
  };
}
