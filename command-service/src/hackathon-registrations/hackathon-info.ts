import type { HackathonContent } from '@circuit/shared/events/hackathons';
import { hackathonDecider } from '../hackathons/hackathon-decider';
import type { ListingState } from '../listings/listing-kind';
import { chargeOf, lifeOf, viewFold, type ListingLife } from '../listings/listing-view';

/**
 * What registrations and teams need to know of a hackathon, read off its listing state
 * (`hackathon-<id>`, owned by the listing feature). Pure: the deciders get it inside the command.
 */
export interface HackathonInfo extends ListingLife {
  hackathonId: string;
  takeRegistrations: 'false' | 'pending' | 'true';
  registrationDeadline: string;
  maxParticipants: number;
  minMembers: number;
  maxMembers: number;
  pricing: { type: 'free' | 'paid'; amount: number; currency: string };
}

export function hackathonInfoOf(listing: ListingState<HackathonContent>): HackathonInfo {
  const c = listing.content;
  return {
    hackathonId: listing.id,
    ...lifeOf(listing),
    takeRegistrations: c?.takeRegistrations ?? 'false',
    registrationDeadline: c?.dates.registrationDeadline ?? '',
    maxParticipants: c?.maxParticipants ?? 0,
    minMembers: Math.max(1, c?.teamSettings.minMembers ?? 1),
    maxMembers: Math.max(1, c?.teamSettings.maxMembers ?? 1),
    pricing: chargeOf(c?.pricing, 'INR'),
  };
}

/** A read-only fold of the listing's stream into HackathonInfo: used with loadState, which caches it per stream. */
export const hackathonInfoFold = viewFold(hackathonDecider, hackathonInfoOf);

/** Whether the organiser ticked the registration agreement ('pending' awaits the platform, 'true' is ticked too). */
export const takesRegistrations = (info: HackathonInfo) => info.takeRegistrations === 'pending' || info.takeRegistrations === 'true';
