import type { Decider } from '@circuit/shared/commands/decider';
import type { EventData } from '@circuit/shared/events/catalogue';
import type { HackathonContent } from '@circuit/shared/events/hackathons';
import { conflict, forbidden, notFound } from '@circuit/shared/commands/domain-errors';
import { HackathonMessages } from '@circuit/shared/validation/hackathons';

/**
 * A hackathon listing on `hackathon-<id>`: created pending, edited by its creator or an admin,
 * approved or rejected by a moderator or admin, deleted. The content arrives validated and
 * sanitised (hackathon-service.ts); this decides who may do what, and when.
 */
export interface HackathonState {
  exists: boolean;
  deleted: boolean;
  createdBy: string;
  status: 'pending' | 'accepted' | 'rejected';
  username: string;
  isFeatured: boolean;
}

export type HackathonEvent =
  | { type: 'HackathonCreated'; data: EventData<'HackathonCreated'> }
  | { type: 'HackathonUpdated'; data: EventData<'HackathonUpdated'> }
  | { type: 'HackathonDeleted'; data: EventData<'HackathonDeleted'> }
  | { type: 'HackathonApproved'; data: EventData<'HackathonApproved'> }
  | { type: 'HackathonRejected'; data: EventData<'HackathonRejected'> }
  | { type: 'HackathonFeatureChanged'; data: EventData<'HackathonFeatureChanged'> };

export type ActorRole = 'user' | 'moderator' | 'admin';
interface Actor {
  userId: string;
  role: ActorRole;
}

export type HackathonCommand =
  | { type: 'CreateHackathon'; hackathonId: string; actor: Actor; content: HackathonContent; now: Date }
  | { type: 'UpdateHackathon'; hackathonId: string; actor: Actor; content: HackathonContent; now: Date }
  | { type: 'DeleteHackathon'; hackathonId: string; actor: Actor; now: Date }
  | { type: 'ApproveHackathon'; hackathonId: string; actor: Actor; now: Date }
  | { type: 'RejectHackathon'; hackathonId: string; actor: Actor; reason: string; now: Date }
  | { type: 'FeatureHackathon'; hackathonId: string; actor: Actor; isFeatured: boolean; now: Date };

export const ModerationMessages = {
  notStaff: 'Only moderators and admins can review hackathons',
  notAdmin: 'Only admins can feature hackathons',
  notAllowedDelete: 'You are not authorized to delete this hackathon',
  /** A rejection stands: approving it would publish what the organiser was told to change. */
  approveRejected: 'This hackathon was rejected; it cannot be approved',
} as const;

const isStaff = (actor: Actor) => actor.role === 'moderator' || actor.role === 'admin';

function live(state: HackathonState): void {
  if (!state.exists || state.deleted) throw notFound(HackathonMessages.notFound);
}

