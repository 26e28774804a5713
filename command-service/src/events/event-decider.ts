import type { Decider } from '@circuit/shared/commands/decider';
import type { DomainEvent } from '@circuit/shared/events/catalogue';
import type { EventContent } from '@circuit/shared/events/event-listings';
import { conflict, forbidden, notFound } from '@circuit/shared/commands/domain-errors';
import { EventMessages as M } from '@circuit/shared/validation/events';

/**
 * An event listing on `event-<id>`: created pending, edited by its creator or an admin, approved
 * or rejected (with a reason) by a moderator or admin, deleted. The content arrives validated and
 * sanitised (event-service.ts). The state is also what registrations need to know of the event
 * (EventInfo): the roster decider gets it inside its commands and stays pure.
 */
export interface EventInfo {
  eventId: string;
  exists: boolean;
  deleted: boolean;
  createdBy: string;
  status: 'pending' | 'accepted' | 'rejected';
  username: string;
  title: string;
  takeRegistrations: 'false' | 'pending' | 'true';
  registrationDeadline: string;
  startDate: string;
  endDate: string;
  /** 0: unlimited. */
  maxAttendees: number;
  pricing: { type: 'free' | 'paid'; amount: number; currency: string };
  /** The organiser's zone, for the times in the event's mails; events stored before it was sent have none. */
  timeZone?: string;
}

export type EventListingEvent = DomainEvent<'EventCreated' | 'EventUpdated' | 'EventDeleted' | 'EventApproved' | 'EventRejected'>;

export type ActorRole = 'user' | 'moderator' | 'admin';
export interface Actor {
  userId: string;
  role: ActorRole;
}

export type EventCommand =
  | { type: 'CreateEvent'; eventId: string; actor: Actor; content: EventContent; now: Date }
  | { type: 'UpdateEvent'; eventId: string; actor: Actor; content: EventContent; now: Date }
  | { type: 'DeleteEvent'; eventId: string; actor: Actor; now: Date }
  | { type: 'ApproveEvent'; eventId: string; actor: Actor; now: Date }
  | { type: 'RejectEvent'; eventId: string; actor: Actor; reason: string; now: Date };

export const initialEventInfo = (): EventInfo => ({
  eventId: '',
  exists: false,
  deleted: false,
  createdBy: '',
  status: 'pending',
  username: '',
  title: '',
  takeRegistrations: 'false',
  registrationDeadline: '',
  startDate: '',
  endDate: '',
  maxAttendees: 0,
  pricing: { type: 'free', amount: 0, currency: 'USD' },
});

function withContent(state: EventInfo, eventId: string, c: EventContent): EventInfo {
  // A donation is never charged at registration: only a paid event with an amount takes a payment.
  const paid = c.pricing.type === 'paid' && c.pricing.amount > 0;
  return {
    ...state,
    eventId,
    exists: true,
    title: c.title,
    takeRegistrations: c.takeRegistrations,
    registrationDeadline: c.dates.registrationDeadline,
    startDate: c.dates.startDate,
    endDate: c.dates.endDate,
    maxAttendees: c.maxAttendees,
    pricing: { type: paid ? 'paid' : 'free', amount: paid ? c.pricing.amount : 0, currency: c.pricing.currency },
    timeZone: c.timeZone,
  };
}

export function evolveEvent(state: EventInfo, event: EventListingEvent): EventInfo {
  switch (event.type) {
    case 'EventCreated':
      return { ...withContent(state, event.data.eventId, event.data.content), createdBy: event.data.createdBy, username: event.data.content.username, status: 'pending' };
    case 'EventUpdated': {
      // An edit of a rejected listing resubmits it: it waits for review again (as hackathons do).
      const edited = withContent(state, event.data.eventId, event.data.content);
      return state.status === 'rejected' ? { ...edited, status: 'pending' } : edited;
    }
    case 'EventDeleted':
      return { ...state, deleted: true };
    case 'EventApproved':
      return { ...state, status: 'accepted' };
    case 'EventRejected':
      return { ...state, status: 'rejected' };
  }
}

