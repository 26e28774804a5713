import type { EventData } from '@circuit/shared/events/catalogue';
import type { HackathonContent } from '@circuit/shared/events/hackathons';

/**
 * What registrations and teams need to know of a hackathon, folded from its own stream
 * (`hackathon-<id>`, owned by the listing feature). Pure: the deciders get it inside the command.
 */
export interface HackathonInfo {
  hackathonId: string;
  exists: boolean;
  deleted: boolean;
  status: 'pending' | 'accepted' | 'rejected';
  takeRegistrations: 'false' | 'pending' | 'true';
  registrationDeadline: string;
  maxParticipants: number;
  minMembers: number;
  maxMembers: number;
  pricing: { type: 'free' | 'paid'; amount: number; currency: string };
}

type ListingEvent =
  | { type: 'HackathonCreated'; data: EventData<'HackathonCreated'> }
  | { type: 'HackathonUpdated'; data: EventData<'HackathonUpdated'> }
  | { type: 'HackathonDeleted'; data: EventData<'HackathonDeleted'> }
  | { type: 'HackathonApproved'; data: EventData<'HackathonApproved'> }
  | { type: 'HackathonRejected'; data: EventData<'HackathonRejected'> }
  | { type: string; data: unknown };

const initial = (): HackathonInfo => ({
  hackathonId: '',
  exists: false,
  deleted: false,
  status: 'pending',
  takeRegistrations: 'false',
  registrationDeadline: '',
  maxParticipants: 0,
  minMembers: 1,
  maxMembers: 1,
  pricing: { type: 'free', amount: 0, currency: 'INR' },
});

function withContent(state: HackathonInfo, hackathonId: string, content: HackathonContent): HackathonInfo {
  const paid = content.pricing.type === 'paid' && content.pricing.amount > 0;
  return {
    ...state,
    hackathonId,
    exists: true,
    takeRegistrations: content.takeRegistrations,
    registrationDeadline: content.dates.registrationDeadline,
    maxParticipants: content.maxParticipants,
    minMembers: Math.max(1, content.teamSettings.minMembers),
    maxMembers: Math.max(1, content.teamSettings.maxMembers),
    pricing: { type: paid ? 'paid' : 'free', amount: paid ? content.pricing.amount : 0, currency: content.pricing.currency },
  };
}

function evolve(state: HackathonInfo, event: ListingEvent): HackathonInfo {
  switch (event.type) {
    case 'HackathonCreated': {
      const d = event.data as EventData<'HackathonCreated'>;
      return withContent({ ...state, status: 'pending' }, d.hackathonId, d.content);
    }
    case 'HackathonUpdated': {
      const d = event.data as EventData<'HackathonUpdated'>;
      return withContent(state, d.hackathonId, d.content);
    }
    case 'HackathonDeleted':
      return { ...state, deleted: true };
    case 'HackathonApproved':
      return { ...state, status: 'accepted' };
    case 'HackathonRejected':
      return { ...state, status: 'rejected' };
    default:
      return state;
  }
}

/** A read-only fold (decide is never called): used with loadState, which caches it per stream. */
export const hackathonInfoFold = {
  initialState: initial,
  evolve,
  decide: (): never[] => [],
};

/** Whether the organiser ticked the registration agreement ('pending' awaits the platform, 'true' is ticked too). */
export const takesRegistrations = (info: HackathonInfo) => info.takeRegistrations === 'pending' || info.takeRegistrations === 'true';