export const hackathonDecider: Decider<HackathonState, HackathonCommand, HackathonEvent> = {
  initialState: () => ({ exists: false, deleted: false, createdBy: '', status: 'pending', username: '', isFeatured: false }),
  evolve(state, event) {
    switch (event.type) {
      case 'HackathonCreated':
        return { ...state, exists: true, createdBy: event.data.createdBy, username: event.data.content.username, status: 'pending' };
      case 'HackathonUpdated':
        // An edit of a rejected listing resubmits it: it waits for review again.
        return state.status === 'rejected' ? { ...state, status: 'pending' } : state;
      case 'HackathonDeleted':
        return { ...state, deleted: true };
      case 'HackathonApproved':
        return { ...state, status: 'accepted' };
      case 'HackathonRejected':
        return { ...state, status: 'rejected' };
      case 'HackathonFeatureChanged':
        return { ...state, isFeatured: event.data.isFeatured };
    }
  },
  decide(command, state) {
    const at = command.now.toISOString();
    const by = { at, byUserId: command.actor.userId };
    switch (command.type) {
      case 'CreateHackathon':
        if (state.exists) throw conflict('This hackathon exists already');
        return [{ type: 'HackathonCreated', data: { hackathonId: command.hackathonId, createdBy: command.actor.userId, content: command.content, at } }];
      case 'UpdateHackathon':
        live(state);
        if (state.createdBy !== command.actor.userId && command.actor.role !== 'admin') throw forbidden(HackathonMessages.notAuthorizedEdit);
        // The username is locked once created, whatever the form sends.
        return [{ type: 'HackathonUpdated', data: { hackathonId: command.hackathonId, content: { ...command.content, username: state.username }, ...by } }];
      case 'DeleteHackathon':
        live(state);
        if (state.createdBy !== command.actor.userId && command.actor.role !== 'admin') throw forbidden(ModerationMessages.notAllowedDelete);
        return [{ type: 'HackathonDeleted', data: { hackathonId: command.hackathonId, ...by } }];
      case 'ApproveHackathon':
        live(state);
        if (!isStaff(command.actor)) throw forbidden(ModerationMessages.notStaff);
        if (state.status === 'accepted') return [];
        if (state.status === 'rejected') throw conflict(ModerationMessages.approveRejected);
        return [{ type: 'HackathonApproved', data: { hackathonId: command.hackathonId, ...by } }];
      case 'RejectHackathon':
        live(state);
        if (!isStaff(command.actor)) throw forbidden(ModerationMessages.notStaff);
        return [{ type: 'HackathonRejected', data: { hackathonId: command.hackathonId, reason: command.reason, ...by } }];
      case 'FeatureHackathon':
        live(state);
        if (command.actor.role !== 'admin') throw forbidden(ModerationMessages.notAdmin);
        if (state.isFeatured === command.isFeatured) return [];
        return [{ type: 'HackathonFeatureChanged', data: { hackathonId: command.hackathonId, isFeatured: command.isFeatured, ...by } }];
    }
  },
};

/** The slug reservation `hackathon-slug-<slug>`: held by one hackathon at a time. */
export interface SlugState {
  holder: string | null;
}
export type SlugEvent = { type: 'HackathonSlugReserved'; data: EventData<'HackathonSlugReserved'> } | { type: 'HackathonSlugReleased'; data: EventData<'HackathonSlugReleased'> };
export type SlugCommand = { type: 'ReserveSlug' | 'ReleaseSlug'; slug: string; hackathonId: string; now: Date };

export const slugDecider: Decider<SlugState, SlugCommand, SlugEvent> = {
  initialState: () => ({ holder: null }),
  evolve(state, event) {
    if (event.type === 'HackathonSlugReserved') return { holder: event.data.hackathonId };
    return state.holder === event.data.hackathonId ? { holder: null } : state;
  },
  decide(command, state) {
    const data = { slug: command.slug, hackathonId: command.hackathonId, at: command.now.toISOString() };
    if (command.type === 'ReserveSlug') {
      if (state.holder === command.hackathonId) return [];
      if (state.holder) throw conflict(HackathonMessages.usernameTaken);
      return [{ type: 'HackathonSlugReserved', data }];
    }
    return state.holder === command.hackathonId ? [{ type: 'HackathonSlugReleased', data }] : [];
  },
};

/** A user's save of a hackathon, `hackathon-save-<id>-<user>`. */
export type SaveEvent = { type: 'HackathonSaved'; data: EventData<'HackathonSaved'> } | { type: 'HackathonUnsaved'; data: EventData<'HackathonUnsaved'> };
export type SaveCommand = { type: 'Save' | 'Unsave'; hackathonId: string; userId: string; available: boolean; now: Date };

export const saveDecider: Decider<{ saved: boolean }, SaveCommand, SaveEvent> = {
  initialState: () => ({ saved: false }),
  evolve: (_state, event) => ({ saved: event.type === 'HackathonSaved' }),
  decide(command, state) {
    const data = { hackathonId: command.hackathonId, userId: command.userId, at: command.now.toISOString() };
    if (command.type === 'Save') {
      if (!command.available) throw notFound(HackathonMessages.notFound);
      return state.saved ? [] : [{ type: 'HackathonSaved', data }];
    }
    return state.saved ? [{ type: 'HackathonUnsaved', data }] : [];
  },
};