const isStaff = (actor: Actor) => actor.role === 'moderator' || actor.role === 'admin';
const mayEdit = (state: EventInfo, actor: Actor) => state.createdBy === actor.userId || actor.role === 'admin';

function live(state: EventInfo): void {
  if (!state.exists || state.deleted) throw notFound(M.notFound);
}

export function decideEvent(command: EventCommand, state: EventInfo): EventListingEvent[] {
  const at = command.now.toISOString();
  const by = { at, byUserId: command.actor.userId };
  const eventId = command.eventId;
  switch (command.type) {
    case 'CreateEvent':
      if (state.exists) throw conflict('This event exists already');
      return [{ type: 'EventCreated', data: { eventId, createdBy: command.actor.userId, content: command.content, at } }];
    case 'UpdateEvent':
      live(state);
      if (!mayEdit(state, command.actor)) throw forbidden(M.notAuthorizedEdit);
      // The username is locked once created, whatever the form sends.
      return [{ type: 'EventUpdated', data: { eventId, content: { ...command.content, username: state.username }, ...by } }];
    case 'DeleteEvent':
      live(state);
      if (!mayEdit(state, command.actor)) throw forbidden(M.notAuthorizedDelete);
      return [{ type: 'EventDeleted', data: { eventId, ...by } }];
    case 'ApproveEvent':
      live(state);
      if (!isStaff(command.actor)) throw forbidden(M.notStaff);
      if (state.status === 'accepted') return [];
      if (state.status === 'rejected') throw conflict(M.approveRejected);
      return [{ type: 'EventApproved', data: { eventId, ...by } }];
    case 'RejectEvent':
      live(state);
      if (!isStaff(command.actor)) throw forbidden(M.notStaff);
      return [{ type: 'EventRejected', data: { eventId, reason: command.reason, ...by } }];
  }
}

export const eventDecider: Decider<EventInfo, EventCommand, EventListingEvent> = { initialState: initialEventInfo, evolve: evolveEvent, decide: decideEvent };

/** Ticked agreement ('pending' awaits the platform, 'true' is ticked too). */
export const takesRegistrations = (info: EventInfo) => info.takeRegistrations === 'pending' || info.takeRegistrations === 'true';

/** The slug reservation `event-slug-<slug>`: held by one event at a time. */
export type EventSlugEvent = DomainEvent<'EventSlugReserved' | 'EventSlugReleased'>;
export type EventSlugCommand = { type: 'ReserveSlug' | 'ReleaseSlug'; slug: string; eventId: string; now: Date };

export const eventSlugDecider: Decider<{ holder: string | null }, EventSlugCommand, EventSlugEvent> = {
  initialState: () => ({ holder: null }),
  evolve(state, event) {
    if (event.type === 'EventSlugReserved') return { holder: event.data.eventId };
    return state.holder === event.data.eventId ? { holder: null } : state;
  },
  decide(command, state) {
    const data = { slug: command.slug.toLowerCase(), eventId: command.eventId, at: command.now.toISOString() };
    if (command.type === 'ReserveSlug') {
      if (state.holder === command.eventId) return [];
      if (state.holder) throw conflict(M.usernameTaken);
      return [{ type: 'EventSlugReserved', data }];
    }
    return state.holder === command.eventId ? [{ type: 'EventSlugReleased', data }] : [];
  },
};

/** A user's save of an event, `event-save-<id>-<user>`. */
export type EventSaveEvent = DomainEvent<'EventSaved' | 'EventUnsaved'>;
export type EventSaveCommand = { type: 'Save' | 'Unsave'; eventId: string; userId: string; available: boolean; now: Date };

export const eventSaveDecider: Decider<{ saved: boolean }, EventSaveCommand, EventSaveEvent> = {
  initialState: () => ({ saved: false }),
  evolve: (_state, event) => ({ saved: event.type === 'EventSaved' }),
  decide(command, state) {
    const data = { eventId: command.eventId, userId: command.userId, at: command.now.toISOString() };
    if (command.type === 'Save') {
      if (!command.available) throw notFound(M.notFound);
      return state.saved ? [] : [{ type: 'EventSaved', data }];
    }
    return state.saved ? [{ type: 'EventUnsaved', data }] : [];
  },
};
