import type { Mail } from '@circuit/shared/ports/mailer';
import { escape, layout } from './account-mail';

/**
 * The organiser's word that a moderator approved their listing (it is live) or rejected it (with the
 * reviewer's reason and a link to edit it). One text for every kind of listing: `noun` names it.
 */
export function listingReviewMail(to: string, firstName: string, listing: { noun: string; title: string; link: string }, rejection: string | null): Mail {
  const { noun, title, link } = listing;
  if (rejection === null) {
    return {
      to,
      subject: `Your ${noun} “${title}” is live on Circuit`,
      text: `Hi ${firstName},\n\n“${title}” was approved and is now public: ${link}\n\n— Circuit`,
      html: layout(`Your ${noun} is live`, `<p>Hi ${escape(firstName)},</p><p><strong>${escape(title)}</strong> was approved and is now public.</p><p><a href="${escape(link)}">Open its page</a></p>`),
    };
  }
  return {
    to,
    subject: `Your ${noun} “${title}” needs changes`,
    text: `Hi ${firstName},\n\n“${title}” was not approved. The reviewer wrote:\n\n${rejection}\n\nEdit it and it will be reviewed again: ${link}/edit\n\n— Circuit`,
    html: layout(`Your ${noun} needs changes`, `<p>Hi ${escape(firstName)},</p><p><strong>${escape(title)}</strong> was not approved. The reviewer wrote:</p><blockquote>${escape(rejection)}</blockquote><p><a href="${escape(link)}/edit">Edit it</a> and it will be reviewed again.</p>`),
  };
}
