import type { Knex } from 'knex';
import type { CheckInKind } from '@circuit/shared/events/check-in';
import { EventRegistrationEventSchemas as E } from '@circuit/shared/events/event-registrations';
import { HackathonRegistrationEventSchemas as H, hackathonRosterStream } from '@circuit/shared/events/hackathon-registrations';
import type { EventContent } from '@circuit/shared/events/event-listings';
import type { HackathonContent } from '@circuit/shared/events/hackathons';
import type { Logger } from '@circuit/shared/logger';
import type { EventStore, RecordedEvent } from '@circuit/shared/ports/event-store';
import type { Mail, Mailer } from '@circuit/shared/ports/mailer';
import { FALLBACK_TIME_ZONE, formatDateTime } from '@circuit/shared/time/format';
import { ticketIdOf } from '@circuit/shared/tickets/ticket-id';
import type { TicketKeys } from '@circuit/shared/tickets/ticket-keys';
import type { QRCodeToBufferOptions } from 'qrcode';
import { loadState } from '@circuit/shared/commands/decider';
import { accountOf } from '../accounts/actors';
import { escape, layout } from '../mail/account-mail';
import { ProcessManager, type ReactionEffects } from '../process-managers/process-manager';
import { rosterDecider as hackathonRosterDecider } from '../hackathon-registrations/roster-decider';
import { isLive } from '../listings/listing-decider';
import { loadHostedListing } from './listing-hosts';

/** A place confirmed: the attendee is mailed their ticket. */
export interface Confirmed {
  kind: Exclude<CheckInKind, 'quiz'>;
  listingId: string;
  /** One attendee, or every member of a team whose registration completed. */
  userId?: string;
  teamId?: string;
}

/**
 * Which stored events confirm a place: an event registration that is free (or paid at once), an
 * event fee paid, a hackathon team's registration complete (each member). Quizzes are held online:
 * they have no ticket.
 */
export function confirmations(event: RecordedEvent): Confirmed[] {
  switch (event.type) {
    case 'EventAttendeeRegistered': {
      const d = E.EventAttendeeRegistered.parse(event.data);
      return d.paymentStatus === 'completed' ? [{ kind: 'event', listingId: d.eventId, userId: d.userId }] : [];
    }
    case 'EventRegistrationPaid': {
      const d = E.EventRegistrationPaid.parse(event.data);
      return [{ kind: 'event', listingId: d.eventId, userId: d.userId }];
    }
    case 'TeamRegistrationCompleted': {
      const d = H.TeamRegistrationCompleted.parse(event.data);
      return [{ kind: 'hackathon', listingId: d.hackathonId, teamId: d.teamId }];
    }
    default:
      return [];
  }
}

interface TicketListing {
  title: string;
  link: string;
  startsAt: string;
  timeZone: string;
  venue: string | null;
}

/**
 * A grey PNG (pngjs's colorType, which qrcode passes on; its types list only deflate's options) instead of
 * the default RGBA: a quarter of the bytes to filter and compress, about half the CPU (a first start's seed
 * sends a hundred tickets) and a smaller mail.
 */
const QR_OPTIONS: QRCodeToBufferOptions & { rendererOpts: { colorType: number } } = { errorCorrectionLevel: 'M', margin: 2, width: 320, rendererOpts: { colorType: 0 } };

/** The confirmation mail: the ticket's QR code in the mail itself (an image it carries), and where to find it again. */
export async function ticketMail(to: string, firstName: string, listing: TicketListing, token: string, ticketId: string, publicUrl: string): Promise<Mail> {
  // qrcode loads with the first ticket, not with the process (as the certificates' drawing does).
  const png = await (await import('qrcode')).default.toBuffer(token, QR_OPTIONS);
  const when = formatDateTime(listing.startsAt, { timeZone: listing.timeZone });
  const where = listing.venue ? ` at ${listing.venue}` : '';
  const dashboard = `${publicUrl}/user-dashboard`;
  const said = `Your place at “${listing.title}” is confirmed. It starts ${when}${where}. Show this QR code at the door; it is also on your dashboard.`;
  return {
    to,
    subject: `Your ticket for “${listing.title}”`,
    text: `Hi ${firstName},\n\n${said}\n\nTicket ${ticketId}\nYour tickets: ${dashboard}\n${listing.link}\n\n— Circuit`,
    html: layout(
      'Your ticket',
      `<p>Hi ${escape(firstName)},</p><p>${escape(said)}</p>` +
        `<p style="text-align:center"><img src="cid:ticket-${ticketId}" width="240" height="240" alt="Ticket QR code for ${escape(listing.title)}"><br><small>Ticket ${escape(ticketId)}</small></p>` +
        `<p><a href="${escape(dashboard)}">Your tickets on Circuit</a> · <a href="${escape(listing.link)}">${escape(listing.title)}</a></p>`,
    ),
    attachments: [{ filename: `ticket-${ticketId}.png`, contentType: 'image/png', content: png.toString('base64'), cid: `ticket-${ticketId}` }],
  };
}

type Deps = { knex: Knex; store: EventStore; mailer: Mailer; keys: TicketKeys; publicUrl: string; log: Logger };

function listingFacts(kind: Confirmed['kind'], content: EventContent | HackathonContent, publicUrl: string): TicketListing & { hasDoor: boolean } {
  const { location } = content;
  const online = location.type === 'online';
  return {
    title: content.title,
    link: `${publicUrl}/${kind === 'event' ? 'events' : 'hackathons'}/${encodeURIComponent(content.username)}`,
    startsAt: content.dates.startDate,
    timeZone: ('timeZone' in content && content.timeZone) || FALLBACK_TIME_ZONE,
    venue: online ? null : [location.address, location.city, location.state, location.country].filter((p) => p?.trim()).join(', ') || null,
    // Every event has a ticket; a hackathon only when held at a venue.
    hasDoor: kind === 'event' || !online,
  };
}

function ticketEffects(deps: Deps): ReactionEffects<Confirmed> {
  return {
    async carryOut(confirmed) {
      const listing = await loadHostedListing(deps.store, confirmed.kind, confirmed.listingId);
      if (!isLive(listing)) return;
      const facts = listingFacts(confirmed.kind, listing.content as EventContent | HackathonContent, deps.publicUrl);
      if (!facts.hasDoor) return;
      let attendees = confirmed.userId ? [confirmed.userId] : [];
      if (confirmed.teamId) {
        const roster = (await loadState(deps.store, hackathonRosterStream(confirmed.listingId), hackathonRosterDecider)).state;
        attendees = [...(roster.own.teams[confirmed.teamId]?.members ?? [])];
      }
      for (const userId of attendees) {
        const account = await accountOf(deps.store, userId);
        if (!account) continue;
        const name = (`${account.profile.firstName} ${account.profile.lastName}`.trim() || account.profile.username).slice(0, 120);
        const ticketId = ticketIdOf(confirmed.kind, confirmed.listingId, userId);
        const token = deps.keys.sign({ t: ticketId, k: confirmed.kind, l: confirmed.listingId, u: userId, n: name });
        await deps.mailer.send(await ticketMail(account.profile.email, account.profile.firstName || name, facts, token, ticketId, deps.publicUrl));
      }
    },
  };
}

/**
 * The confirmation mail of a registration, carrying its ticket (docs/day-of.md). Starts from the
 * head on its first run and moves its checkpoint after each, so a restart resends at most one mail.
 */
export class TicketMailer extends ProcessManager<Confirmed> {
  constructor(deps: Deps) {
    super({ name: 'ticket_mailer', label: 'ticket mailer', deps, reactionsTo: confirmations, effects: ticketEffects(deps) });
  }
}
