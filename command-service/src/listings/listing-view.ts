import type { Decider } from '@circuit/shared/commands/decider';
import type { ListingState } from './listing-kind';

type StoredEvent = { type: string; data: unknown };

/**
 * A read-only fold whose state is a view of another decider's state (what registrations, reviews or
 * payments need to know of a listing), so that a view is computed from the one lifecycle instead of
 * being folded a second time by rules of its own. Each view remembers the state it was computed from:
 * states are never changed in place, so the next event evolves that state and the view is made anew.
 * Used with loadState, which caches the view per stream like any state.
 */
export function viewFold<State, Event extends { type: string; data: unknown }, View extends object>(
  decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'>,
  view: (state: State) => View,
): Pick<Decider<View, unknown, StoredEvent>, 'initialState' | 'evolve'> & { decide: () => never[] } {
  const sources = new WeakMap<View, State>();
  const viewed = (state: State) => {
    const made = view(state);
    sources.set(made, state);
    return made;
  };
  return {
    initialState: () => viewed(decider.initialState()),
    // Only the decider's own events change its state; the stream's others pass through its evolve unchanged.
    evolve: (current, event) => viewed(decider.evolve(sources.get(current) ?? decider.initialState(), event as Event)),
    decide: () => [],
  };
}

/** What every view of a listing says of its life: whether it exists, is deleted, and where its review stands. */
export const lifeOf = (listing: ListingState<unknown>) => ({ exists: listing.exists, deleted: listing.deleted, status: listing.status });

type Pricing = { type: 'free' | 'paid'; amount: number; currency: string };

/** The price registrations charge: only a paid listing with an amount takes a payment (a donation, or a paid one at 0, is free). */
export function chargeOf(pricing: { type: string; amount: number; currency: string } | undefined, currencyWhenNone: string): Pricing {
  const paid = pricing?.type === 'paid' && pricing.amount > 0;
  return { type: paid ? 'paid' : 'free', amount: paid ? pricing.amount : 0, currency: pricing?.currency ?? currencyWhenNone };
}

export type ListingLife = ReturnType<typeof lifeOf>;

type TakeRegistrations = 'false' | 'pending' | 'true';

/** What a listing with an organiser, a username and a registration agreement says of itself (hackathons, events). */
export interface OrganisedFacts {
  createdBy: string;
  username: string;
  title: string;
  takeRegistrations: TakeRegistrations;
}

export function organisedFactsOf(listing: ListingState<{ username: string; title: string; takeRegistrations: TakeRegistrations }>): OrganisedFacts {
  const c = listing.content;
  return { createdBy: listing.createdBy, username: c?.username ?? '', title: c?.title ?? '', takeRegistrations: c?.takeRegistrations ?? 'false' };
}
