import type { Mail } from '@circuit/shared/ports/mailer';
import { FALLBACK_TIME_ZONE, formatDateTime } from '@circuit/shared/time/format';
import { escape, layout } from '../mail/account-mail';
import type { ListingKindName, ReminderKind, ScheduledListing } from './reminder-rules';

const NOUN: Readonly<Record<ListingKindName, string>> = { event: 'event', hackathon: 'hackathon', quiz: 'quiz' };

/** Where the reminder leads: the listing's page, or the hackathon's project form for a submission. */
export function reminderLink(listing: ScheduledListing, kind: ReminderKind, publicUrl: string): string {
  if (listing.listingKind === 'quiz') return `${publicUrl}/quiz/${encodeURIComponent(listing.listingId)}`;
  const page = `${publicUrl}/${listing.listingKind}s/${encodeURIComponent(listing.username)}`;
  return kind === 'reminder_submission' ? `${page}/project` : page;
}

function wording(kind: ReminderKind, noun: string, when: string): { subject: (title: string) => string; line: string } {
  switch (kind) {
    case 'reminder_starts_24h':
      return { subject: (t) => `Tomorrow: “${t}”`, line: `The ${noun} you registered for starts in 24 hours, at ${when}.` };
    case 'reminder_starts_1h':
      return { subject: (t) => `Starting in an hour: “${t}”`, line: `The ${noun} you registered for starts in 1 hour, at ${when}.` };
    case 'reminder_submission':
      return { subject: (t) => `24 hours left to submit your project to “${t}”`, line: `Project submissions close at ${when} and your team has not submitted yet. Only a project submitted before then is judged.` };
    case 'reminder_registration_closing':
      return { subject: (t) => `Registration for “${t}” closes in 2 days`, line: `You saved this ${noun} but have not registered. Registration closes at ${when}.` };
  }
}

/**
 * A reminder's mail (without its unsubscribe parts: switchableMail adds them). Times are named in
 * India's time zone, the platform's, since the schedule does not keep each listing's own zone.
 */
export function reminderMail(to: string, firstName: string, listing: ScheduledListing, kind: ReminderKind, targetAt: string, publicUrl: string): Mail {
  const when = formatDateTime(targetAt, { timeZone: FALLBACK_TIME_ZONE });
  const { subject, line } = wording(kind, NOUN[listing.listingKind], when);
  const link = reminderLink(listing, kind, publicUrl);
  const action = kind === 'reminder_submission' ? 'Submit your project' : kind === 'reminder_registration_closing' ? 'Register now' : `Open the ${NOUN[listing.listingKind]}`;
  return {
    to,
    subject: subject(listing.title),
    text: `Hi ${firstName},\n\n“${listing.title}”: ${line}\n\n${action}: ${link}\n\n— Circuit`,
    html: layout(subject(listing.title), `<p>Hi ${escape(firstName)},</p><p><strong>${escape(listing.title)}</strong>: ${escape(line)}</p><p><a href="${escape(link)}">${escape(action)}</a></p>`),
  };
}
