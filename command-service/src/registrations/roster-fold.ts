import type { Entry, ListingFacts, PaymentStatus, RosterDefinition, RosterEvent, RosterState } from './roster-definition';

/**
 * The roster's fold: the state every kind's roster is decided on, read from the events its
 * definition names. An event the definition does not name (a listing's, kept on the same stream
 * before a roster had its own) passes by; the kind's own state folds every event.
 */

/** The fields the fold reads from those events (the catalogue's schemas checked them when they were appended). */
interface Fields {
  userId?: string;
  orderId?: string | null;
  profile?: unknown;
  via?: Entry<unknown>['via'];
  paymentStatus?: PaymentStatus;
  holdUntil?: string | null;
  expiresAt?: string;
  [field: string]: unknown;
}

type Change<Profile, Own> = (state: RosterState<Profile, Own>, data: Fields) => RosterState<Profile, Own>;

function without<V>(record: Readonly<Record<string, V>>, key: string): Record<string, V> {
  const { [key]: _gone, ...rest } = record;
  return rest;
}

const userOf = (data: Fields) => String(data.userId);

/** Places taken: registrations (paid or not yet) and open offers. */
export const placesTaken = (state: RosterState<unknown, unknown>) => Object.keys(state.entrants).length + Object.keys(state.offers).length;

export const hasRoom = (state: RosterState<unknown, unknown>, capacity: number | null) => capacity === null || placesTaken(state) < capacity;

/** The earliest moment a payment hold or an offer runs out on this roster (null: nothing waits). */
export function nextDeadline(state: RosterState<unknown, unknown>): string | null {
  const holds = Object.values(state.payments).map((p) => (p.status === 'pending' ? p.holdUntil : null));
  const times = [...holds, ...Object.values(state.offers)].filter((t): t is string => Boolean(t));
  return times.length ? times.reduce((a, b) => (Date.parse(a) <= Date.parse(b) ? a : b)) : null;
}

export function rosterFold<Info extends ListingFacts, Profile, Event extends RosterEvent, Own>(def: RosterDefinition<Info, Profile, Event, Own>) {
  type State = RosterState<Profile, Own>;
  const pays = def.payments;
  const entrantPays = pays.by === 'entrant';
  const payerOf = (data: Fields) => String(data[entrantPays ? 'userId' : pays.key]);

  const entered: Change<Profile, Own> = (state, data) => {
    const userId = userOf(data);
    if (state.entrants[userId]) return state;
    const payment = { status: data.paymentStatus ?? 'completed', holdUntil: data.holdUntil ?? null, paidOrderId: null };
    return {
      ...state,
      entrants: { ...state.entrants, [userId]: data.via ?? 'direct' },
      payments: entrantPays ? { ...state.payments, [userId]: payment } : state.payments,
      waitlist: state.waitlist.filter((u) => u !== userId),
      waitingProfiles: without(state.waitingProfiles, userId),
      offers: without(state.offers, userId),
    };
  };
  const left: Change<Profile, Own> = (state, data) => {
    const userId = userOf(data);
    return { ...state, entrants: without(state.entrants, userId), payments: entrantPays ? without(state.payments, userId) : state.payments };
  };
  const paid: Change<Profile, Own> = (state, data) => {
    const payer = payerOf(data);
    // An entrant's payment stands with their place; a group's is the group's whatever its members.
    if (entrantPays && !state.entrants[payer]) return state;
    return { ...state, payments: { ...state.payments, [payer]: { status: 'completed', holdUntil: null, paidOrderId: data.orderId ?? null } } };
  };
  const markedFailed: Change<Profile, Own> = (state, data) => {
    const payer = payerOf(data);
    const payment = state.payments[payer];
    return payment ? { ...state, payments: { ...state.payments, [payer]: { ...payment, status: 'failed' } } } : state;
  };
  const unplaced: Change<Profile, Own> = (state, data) => ({ ...state, unplacedOrders: [...state.unplacedOrders, String(data.orderId)] });

  const changes = new Map<string, Change<Profile, Own>>([
    [def.entry.event, entered],
    [pays.events.paid, paid],
    [pays.events.failed, pays.by === 'entrant' && pays.freedOnFailure ? left : markedFailed],
    [pays.events.unplaced, unplaced],
  ]);
  if (def.unregister) changes.set(def.unregister.event, left);
  if (pays.by === 'entrant' && pays.hold) changes.set(pays.hold.expired, left);
  if (def.waitlist) {
    const e = def.waitlist.events;
    const offerEnded: Change<Profile, Own> = (state, data) => ({ ...state, offers: without(state.offers, userOf(data)), waitingProfiles: without(state.waitingProfiles, userOf(data)) });
    changes.set(e.joined, (state, data) => ({ ...state, waitlist: [...state.waitlist, userOf(data)], waitingProfiles: { ...state.waitingProfiles, [userOf(data)]: data.profile as Profile } }));
    changes.set(e.left, (state, data) => ({ ...state, waitlist: state.waitlist.filter((u) => u !== userOf(data)), waitingProfiles: without(state.waitingProfiles, userOf(data)) }));
    // The offered user leaves the line; their profile stays for the confirmation.
    changes.set(e.offered, (state, data) => ({ ...state, waitlist: state.waitlist.filter((u) => u !== userOf(data)), offers: { ...state.offers, [userOf(data)]: String(data.expiresAt) } }));
    changes.set(e.declined, offerEnded);
    changes.set(e.expired, offerEnded);
  }

  function ownPayment(state: State, event: Event): State {
    const change = def.own?.payment?.(event);
    if (!change) return state;
    if (change.change === 'dropped') return { ...state, payments: without(state.payments, change.payer) };
    return { ...state, payments: { ...state.payments, [change.payer]: { status: 'pending', holdUntil: null, paidOrderId: null } } };
  }

  return {
    initialState: (): State => ({ entrants: {}, payments: {}, waitlist: [], waitingProfiles: {}, offers: {}, unplacedOrders: [], own: (def.own ? def.own.initial() : null) as Own }),
    evolve(state: State, event: Event): State {
      const change = changes.get(event.type);
      const next = change ? change(state, event.data as Fields) : state;
      return def.own ? ownPayment({ ...next, own: def.own.evolve(next.own, event) }, event) : next;
    },
  };
}
