import type { Decider } from '@circuit/shared/commands/decider';
import { conflict, forbidden, notFound } from '@circuit/shared/commands/domain-errors';
import { idFieldOf, type Actor, type IdFieldOf, type ListingCommand, type ListingEvent, type ListingKind, type ListingState, type LiveListing, type SaveEvent, type SlugEvent } from './listing-kind';

/**
 * One lifecycle for every kind of listing, on `<kind>-<id>` (docs/architecture.md#listings): created
 * pending, edited by its creator or an admin (an edit of a rejected listing sends it back to review),
 * approved or rejected with a reason by a moderator or admin (a rejection stands until the next edit),
 * featured by an admin, deleted by its creator or an admin. The content arrives checked and sanitised
 * by the kind's service; this decides who may do what, and when.
 */
type Verb = 'Create' | 'Update' | 'Delete' | 'Approve' | 'Reject' | 'Feature';
type Happening = 'Created' | 'Updated' | 'Deleted' | 'Approved' | 'Rejected' | 'FeatureChanged';

/** The fields of the lifecycle events' data that the fold reads (the catalogue checks the rest on append). */
interface LifecycleData<Content> {
  createdBy?: string;
  content?: Content;
  isFeatured?: boolean;
}

export const isStaff = (actor: Actor) => actor.role === 'moderator' || actor.role === 'admin';
/** Who may delete a listing: its creator or an admin. */
export const mayDelete = (state: { createdBy: string }, actor: Actor) => state.createdBy === actor.userId || actor.role === 'admin';
/** Who may do everything else the organiser does (edit, participants, announcements, judging): also a manager co-host. */
export const mayManage = (state: { createdBy: string }, actor: Actor) => mayDelete(state, actor) || actor.coHost === 'manager';

export const initialListingState = <Content>(): ListingState<Content> => ({
  id: '',
  exists: false,
  deleted: false,
  createdBy: '',
  status: 'pending',
  content: null,
  isFeatured: false,
});

/** Whether a listing exists, is not deleted and has its content. */
export const isLive = <Content>(state: ListingState<Content>): state is LiveListing<Content> => state.exists && !state.deleted && state.content !== null;

export function listingDecider<P extends string, Content>(kind: ListingKind<P, Content>): Decider<ListingState<Content>, ListingCommand<P, Content>, ListingEvent<P>> {
  const idField = idFieldOf(kind);
  const happening = (type: string) => type.slice(kind.prefix.length) as Happening;
  const verb = (type: string) => type.slice(0, type.length - kind.prefix.length) as Verb;
  const event = (what: Happening, data: Record<string, unknown>) => ({ type: `${kind.prefix}${what}`, data }) as ListingEvent<P>;
  const M = kind.messages;

  function live(state: ListingState<Content>): asserts state is LiveListing<Content> {
    if (!isLive(state)) throw notFound(M.notFound);
  }

  return {
    initialState: initialListingState,
    evolve(state, stored) {
      const data = stored.data as LifecycleData<Content> & Record<string, unknown>;
      switch (happening(stored.type)) {
        case 'Created':
          return { ...state, id: String(data[idField]), exists: true, createdBy: data.createdBy ?? '', status: 'pending', content: data.content ?? null };
        case 'Updated':
          return { ...state, content: data.content ?? state.content, status: state.status === 'rejected' ? 'pending' : state.status };
        case 'Deleted':
          return { ...state, deleted: true };
        case 'Approved':
          return { ...state, status: 'accepted' };
        case 'Rejected':
          return { ...state, status: 'rejected' };
        case 'FeatureChanged':
          return { ...state, isFeatured: data.isFeatured === true };
        default:
          return state;
      }
    },
    decide(command, state) {
      const at = command.now.toISOString();
      const ids = { [idField]: (command as unknown as Record<string, string>)[idField] };
      const by = { ...ids, at, byUserId: command.actor.userId };
      switch (verb(command.type)) {
        case 'Create': {
          if (state.exists) throw conflict(`This ${kind.prefix.toLowerCase()} exists already`);
          const { content } = command as { content: Content };
          return [event('Created', { ...ids, createdBy: command.actor.userId, content, at })];
        }
        case 'Update': {
          live(state);
          if (!mayManage(state, command.actor)) throw forbidden(M.notAuthorizedEdit);
          const { content } = command as { content: Content };
          return [event('Updated', { ...by, content: kind.keepOnEdit(state.content, content) })];
        }
        case 'Delete':
          live(state);
          if (!mayDelete(state, command.actor)) throw forbidden(M.notAuthorizedDelete);
          return [event('Deleted', by)];
        case 'Approve':
          live(state);
          if (!isStaff(command.actor)) throw forbidden(M.notStaff);
          if (state.status === 'accepted') return [];
          if (state.status === 'rejected') throw conflict(M.approveRejected);
          return [event('Approved', by)];
        case 'Reject':
          live(state);
          if (!isStaff(command.actor)) throw forbidden(M.notStaff);
          return [event('Rejected', { ...by, reason: (command as { reason: string }).reason })];
        case 'Feature': {
          live(state);
          if (!kind.featurable || command.actor.role !== 'admin') throw forbidden(M.notAdmin);
          const { isFeatured } = command as { isFeatured: boolean };
          if (state.isFeatured === isFeatured) return [];
          return [event('FeatureChanged', { ...by, isFeatured })];
        }
      }
    },
  };
}

