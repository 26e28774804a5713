import type { Mail } from '@circuit/shared/ports/mailer';
import { escape, layout } from './account-mail';

/** The payer's word that a payment which bought nothing was given back; `why` completes "Your payment of ₹250.00 for “X” …". */
export function paymentRefundedMail(to: string, firstName: string, listing: { title: string; link: string }, refund: { amountMinor: number; currency: string }, why: string): Mail {
  const amount = new Intl.NumberFormat('en-IN', { style: 'currency', currency: refund.currency }).format(refund.amountMinor / 100);
  const said = `Your payment of ${amount} for “${listing.title}” ${why}. We have refunded it in full; your bank shows it within 5 to 7 working days.`;
  return {
    to,
    subject: `Your payment for “${listing.title}” was refunded`,
    text: `Hi ${firstName},\n\n${said}\n\n${listing.link}\n\n— Circuit`,
    html: layout('Your payment was refunded', `<p>Hi ${escape(firstName)},</p><p>${escape(said)}</p><p><a href="${escape(listing.link)}">Open it on Circuit</a></p>`),
  };
}
