import { conflict } from '@circuit/shared/commands/domain-errors';
import { hasRoom } from './roster-fold';
import type { ListingFacts, RosterDefinition, RosterEvent, Waitlist } from './roster-definition';
import type { Outcome } from './roster-outcome';

/**
 * The waitlist's rules, for the kinds that have one: a freed place is offered to the first in line
 * in the same append that frees it, an offer holds the place for a while, and an offer or a
 * payment hold past its time is given up on the next Tick (the timer's; the time comes in with
 * the command). The line has no gaps and a newcomer never jumps it (roster-decider.ts, Register).
 */

type Out<Profile, Own, Event extends RosterEvent> = Outcome<Profile, Own, Event>;

export function waitlistOf<Info extends ListingFacts, Profile, Event extends RosterEvent, Own>(def: RosterDefinition<Info, Profile, Event, Own>): Waitlist<Info, Profile, Event> {
  // A command of the waitlist's on a kind without one is a caller's mistake, not a user's.
  if (!def.waitlist) throw new Error(`The ${def.listing.key} roster has no waitlist`);
  return def.waitlist;
}

/** Offers every free place to the line, first first, until the listing stops offering (an event's start). */
export function offerFreePlaces<Info extends ListingFacts, Profile, Event extends RosterEvent, Own>(def: RosterDefinition<Info, Profile, Event, Own>, out: Out<Profile, Own, Event>, info: Info, now: Date): void {
  const waitlist = def.waitlist;
  if (!waitlist || now.getTime() >= Date.parse(waitlist.offersUntil(info))) return;
  const expiresAt = new Date(now.getTime() + waitlist.offerHoldMs).toISOString();
  while (out.state.waitlist.length > 0 && hasRoom(out.state, def.capacity(info))) {
    out.write(waitlist.events.offered, { userId: out.state.waitlist[0]!, expiresAt });
  }
}

export function joinLine<Profile, Own, Event extends RosterEvent>(waitlist: Waitlist<unknown, Profile, Event>, out: Out<Profile, Own, Event>, userId: string, profile: Profile): Event[] {
  return out.write(waitlist.events.joined, { userId, profile }).events;
}

export function leaveLine<Profile, Own, Event extends RosterEvent>(waitlist: Waitlist<unknown, Profile, Event>, out: Out<Profile, Own, Event>, userId: string): Event[] {
  if (!out.state.waitlist.includes(userId)) throw conflict(waitlist.messages.notWaitlisted);
  return out.write(waitlist.events.left, { userId }).events;
}

/** The place on offer, while the offer lasts (one past its time is gone even before the timer records it). */
export function openOffer(waitlist: Waitlist<unknown, unknown, RosterEvent>, offers: Readonly<Record<string, string>>, userId: string, now: Date): string {
  const expiresAt = offers[userId];
  if (!expiresAt || now.getTime() >= Date.parse(expiresAt)) throw conflict(waitlist.messages.noOffer);
  return expiresAt;
}

export function declineOffer<Info extends ListingFacts, Profile, Event extends RosterEvent, Own>(def: RosterDefinition<Info, Profile, Event, Own>, out: Out<Profile, Own, Event>, userId: string, info: Info, now: Date): Event[] {
  const waitlist = waitlistOf(def);
  if (!out.state.offers[userId]) throw conflict(waitlist.messages.noOffer);
  out.write(waitlist.events.declined, { userId });
  offerFreePlaces(def, out, info, now);
  return out.events;
}

/** The timer's turn: unpaid holds and offers past their time are given up, and every free place is offered to the line. */
export function expireOverdue<Info extends ListingFacts, Profile, Event extends RosterEvent, Own>(def: RosterDefinition<Info, Profile, Event, Own>, out: Out<Profile, Own, Event>, info: Info, now: Date): Event[] {
  const { payments, offers } = out.state;
  const hold = def.payments.by === 'entrant' ? def.payments.hold : undefined;
  if (hold) {
    for (const [userId, payment] of Object.entries(payments)) {
      if (payment.status === 'pending' && payment.holdUntil && Date.parse(payment.holdUntil) <= now.getTime()) out.write(hold.expired, { userId });
    }
  }
  if (def.waitlist) {
    for (const [userId, expiresAt] of Object.entries(offers)) if (Date.parse(expiresAt) <= now.getTime()) out.write(def.waitlist.events.expired, { userId });
  }
  if (info.exists && !info.deleted) offerFreePlaces(def, out, info, now);
  return out.events;
}