export type SlugCommand<I extends string> = { type: 'ReserveSlug' | 'ReleaseSlug'; slug: string; now: Date } & { [K in I]: string };

/** The username reservation `<kind>-slug-<username>`: held by one listing at a time. */
export function slugDecider<P extends string, Content>(kind: ListingKind<P, Content>): Decider<{ holder: string | null }, SlugCommand<IdFieldOf<P>>, SlugEvent<P>> {
  const idField = idFieldOf(kind);
  const usernameTaken = kind.messages.usernameTaken ?? 'Username already taken';
  const stored = (username: string) => kind.username?.stored(username) ?? username;
  return {
    initialState: () => ({ holder: null }),
    evolve(state, event) {
      const holder = String((event.data as Record<string, unknown>)[idField]);
      if (event.type.endsWith('Reserved')) return { holder };
      return state.holder === holder ? { holder: null } : state;
    },
    decide(command, state) {
      const id = (command as unknown as Record<string, string>)[idField]!;
      const data = { slug: stored(command.slug), [idField]: id, at: command.now.toISOString() };
      if (command.type === 'ReserveSlug') {
        if (state.holder === id) return [];
        if (state.holder) throw conflict(usernameTaken);
        return [{ type: `${kind.prefix}SlugReserved`, data } as SlugEvent<P>];
      }
      return state.holder === id ? [{ type: `${kind.prefix}SlugReleased`, data } as SlugEvent<P>] : [];
    },
  };
}

export type SaveCommand<I extends string> = { type: 'Save' | 'Unsave'; userId: string; available: boolean; now: Date } & { [K in I]: string };

/** A user's save of a listing, `<kind>-save-<id>-<user>`: saving twice records nothing. */
export function saveDecider<P extends string, Content>(kind: ListingKind<P, Content>): Decider<{ saved: boolean }, SaveCommand<IdFieldOf<P>>, SaveEvent<P>> {
  const idField = idFieldOf(kind);
  return {
    initialState: () => ({ saved: false }),
    evolve: (_state, event) => ({ saved: event.type === `${kind.prefix}Saved` }),
    decide(command, state) {
      const data = { [idField]: (command as unknown as Record<string, string>)[idField], userId: command.userId, at: command.now.toISOString() };
      if (command.type === 'Save') {
        if (!command.available) throw notFound(kind.messages.notFound);
        return state.saved ? [] : [{ type: `${kind.prefix}Saved`, data } as SaveEvent<P>];
      }
      return state.saved ? [{ type: `${kind.prefix}Unsaved`, data } as SaveEvent<P>] : [];
    },
  };
}

const decidersByKind = new WeakMap<object, unknown>();

/** A kind's deciders, made once, so that every caller shares the folded-state cache of their streams. */
export function decidersOf<P extends string, Content>(kind: ListingKind<P, Content>) {
  type Deciders = { listing: ReturnType<typeof listingDecider<P, Content>>; slug: ReturnType<typeof slugDecider<P, Content>>; save: ReturnType<typeof saveDecider<P, Content>> };
  let deciders = decidersByKind.get(kind) as Deciders | undefined;
  if (!deciders) decidersByKind.set(kind, (deciders = { listing: listingDecider(kind), slug: slugDecider(kind), save: saveDecider(kind) }));
  return deciders;
}

/**
 * A kind with commands of its own on the listing's stream (a quiz's re-grade): its state sits beside
 * the listing's, its evolve sees every event after the lifecycle's, and the commands it names are
 * decided by it with the whole state in hand; every other command is the lifecycle's.
 */
export interface ListingExtension<Content, Extra, Command extends { type: string }, Event> {
  commands: readonly Command['type'][];
  initialState(): Extra;
  evolve(state: ListingState<Content> & Extra, event: { type: string; data: unknown }): ListingState<Content> & Extra;
  decide(command: Command, state: ListingState<Content> & Extra): Event[];
}

export function extendedListingDecider<P extends string, Content, Extra, Command extends { type: string }, Event extends { type: string; data: unknown }>(
  kind: ListingKind<P, Content>,
  extension: ListingExtension<Content, Extra, Command, Event>,
): Decider<ListingState<Content> & Extra, ListingCommand<P, Content> | Command, ListingEvent<P> | Event> {
  const lifecycle = decidersOf(kind).listing;
  const own = (command: { type: string }): command is Command => (extension.commands as readonly string[]).includes(command.type);
  return {
    initialState: () => ({ ...lifecycle.initialState(), ...extension.initialState() }),
    // The lifecycle's evolve keeps the fields it does not know (it spreads the state it is given).
    evolve: (state, event) => extension.evolve(lifecycle.evolve(state, event as ListingEvent<P>) as ListingState<Content> & Extra, event),
    decide(command, state): (ListingEvent<P> | Event)[] {
      if (own(command)) return extension.decide(command, state);
      return lifecycle.decide(command as ListingCommand<P, Content>, state) as (ListingEvent<P> | Event)[];
    },
  };
}
