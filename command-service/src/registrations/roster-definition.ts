/**
 * What one kind of listing tells the roster core (roster-decider.ts) about its registrations: the
 * event types it records them with, the options it has, its refusals. The rules themselves are
 * the core's, the same for every kind: a place per user, never more places than the capacity,
 * payments due then completed or failed, a payment that bought nothing refunded once, and (where
 * the kind has them) unregistering and a waitlist with offers that expire.
 *
 * The events a kind names carry the listing under `listing.key`, the user (or the paying group)
 * and `at`, and the fields below; the core writes and folds them by name. An entry's event of a
 * kind whose entrants pay carries `paymentStatus` (and `holdUntil` with a hold), which the fold
 * reads back.
 */
export interface RosterDefinition<Info extends ListingFacts, Profile, Event extends RosterEvent, Own = null> {
  listing: {
    /** The field naming the listing in the kind's events ('eventId', 'quizId', 'hackathonId'). */
    key: string;
    idOf(info: Info): string;
  };
  /** Refusals in the kind's words. */
  messages: { notFound: string; alreadyRegistered: string; full: string; notRegistered: string };
  entry: {
    /** The event that records a place taken. */
    event: Event['type'];
    /** The fields it carries besides the listing, the user and the time. */
    data(entry: Entry<Profile>, info: Info): object;
  };
  /** Whether the listing takes registrations now (it is known to exist); throws the kind's refusal. */
  admits(info: Info, now: Date): void;
  /** Checked after "already registered" (a quiz answers that before its closed window). */
  admitsNewcomer?(info: Info, now: Date): void;
  /** Places at most; null: unlimited. */
  capacity(info: Info): number | null;
  payments: EntrantPayments<Profile, Event> | GroupPayments<Event>;
  /** Registrants may cancel; `leaving` decides what goes with them first (a team member's place in the team), or refuses. */
  unregister?: { event: Event['type']; leaving?(state: RosterState<Profile, Own>, userId: string, info: Info, now: Date): Event[] };
  waitlist?: Waitlist<Info, Profile, Event>;
  /** What the kind keeps beside the roster and decides with rules of its own (a hackathon's teams). */
  own?: OwnState<Own, Event>;
}

/** An event of the kind's roster stream (the catalogue's schemas check each one appended). */
export type RosterEvent = { type: string; data: unknown };

/** What every kind's info says of its listing (HackathonInfo, EventInfo and QuizInfo all do). */
export interface ListingFacts {
  exists: boolean;
  deleted: boolean;
  pricing: { type: 'free' | 'paid'; amount: number; currency: string };
}

export interface PaymentEvents<Event extends RosterEvent> {
  paid: Event['type'];
  failed: Event['type'];
  /** A payment that bought nothing: it is refunded (by the payment dispatcher). */
  unplaced: Event['type'];
}

/** What the payment dispatcher says when it gives back a payment that bought nothing (payments/payment-dispatcher.ts). */
export interface RefundTexts {
  /** Why the gateway is asked to refund it (kept with the refund). */
  reason: string;
  /** Completes "Your payment of ₹250.00 for “X” …" in the payer's mail; absent: the payer is not mailed. */
  tellPayer?: string;
}

/** Each registrant pays for their own place when they register (events, quizzes). */
export interface EntrantPayments<Profile, Event extends RosterEvent> {
  by: 'entrant';
  events: PaymentEvents<Event>;
  refund: RefundTexts;
  /** How long an unpaid place is held, and the event that gives it up; absent: held until paid or failed. */
  hold?: { ms: number; expired: Event['type'] };
  /**
   * Present: a failed payment frees the place, and a payment that arrives after it (a retry after a
   * declined card) takes a free place back when nobody waits for one, recorded with `rejoinProfile`.
   * Absent: the place is kept, its payment marked failed and payable again.
   */
  freedOnFailure?: { rejoinProfile: Profile };
  /** Once the listing is deleted its payments end: one that completes is refunded, one that fails changes nothing. */
  paymentsEndWithListing?: boolean;
}

/** A group the kind's own rules form pays for its members (a hackathon team); its payment falls due by the kind's own events. */
export interface GroupPayments<Event extends RosterEvent> {
  by: 'group';
  /** The field naming the group in the payment events ('teamId'). */
  key: string;
  events: PaymentEvents<Event>;
  refund: RefundTexts;
  /** Fields the paid event carries besides the order (a team's `via: 'payment'`). */
  paidData?: object;
}

export interface Waitlist<Info, Profile, Event extends RosterEvent> {
  /** How long an offered place waits for its user. */
  offerHoldMs: number;
  /** Places are offered until then (ISO; an event's start). */
  offersUntil(info: Info): string;
  /** The profile an offer is confirmed with when the line kept none. */
  blankProfile: Profile;
  events: { joined: Event['type']; left: Event['type']; offered: Event['type']; declined: Event['type']; expired: Event['type'] };
  messages: { alreadyWaitlisted: string; notWaitlisted: string; noOffer: string };
}

export interface OwnState<Own, Event extends RosterEvent> {
  initial(): Own;
  evolve(own: Own, event: Event): Own;
  /** A payment the kind's own event makes due (a team submitted with a fee) or drops (a team deleted); null for the others. */
  payment?(event: Event): { payer: string; change: 'due' | 'dropped' } | null;
}

/** A place being taken, as the kind's entry event records it. */
export interface Entry<Profile> {
  userId: string;
  profile: Profile;
  via: 'direct' | 'waitlist';
  /** Null where a group pays (the kind's own rules say when). */
  payment: Payment | null;
}

export type PaymentStatus = 'pending' | 'completed' | 'failed';

export interface Payment {
  status: PaymentStatus;
  /** While pending: when the place is given up unpaid (null: it waits until paid or failed). */
  holdUntil: string | null;
  /** The order that paid (null: free, not paid yet, or back in after a late payment). */
  paidOrderId: string | null;
}

export interface RosterState<Profile, Own> {
  /** Who holds a place, and how they came to it. */
  entrants: Readonly<Record<string, Entry<Profile>['via']>>;
  /** Payments due or made, by payer: the registrant, or the group that pays for its members. */
  payments: Readonly<Record<string, Payment>>;
  /** The line, first first. */
  waitlist: readonly string[];
  /** The profile each user in line, or with a place on offer, gave when they joined the line. */
  waitingProfiles: Readonly<Record<string, Profile>>;
  /** Open offers: user -> when the offer ends. */
  offers: Readonly<Record<string, string>>;
  /** Orders whose payment bought nothing (each refunded once). */
  unplacedOrders: readonly string[];
  own: Own;
}
